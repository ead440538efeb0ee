import { expectNoAxeViolations, json } from '@opsdeck/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ids,
  silenceRows,
  startNotificationsBackend,
  type NotificationsBackend,
} from '../testing/notificationsBackend.test.helper.ts';
import { currentUrl, renderNotifications } from '../testing/renderNotifications.test.helper.tsx';

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

const silencesAsked = () => backend.requestsTo('GET /api/db/notification_silences');

describe('/notifications/silences', () => {
  it('shows the active silences: resource, filter, from, until (Indefinitely) and who created them', async () => {
    open('/notifications/silences');
    const table = await screen.findByRole('table', { name: 'Silences' });
    await within(table).findByText('homepage');
    expect(within(table).getByText('orders-db')).toBeTruthy();
    expect(within(table).getByText('Indefinitely')).toBeTruthy();
    expect(within(table).getAllByText('Ada Admin')).toHaveLength(2);
    // The expired fixture silence is not among the active ones.
    expect(table.textContent).not.toContain('AWS::RDS::DBInstance');
    const asked = silencesAsked().at(-1)!;
    expect(asked.query.get('deleted_at')).toBe('is.null');
    expect(asked.query.get('or')).toMatch(/^\(until\.is\.null,until\.gt\."?\d{4}-/);
    expect(asked.query.get('select')).toContain('createdBy:created_by(');
    expect(asked.headers.prefer).toContain('count=exact');
  });

  it('keeps a 300-character filter and description to one cut line each, whole on focus', async () => {
    const user = userEvent.setup();
    const filter = `check.labels.team == '${'x'.repeat(280)}'`;
    const description = `maintenance ${'window-'.repeat(36)}`.slice(0, 300);
    const [first] = silenceRows();
    backend.on('GET /api/db/notification_silences', () =>
      json([{ ...first!, filter, description }], { headers: { 'Content-Range': '0-0/1' } }),
    );
    open('/notifications/silences');
    const table = await screen.findByRole('table', { name: 'Silences' });
    for (const value of [filter, description]) {
      const cell = await within(table).findByText(value);
      // Cut to one line (TruncatedText), reachable by the keyboard, whole in a tooltip on focus.
      expect(cell.getAttribute('data-slot')).toBe('truncated-text');
      expect(cell.tabIndex).toBe(0);
      cell.focus();
      expect((await screen.findByRole('tooltip')).textContent).toBe(value);
      await user.keyboard('{Escape}');
      cell.blur();
    }
    await expectNoAxeViolations(document.body);
  });

  it('switches to expired and all, in the URL', async () => {
    const user = userEvent.setup();
    open('/notifications/silences');
    await screen.findByRole('table', { name: 'Silences' });
    await user.click(screen.getByRole('button', { name: 'Expired' }));
    await waitFor(() => expect(currentUrl.search).toContain('silences.state.filter=expired'));
    const table = screen.getByRole('table', { name: 'Silences' });
    await within(table).findByText(/AWS::RDS::DBInstance/);
    expect(within(table).queryByText('homepage')).toBeNull();
    expect(silencesAsked().at(-1)?.query.get('until')).toMatch(/^lte\./);
    expect(screen.getByRole('button', { name: 'Expired' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'All' }));
    await within(table).findByText('homepage');
    expect(within(table).getByText(/AWS::RDS::DBInstance/)).toBeTruthy();
    expect(within(table).getByText('orders-db')).toBeTruthy();
  });

  it('shows a silence expired the moment Expire now is pressed, before the server answers', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    backend.on('PATCH /api/db/notification_silences', async () => {
      await answered;
      return [];
    });
    const user = userEvent.setup();
    open('/notifications/silences');
    const table = await screen.findByRole('table', { name: 'Silences' });
    const row = (await within(table).findByText('homepage')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Expire now' }));
    // Expired already: its button is gone while the write is still on its way.
    await waitFor(() =>
      expect(within(row).queryByRole('button', { name: 'Expire now' })).toBeNull(),
    );
    expect(backend.requestsTo('PATCH /api/db/notification_silences')).toHaveLength(1);
    answer();
    await screen.findByText('Silence expired');
  });

  it('puts the silence back with the reason when the server refuses to expire it', async () => {
    backend.on('PATCH /api/db/notification_silences', () =>
      json({ message: 'the database is read-only' }, { status: 500 }),
    );
    const user = userEvent.setup();
    open('/notifications/silences');
    const table = await screen.findByRole('table', { name: 'Silences' });
    const row = (await within(table).findByText('homepage')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Expire now' }));
    await screen.findByText(/Could not expire the silence/);
    await within(table).findByText('homepage');
    expect(
      within(within(table).getByText('homepage').closest('tr')!).getByRole('button', {
        name: 'Expire now',
      }),
    ).toBeTruthy();
    expect(backend.requestsTo('PATCH /api/db/notification_silences')).toHaveLength(1);
  });

  it('expires a silence now for those with write, and not for viewers', async () => {
    const user = userEvent.setup();
    open('/notifications/silences');
    const table = await screen.findByRole('table', { name: 'Silences' });
    const row = (await within(table).findByText('homepage')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Expire now' }));
    await screen.findByText('Silence expired');
    const [patch] = backend.requestsTo('PATCH /api/db/notification_silences');
    expect(patch!.query.get('id')).toBe(`eq.${ids.activeSilence}`);
    expect(Date.parse((patch!.body as { until: string }).until)).toBeLessThanOrEqual(Date.now());
    // The list asks again and the expired silence leaves the active ones.
    await waitFor(() => expect(within(table).queryByText('homepage')).toBeNull());
    cleanup();

    open('/notifications/silences', ['viewer']);
    const viewed = await screen.findByRole('table', { name: 'Silences' });
    await within(viewed).findByText('orders-db');
    expect(within(viewed).queryByRole('button', { name: 'Expire now' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add silence' })).toBeNull();
  });

  it('offers Add silence to editors, and has no axe violations', async () => {
    open('/notifications/silences', ['editor']);
    const table = await screen.findByRole('table', { name: 'Silences' });
    await within(table).findByText('orders-db');
    expect(screen.getByRole('link', { name: 'Add silence' }).getAttribute('href')).toBe(
      '/notifications/silences/add',
    );
    await expectNoAxeViolations(document.body);
  });
});
