import { expectNoAxeViolations } from '@opsdeck/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ids,
  startNotificationsBackend,
  type NotificationsBackend,
} from '../testing/notificationsBackend.test.helper.ts';
import { currentUrl, renderNotifications } from '../testing/renderNotifications.test.helper.tsx';
import { notificationsTestIds } from '../testIds.ts';

let backend: NotificationsBackend;
beforeAll(async () => {
  backend = await startNotificationsBackend();
});
afterAll(() => backend.close());
afterEach(() => {
  cleanup();
  backend.reset();
});

const open = () =>
  renderNotifications('/notifications/silences/add', { baseUrl: `${backend.url}/api` });

const posted = () =>
  backend.requestsTo('POST /api/notification/silence').map((request) => request.body) as Record<
    string,
    unknown
  >[];

describe('/notifications/silences/add', () => {
  it('previews what a silence of a picked check would stop, then saves it for the chosen duration', async () => {
    const user = userEvent.setup();
    open();
    const form = await screen.findByRole('form', { name: 'Add silence' });
    const preview = screen.getByTestId(notificationsTestIds.addSilence.preview);
    expect(preview.textContent).toContain('Pick a resource or write a filter');

    await user.click(within(form).getByRole('combobox', { name: 'Resource kind' }));
    await user.click(await screen.findByRole('option', { name: 'Health check' }));
    const picker = within(form).getByRole('combobox', { name: 'Resource' });
    await user.type(picker, 'home');
    await user.click(await screen.findByRole('option', { name: /homepage/ }));

    await within(preview).findByText(/1 notification sent in the last 15 days/);
    expect(preview.textContent).toContain('homepage · check.failed');
    const asked = backend.requestsTo('GET /api/notification/silence_preview').at(-1)!;
    expect(asked.query.get('id')).toBe(ids.check);
    expect(asked.query.get('type')).toBe('check');

    await user.click(within(form).getByRole('radio', { name: '4 hours' }));
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'deploying');
    const before = Date.now();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentUrl.pathname).toBe('/notifications/silences'));
    const [body] = posted();
    expect(body).toMatchObject({ check_id: ids.check, description: 'deploying', recursive: false });
    const hours = (Date.parse(String(body!.until)) - Date.parse(String(body!.from))) / 3_600_000;
    expect(hours).toBe(4);
    expect(Date.parse(String(body!.from))).toBeGreaterThanOrEqual(before - 1000);
    expect(backend.silences.at(-1)?.check_id).toBe(ids.check);
  });

  it('silences a filter indefinitely (until null on the server)', async () => {
    const user = userEvent.setup();
    open();
    const form = await screen.findByRole('form', { name: 'Add silence' });
    await user.type(within(form).getByRole('textbox', { name: 'Filter' }), "check.type == 'http'");
    await user.click(within(form).getByRole('radio', { name: 'Indefinitely' }));
    const preview = screen.getByTestId(notificationsTestIds.addSilence.preview);
    await within(preview).findByText(/would have been silenced/);
    expect(
      backend.requestsTo('GET /api/notification/silence_preview').at(-1)?.query.get('filter'),
    ).toBe("check.type == 'http'");
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentUrl.pathname).toBe('/notifications/silences'));
    expect(posted()[0]).toMatchObject({ filter: "check.type == 'http'", until: 'indefinitely' });
    expect(backend.silences.at(-1)?.until).toBeNull();
  });

  it('asks for a resource or a filter, and for a custom range that ends after it starts, before sending', async () => {
    const user = userEvent.setup();
    open();
    const form = await screen.findByRole('form', { name: 'Add silence' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Pick a resource or write a filter')).toBeTruthy();
    await user.type(within(form).getByRole('textbox', { name: 'Filter' }), 'true');
    await user.click(within(form).getByRole('radio', { name: 'Custom range' }));
    await user.type(within(form).getByLabelText(/^From/), '2026-12-02T10:00');
    await user.type(within(form).getByLabelText(/^Until/), '2026-12-01T10:00');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The end must come after the start')).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it("keeps every typed value when the server refuses the silence, and shows the server's message", async () => {
    const user = userEvent.setup();
    open();
    const form = await screen.findByRole('form', { name: 'Add silence' });
    const filter = within(form).getByRole('textbox', { name: 'Filter' });
    await user.type(filter, "check.type == 'http'(");
    await user.click(within(form).getByRole('radio', { name: '1 week' }));
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'freeze');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const alert = await screen.findByTestId(notificationsTestIds.addSilence.error);
    expect(alert.textContent).toContain('filter: not a CEL expression');
    expect(currentUrl.pathname).toBe('/notifications/silences/add');
    expect((filter as HTMLTextAreaElement).value).toBe("check.type == 'http'(");
    expect(
      (within(form).getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value,
    ).toBe('freeze');
    expect((within(form).getByRole('radio', { name: '1 week' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('has no axe violations', async () => {
    open();
    await screen.findByRole('form', { name: 'Add silence' });
    await expectNoAxeViolations(document.body);
  });
});
