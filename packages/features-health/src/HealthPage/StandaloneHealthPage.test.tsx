import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createFakeBackend, json, readJsonFixture } from '@opsdeck/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testIds } from '../testIds.ts';
import { startHealthServer, type HealthBackend } from '../testing/healthServer.test.helper.ts';
import { renderWithoutRouter } from '../testing/renderHealth.test.helper.tsx';
import { StandaloneHealthPage } from './StandaloneHealthPage.tsx';

let server: HealthBackend;
beforeAll(async () => {
  server = await startHealthServer();
  await import('../CheckModal/CheckModal.tsx');
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const rowNames = () =>
  screen
    .queryAllByTestId(testIds.page.row)
    .map((row) => within(row).getAllByRole('button')[0]!.textContent);
const params = () => new URLSearchParams(window.location.search);

function renderPage(url: string, roles?: string[]) {
  return renderWithoutRouter(
    <main>
      <StandaloneHealthPage />
    </main>,
    { baseUrl: server.baseUrl, url, roles },
  );
}

describe('StandaloneHealthPage (no router: history and the query string)', () => {
  it('reads the view from the address, pushes choices as history entries, and follows back', async () => {
    const user = userEvent.setup();
    renderPage('/embedded/health?hidePassing=false');
    await waitFor(() => expect(rowNames()).toHaveLength(6));
    const entries = window.history.length;
    await user.click(screen.getByRole('switch', { name: 'Hide Passing' }));
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    expect(window.location.pathname).toBe('/embedded/health');
    expect(params().get('hidePassing')).toBeNull();
    expect(window.history.length).toBe(entries + 1);
    window.history.back();
    await waitFor(() => expect(rowNames()).toHaveLength(6));
    expect(params().get('hidePassing')).toBe('false');
  });

  it('commits the search by replacing the entry, not adding one per search', async () => {
    const user = userEvent.setup();
    renderPage('/health?hidePassing=false&groupBy=none');
    await waitFor(() => expect(rowNames()).toHaveLength(6));
    const entries = window.history.length;
    await user.type(
      screen.getByPlaceholderText('Search by name, description, or endpoint'),
      'cards',
    );
    await waitFor(() => expect(rowNames()).toEqual(['payments-api']));
    expect(params().get('search')).toBe('cards');
    expect(window.history.length).toBe(entries);
  });

  it('opens the check modal from the address and closes it back to the list', async () => {
    const user = userEvent.setup();
    renderPage('/health?checkId=c-payments-api&timeRange=3h');
    const modal = await screen.findByTestId(testIds.modal.root);
    expect(within(modal).queryByTestId(testIds.modal.edit)).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId(testIds.modal.root)).toBeNull());
    expect(params().get('checkId')).toBeNull();
  });

  it('shows the error page when the summary fails', async () => {
    // Every call fails, as the old inline server did: the page must show the error, not half a page.
    const failing = await createFakeBackend({
      '* /*': json({ error: 'summary store unavailable' }, { status: 500 }),
    });
    try {
      renderWithoutRouter(<StandaloneHealthPage />, {
        baseUrl: `${failing.url}/api`,
        url: '/health',
      });
      expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
      expect(screen.getAllByText(/summary store unavailable/).length).toBeGreaterThan(0);
      expect(screen.queryAllByTestId(testIds.page.row)).toHaveLength(0);
    } finally {
      cleanup();
      await failing.close();
    }
  });

  it('shows a clear error, not a crash in a row, for a 10,000-check summary with one bad row', async () => {
    const fixture = readJsonFixture<Record<string, unknown>[]>(
      'mission-control/expectations/check_status_summary.json',
    );
    const checks: Record<string, unknown>[] = Array.from({ length: 10_000 }, (_, index) => ({
      ...fixture[index % fixture.length],
      id: `check-${index}`,
    }));
    checks[7_000] = { ...checks[7_000], name: 42 };
    const malformed = await createFakeBackend({
      'GET /api/canary/api/summary': { checks_summary: checks },
      '* /*': [],
    });
    try {
      renderWithoutRouter(<StandaloneHealthPage />, {
        baseUrl: `${malformed.url}/api`,
        url: '/health',
      });
      expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
      expect(
        screen.getAllByText(
          /Unexpected reply from the server at checks_summary\.7000\.name: expected string/,
        ).length,
      ).toBeGreaterThan(0);
      expect(screen.queryAllByTestId(testIds.page.row)).toHaveLength(0);
    } finally {
      cleanup();
      await malformed.close();
    }
  });
});
