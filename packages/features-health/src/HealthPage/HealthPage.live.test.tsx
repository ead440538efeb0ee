// Live updates never move the row under the user (issue 38): while the pointer is over the list or
// focus is inside it, a refetch updates each row in place; the new order applies when they leave.
import { createFakeBackend, type FakeBackend } from '@opsdeck/testing';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testIds } from '../testIds.ts';
import { healthRoutes } from '../testing/healthServer.test.helper.ts';
import { renderWithProviders } from '../testing/renderHealth.test.helper.tsx';
import { HealthPage } from './HealthPage.tsx';

const check = (id: string, name: string, healthy: boolean) => ({
  id,
  canary_id: 'canary-live',
  canary_name: 'live-canary',
  canary_namespace: 'live',
  name,
  namespace: 'live',
  type: 'http',
  status: healthy ? 'healthy' : 'unhealthy',
  last_runtime: new Date().toISOString(),
  created_at: '2024-01-01T00:00:00Z',
  uptime: healthy ? { passed: 4, failed: 0 } : { passed: 1, failed: 3 },
  latency: { rolling1h: 100 },
});

let current = [check('c-alpha', 'alpha', true), check('c-beta', 'beta', false)];
let backend: FakeBackend;
beforeAll(async () => {
  backend = await createFakeBackend({
    ...healthRoutes(),
    '* /api/canary/api/summary': () => ({
      duration: 1,
      runnerName: 'test',
      checks_summary: current,
    }),
  });
});
afterAll(async () => {
  cleanup();
  await backend.close();
});

let queryClient: QueryClient;
function GrabQueryClient() {
  queryClient = useQueryClient();
  return null;
}

const rowNames = () =>
  screen
    .queryAllByTestId(testIds.page.row)
    .map((row) => within(row).getAllByRole('button')[0]!.textContent);

describe('the health list while the user is in it', () => {
  it('keeps the rows in place under the pointer and the focus across a refetch, and reorders when they leave', async () => {
    renderWithProviders(
      <main>
        <GrabQueryClient />
        <HealthPage />
      </main>,
      {
        baseUrl: `${backend.url}/api`,
        url: '/health?hidePassing=false&groupBy=none&sortBy=health',
      },
    );
    await waitFor(() => expect(rowNames()).toHaveLength(2));
    const before = rowNames();
    const list = screen.getByTestId(testIds.page.list);
    const first = within(screen.getAllByTestId(testIds.page.row)[0]!).getAllByRole('button')[0]!;
    fireEvent.pointerOver(first);
    act(() => first.focus());

    // Elsewhere, both checks change status: by health, their order swaps.
    current = [
      check('c-alpha', 'alpha', !current[0]!.status.startsWith('h')),
      check('c-beta', 'beta', current[0]!.status.startsWith('h')),
    ];
    const asked = backend.requestsTo('* /api/canary/api/summary').length;
    await act(() => queryClient.invalidateQueries());
    await waitFor(() =>
      expect(backend.requestsTo('* /api/canary/api/summary').length).toBeGreaterThan(asked),
    );
    // The new values are shown in the rows where they were …
    await waitFor(() =>
      expect(screen.getAllByTestId(testIds.page.row)[0]!.textContent).toContain(
        before[0] === 'alpha' ? '25%' : '100%',
      ),
    );
    expect(rowNames()).toEqual(before);
    // … and the focused button is still the one the user focused, on its row.
    expect(document.activeElement).toBe(first);
    expect(first.isConnected).toBe(true);
    expect(first.textContent).toBe(before[0]);

    // The pointer leaves and focus moves out: the new order applies.
    fireEvent.pointerOut(first, { relatedTarget: document.body });
    act(() => first.blur());
    await waitFor(() => expect(rowNames()).toEqual([...before].reverse()));
    expect(list.isConnected).toBe(true);
  });
});
