import { expectNoAxeViolations, json, serverError } from '@opsdeck/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ids,
  startNotificationsBackend,
  transitionRows,
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

const open = (url: string) => renderNotifications(url, { baseUrl: `${backend.url}/api` });
const asked = () => backend.requestsTo('GET /api/db/notification_check_transitions');

describe('/notifications/trace', () => {
  it("shows each check transition with every rule's decision, its silence and its send", async () => {
    const { container } = open('/notifications/trace');
    const list = await screen.findByRole('list', { name: 'Check transitions' });
    const items = within(list).getAllByTestId('notification-trace-transition');
    expect(items).toHaveLength(4);

    // Newest first: the send that went, linked to its detail and to its rule.
    const sent = within(items[0]!);
    expect(sent.getByText('Failing')).toBeTruthy();
    expect(sent.getByRole('link', { name: 'http-check-passed' }).getAttribute('href')).toBe(
      `/notifications/rules?edit=${ids.rule}`,
    );
    expect(sent.getByRole('link', { name: 'Send detail' }).getAttribute('href')).toBe(
      `/notifications?id=${ids.sent}`,
    );

    // The silenced one names its silence, linked to the silences; no send to open.
    const silenced = within(items[1]!);
    expect(silenced.getByText('silenced by deploying the homepage')).toBeTruthy();
    expect(
      silenced.getByRole('link', { name: 'Silence deploying the homepage' }).getAttribute('href'),
    ).toBe('/notifications/silences?silences.state.filter=all');
    expect(silenced.queryByRole('link', { name: 'Send detail' })).toBeNull();

    // The one no rule matched says so, with the reason the engine recorded.
    const skipped = within(items[2]!);
    expect(skipped.getByText('Passing')).toBeTruthy();
    expect(skipped.getByText('No rule matched')).toBeTruthy();
    expect(skipped.getByText("filter is false: check.type == 'http'")).toBeTruthy();
    expect(items[0]!.textContent).not.toContain('No rule matched');

    // A transition no rule listens to is shown too, saying so.
    const unheard = within(items[3]!);
    expect(unheard.getByText('No rule listens to check.passed')).toBeTruthy();
    expect(unheard.queryByText('No rule matched')).toBeNull();

    // The last 24 h, newest first, counted.
    const query = asked().at(-1)!.query;
    const since = Date.parse(query.get('created_at')!.replace(/^gte\."?|"$/g, ''));
    expect(Math.abs(Date.now() - 24 * 3_600_000 - since)).toBeLessThan(60_000);
    expect(query.get('order')).toBe('created_at.desc');
    expect(screen.getByText('Page 1 of 1 (4 transitions)')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('shows the times in a reason readably, not as the ISO the engine writes', async () => {
    const at = new Date(Date.now() - 5 * 60_000).toISOString();
    const [first] = transitionRows();
    const reason = `already notified at ${at}, within the repeat interval 1h`;
    backend.on('GET /api/db/notification_check_transitions', () =>
      json(
        [
          {
            ...first!,
            decisions: [{ ...first!.decisions[0]!, status: 'repeat-interval', reason }],
          },
        ],
        {
          headers: { 'Content-Range': '0-0/1' },
        },
      ),
    );
    open('/notifications/trace');
    const list = await screen.findByRole('list', { name: 'Check transitions' });
    const text = within(list).getByText(/^already notified at/).textContent!;
    expect(text).not.toContain(at);
    expect(text).toMatch(/^already notified at .+ \(5m ago\), within the repeat interval 1h$/);
  });

  it('filters by check name and status in the URL, with the keyboard', async () => {
    const user = userEvent.setup();
    open('/notifications/trace?status=unhealthy');
    const list = await screen.findByRole('list', { name: 'Check transitions' });
    await waitFor(() =>
      expect(within(list).getAllByTestId('notification-trace-transition')).toHaveLength(2),
    );
    expect(asked().at(-1)!.query.get('status')).toBe('eq.unhealthy');

    await user.click(screen.getByRole('searchbox', { name: /Check/ }));
    await user.keyboard('payments{Enter}');
    await waitFor(() => expect(currentUrl.search).toContain('check=payments'));
    expect(currentUrl.search).toContain('status=unhealthy');
    await screen.findByText('No check transitions');
    expect(asked().at(-1)!.query.get('check_name')).toMatch(/^ilike\."?\*payments\*"?$/);
  });

  it('pages in the URL: Next asks for the next 20, and page 2 opens there', async () => {
    const user = userEvent.setup();
    // 25 transitions in all: two pages.
    backend.on('GET /api/db/notification_check_transitions', ({ query }) =>
      json(transitionRows(), {
        headers: {
          'Content-Range': `${query.get('offset') ?? 0}-${Number(query.get('offset') ?? 0) + 2}/25`,
        },
      }),
    );
    open('/notifications/trace');
    await screen.findByText('Page 1 of 2 (25 transitions)');
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(currentUrl.search).toContain('page=2'));
    await screen.findByText('Page 2 of 2 (25 transitions)');
    expect(asked().at(-1)!.query.get('offset')).toBe('20');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(currentUrl.search).not.toContain('page='));
  });

  it('says so when the trace cannot be read', async () => {
    backend.on('GET /api/db/notification_check_transitions', () =>
      serverError(500, 'database is down'),
    );
    open('/notifications/trace');
    expect((await screen.findByRole('alert')).textContent).toContain('database is down');
  });

  it('shows the empty state when nothing changed', async () => {
    backend.on('GET /api/db/notification_check_transitions', () =>
      json([], { headers: { 'Content-Range': '*/0' } }),
    );
    open('/notifications/trace');
    await screen.findByText('No check transitions');
    expect(screen.queryByRole('list', { name: 'Check transitions' })).toBeNull();
  });
});
