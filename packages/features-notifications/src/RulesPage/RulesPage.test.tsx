import { expectNoAxeViolations, json } from '@opsdeck/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ids,
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

const open = (url: string) => renderNotifications(url, { baseUrl: `${backend.url}/api` });

describe('/notifications/rules', () => {
  it('lists each rule with its events, filter, recipients, sends and failures, as the reference asks', async () => {
    open('/notifications/rules');
    const table = await screen.findByRole('table', { name: 'Notification rules' });
    const row = (await within(table).findByText('HTTP check passed')).closest('tr')!;
    expect(row.textContent).toContain('check.passed');
    expect(row.textContent).toContain("check.type == 'http'");
    // The fixture's `to: {team: backend}`.
    expect(row.textContent).toContain('backend');
    expect(row.textContent).toContain('smtp: connection refused');
    expect(within(row).getAllByText(/ ago$/)[0]!.tagName).toBe('TIME');
    const asked = backend
      .requestsTo('GET /api/db/notifications_summary')
      .find((request) => request.query.get('select')?.startsWith('*'))!;
    expect(asked.query.get('select')).toContain('team:team_id(id,name,icon)');
    expect(asked.query.get('order')).toBe('created_at.desc');
    expect(asked.headers.prefer).toContain('count=exact');
  });

  it("opens the history narrowed to a rule's errors from its failure count", async () => {
    const user = userEvent.setup();
    open('/notifications/rules');
    await user.click(
      await screen.findByRole('link', { name: '1 failed sends of HTTP check passed' }),
    );
    await waitFor(() => expect(currentUrl.pathname).toBe('/notifications'));
    const search = new URLSearchParams(currentUrl.search);
    expect(search.get('sends.rule.filter')).toBe(ids.rule);
    expect(search.get('sends.status.filter')).toBe('error');
  });

  it('shows the empty state, and has no axe violations', async () => {
    open('/notifications/rules');
    await within(await screen.findByRole('table', { name: 'Notification rules' })).findByText(
      'HTTP check passed',
    );
    await expectNoAxeViolations(document.body);
    cleanup();
    backend.on(
      'GET /api/db/notifications_summary',
      json([], { headers: { 'Content-Range': '*/0' } }),
    );
    open('/notifications/rules');
    await screen.findByText('No data available');
  });
});
