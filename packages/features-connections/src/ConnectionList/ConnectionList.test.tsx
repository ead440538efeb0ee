import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startConnectionsBackend } from '../testing/connectionsBackend.test.helper.ts';
import { renderConnections } from '../testing/renderConnections.test.helper.tsx';

// The list filters, orders, pages and counts on the server (console §9's server-list recipe): with
// more connections than one page (and than the reference's `limit=100`), the count is every one
// and a filter finds a connection far down the list.

let backend: Awaited<ReturnType<typeof startConnectionsBackend>>;
beforeEach(async () => {
  // Three of the stand-in's own and 147 more: 150 in all.
  backend = await startConnectionsBackend({ extra: 147 });
});
afterEach(async () => {
  cleanup();
  await backend.close();
});

const connectionRequests = () =>
  backend.requests.filter((request) => request.path === '/api/db/connections');

describe('the connection list with 150 connections', () => {
  it('counts all 150, asks the server for one page, and a search finds the 140th', async () => {
    const user = userEvent.setup();
    renderConnections('/settings/connections', { baseUrl: `${backend.url}/api` });
    const pager = await screen.findByRole('navigation', { name: 'Connections pagination' });
    await waitFor(() => expect(pager.textContent).toMatch(/of 150/));
    expect(screen.queryByRole('link', { name: 'bulk-140' })).toBeNull();
    const first = connectionRequests().at(-1)!;
    expect(first.query.get('limit')).toBe('50');
    expect(first.query.get('order')).toMatch(/^created_at\.desc/);

    await user.type(screen.getByRole('searchbox', { name: 'Search connections' }), 'bulk-140');
    const link = await screen.findByRole('link', { name: 'bulk-140' });
    const table = link.closest('table')!;
    expect(within(table).getAllByRole('link')).toHaveLength(1);
    expect(connectionRequests().at(-1)!.query.get('name')).toBe('ilike.*bulk-140*');
    await waitFor(() => expect(pager.textContent).toMatch(/of 1\b/));
  });

  it('filters by type on the server: the count is of the matching rows', async () => {
    renderConnections('/settings/connections?connections.type.filter=slack', {
      baseUrl: `${backend.url}/api`,
    });
    expect(await screen.findByRole('link', { name: 'ops-slack' })).toBeTruthy();
    expect(connectionRequests().at(-1)!.query.get('type')).toBe('eq.slack');
    expect(screen.queryByRole('link', { name: 'bulk-001' })).toBeNull();
  });
});
