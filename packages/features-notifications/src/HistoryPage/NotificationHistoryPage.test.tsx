import { dbError, expectNoAxeViolations, json } from '@opsdeck/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ids,
  ruleRow,
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

const open = (url: string, roles?: string[]) =>
  renderNotifications(url, { baseUrl: `${backend.url}/api`, ...(roles ? { roles } : {}) });

const sendsAsked = () => backend.requestsTo('GET /api/db/notification_send_history_summary');

describe('/notifications', () => {
  it('lists the sends newest first with resource, event and status, counted', async () => {
    open('/notifications');
    const table = await screen.findByRole('table', { name: 'Notifications' });
    await within(table).findByText('Sent');
    expect(table.textContent).toContain('Error');
    expect(table.textContent).toContain('Silenced');
    expect(within(table).getAllByText('homepage')).toHaveLength(3);
    expect(table.textContent).toContain('check.failed');
    // Times read relative, the absolute time on focus.
    expect(within(table).getAllByText(/ ago$/)[0]!.tagName).toBe('TIME');
    const first = sendsAsked().find((request) => request.query.get('select') === '*')!;
    expect(first.query.get('order')).toBe('created_at.desc');
    expect(first.headers.prefer).toContain('count=exact');
    // No range picked: the whole history is asked for, and the range button names that.
    expect(first.query.get('created_at')).toBeNull();
    const range = screen.getByRole('button', { name: /Time range/ });
    expect(range.textContent).toContain('All time');
    expect(range.textContent).not.toContain('Indefinitely');
  });

  it('keeps status, resource type and rule filters in the URL and asks the server for them', async () => {
    const user = userEvent.setup();
    open('/notifications');
    await screen.findByRole('table', { name: 'Notifications' });

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Error' }));
    await waitFor(() => expect(currentUrl.search).toContain('sends.status.filter=error'));
    await waitFor(() => expect(sendsAsked().at(-1)?.query.get('status.filter')).toBe('error'));
    const table = screen.getByRole('table', { name: 'Notifications' });
    await waitFor(() => expect(within(table).queryByText('Silenced')).toBeNull());

    await user.click(screen.getByRole('combobox', { name: 'Rule' }));
    await user.click(await screen.findByRole('option', { name: ruleRow.name }));
    await waitFor(() =>
      expect(new URLSearchParams(currentUrl.search).get('sends.rule.filter')).toBe(ids.rule),
    );
    await waitFor(() =>
      expect(sendsAsked().at(-1)?.query.get('notification_id')).toBe(`eq.${ids.rule}`),
    );
    cleanup();

    // Opened from a link: the resource type is asked for; a status the route refuses is not.
    open('/notifications?sends.resourceType.filter=Kubernetes%3A%3APod&sends.status.filter=bogus');
    const narrowed = await screen.findByRole('table', { name: 'Notifications' });
    await within(narrowed).findByText('Silenced');
    const asked = sendsAsked()
      .filter((request) => request.query.get('select') === '*')
      .at(-1)!;
    expect(asked.query.get('resource_type.filter')).toBe('Kubernetes::Pod');
    expect(asked.query.get('status.filter')).toBeNull();
    expect(narrowed.textContent).not.toContain('Sent');
  });

  it('pages through the history with the page in the URL', async () => {
    const user = userEvent.setup();
    open('/notifications?sends.pageSize=2');
    const table = await screen.findByRole('table', { name: 'Notifications' });
    await within(table).findByText('Sent');
    expect(within(table).queryByText('Silenced')).toBeNull();
    await user.click(screen.getByRole('button', { name: /next/i }));
    await within(table).findByText('Silenced');
    expect(currentUrl.search).toContain('sends.pageIndex=1');
    expect(sendsAsked().at(-1)?.query.get('offset')).toBe('2');
  });

  it('opens a send from its row: rule, resource, recipient, rendered body, and the error of a failed one', async () => {
    const user = userEvent.setup();
    open('/notifications');
    const table = await screen.findByRole('table', { name: 'Notifications' });
    await user.click(await within(table).findByText('Sent'));
    await waitFor(() => expect(new URLSearchParams(currentUrl.search).get('id')).toBe(ids.sent));
    const detail = await screen.findByTestId(notificationsTestIds.history.detail);
    await within(detail).findByText(ruleRow.name);
    await within(detail).findByText('Ada Admin (ada@example.com)');
    expect(detail.textContent).toContain('homepage is failing: 503 from https://example.com');
    expect(detail.textContent).toContain('homepage');
    await expectNoAxeViolations(document.body);
    cleanup();

    open(`/notifications?id=${ids.failed}`);
    const failed = await screen.findByTestId(notificationsTestIds.history.detail);
    await within(failed).findByText('smtp: connection refused');
  });

  it("offers 'Silence' from a send: the form opens with its resource picked and previews it", async () => {
    const user = userEvent.setup();
    open(`/notifications?id=${ids.sent}`);
    const detail = await screen.findByTestId(notificationsTestIds.history.detail);
    await user.click(await within(detail).findByRole('link', { name: 'Silence' }));
    expect(currentUrl.pathname).toBe('/notifications/silences/add');
    const form = await screen.findByRole('form', { name: 'Add silence' });
    expect(
      (within(form).getByRole('combobox', { name: 'Resource' }) as HTMLInputElement).value,
    ).toBe('homepage');
    const preview = screen.getByTestId(notificationsTestIds.addSilence.preview);
    await within(preview).findByText(/would have been silenced/);
    const asked = backend.requestsTo('GET /api/notification/silence_preview').at(-1)!;
    expect([asked.query.get('id'), asked.query.get('type')]).toEqual([ids.check, 'check']);
    cleanup();

    // A viewer may not add silences: no link to a form the server would refuse.
    open(`/notifications?id=${ids.sent}`, ['viewer']);
    const viewed = await screen.findByTestId(notificationsTestIds.history.detail);
    await within(viewed).findByText(ruleRow.name);
    expect(within(viewed).queryByRole('link', { name: 'Silence' })).toBeNull();
  });

  it('says Not found for an unknown or malformed send id', async () => {
    open('/notifications?id=0190b000-0000-7000-8000-0000000000ff');
    const detail = await screen.findByTestId(notificationsTestIds.history.detail);
    await within(detail).findByText('Not found');
    cleanup();
    const before = sendsAsked().length;
    open('/notifications?id=not-a-uuid');
    await within(await screen.findByTestId(notificationsTestIds.history.detail)).findByText(
      'Not found',
    );
    // A malformed id is never asked for.
    expect(
      sendsAsked()
        .slice(before)
        .some((request) => request.query.get('id') === 'eq.not-a-uuid'),
    ).toBe(false);
  });

  it('shows the empty state, and the server error of a failed load', async () => {
    backend.on('GET /api/db/notification_send_history_summary', () =>
      json([], { headers: { 'Content-Range': '*/0' } }),
    );
    open('/notifications');
    await screen.findByText('No data available');
    cleanup();
    backend.reset();
    backend.on('GET /api/db/notification_send_history_summary', () =>
      dbError(403, 'permission denied for notification_send_history_summary'),
    );
    open('/notifications');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('permission denied');
  });

  it('has no axe violations', async () => {
    open('/notifications');
    await within(await screen.findByRole('table', { name: 'Notifications' })).findByText('Sent');
    await expectNoAxeViolations(document.body);
  });
});
