import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testIds } from '../testIds.ts';
import { expectNoAxeViolations } from '@opsdeck/testing';
import { startHealthServer, type HealthBackend } from '../testing/healthServer.test.helper.ts';
import { currentUrl, renderWithProviders } from '../testing/renderHealth.test.helper.tsx';
import { HealthPage } from './HealthPage.tsx';

let server: HealthBackend;
beforeAll(async () => {
  server = await startHealthServer();
  // The page loads the modal lazily; warm the module so the first test does not time out on the transform.
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
const groupNames = () =>
  screen.queryAllByTestId(testIds.page.groupRow).map((row) =>
    within(row)
      .getAllByRole('button')[0]!
      .textContent?.replace(/^[▾▸]\s*/, ''),
  );
const params = () => new URLSearchParams(currentUrl.search);

function renderPage(url = '/health', roles?: string[]) {
  return renderWithProviders(
    <main>
      <HealthPage />
    </main>,
    { baseUrl: server.baseUrl, url, roles },
  );
}

describe('HealthPage', () => {
  it('shows the failing checks of the summary grouped by canary, passing ones hidden by default', async () => {
    renderPage();
    await waitFor(() =>
      expect(rowNames()).toEqual(['logistics-db-check', 'payments-api', 'payments-db']),
    );
    expect(groupNames()).toEqual(['dummy-logistics-db-canary', 'payments-canary']);
    expect(screen.getByRole('switch', { name: 'Hide Passing' })).toHaveProperty('checked', true);
    expect(screen.getByTestId(testIds.page.count).textContent).toBe('3 of 6 checks');
    const payments = screen.getAllByTestId(testIds.page.row)[1]!;
    // 3 passed of 4, latency 250 ms, last run 90 minutes ago (shown: between 1 h and 7 d).
    expect(payments.textContent).toContain('75%');
    expect(payments.textContent).toContain('250ms');
    expect(payments.textContent).toContain('last run 1h ago');
    expect(screen.getAllByTestId(testIds.page.row)[2]!.textContent).not.toContain('last run');
  });

  it('turns Hide Passing off into the URL and shows every check', async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    await user.click(screen.getByRole('switch', { name: 'Hide Passing' }));
    await waitFor(() => expect(rowNames()).toHaveLength(6));
    expect(params().get('hidePassing')).toBe('false');
  });

  it('searches name, description and endpoint 400 ms after typing, through the URL', async () => {
    renderPage('/health?hidePassing=false&groupBy=none');
    await waitFor(() => expect(rowNames()).toHaveLength(6));
    const search = screen.getByPlaceholderText('Search by name, description, or endpoint');
    // Changes go in as single input events and the pauses are real: a keystroke through user-event
    // can take longer than the debounce itself in jsdom, and a timer never fires early.
    const typeText = (value: string) => fireEvent.change(search, { target: { value } });
    const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
    typeText('C');
    await pause(150);
    expect(params().get('search')).toBeNull();
    expect(rowNames()).toHaveLength(6);
    // 450 ms after the first keystroke: each keystroke restarts the wait, it is not a throttle.
    typeText('CARDS');
    await pause(300);
    expect(params().get('search')).toBeNull();
    expect(rowNames()).toHaveLength(6);
    // The probe sees the URL during render, which may be before the commit: wait on the DOM.
    await waitFor(() => expect(rowNames()).toEqual(['payments-api']));
    // The rows may follow the typed text a moment before the URL write commits.
    await waitFor(() => expect(params().get('search')).toBe('CARDS'));
  });

  it('has one tab per namespace plus All, and filters to the chosen tab', async () => {
    const user = userEvent.setup();
    renderPage('/health?hidePassing=false');
    await waitFor(() => expect(rowNames()).toHaveLength(6));
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['All (6)', 'cart (1)', 'logistics (3)', 'payments (2)']);
    await user.click(screen.getByRole('tab', { name: 'payments (2)' }));
    await waitFor(() => expect(rowNames()).toEqual(['payments-api', 'payments-db']));
    expect(params().get('tab')).toBe('payments');
  });

  it('offers the labels of the current tab; a boolean label includes and excludes', async () => {
    const user = userEvent.setup();
    renderPage('/health?hidePassing=false&tab=payments');
    await waitFor(() => expect(rowNames()).toEqual(['payments-api', 'payments-db']));
    await user.click(screen.getByRole('button', { name: 'Include critical' }));
    await waitFor(() => expect(rowNames()).toEqual(['payments-api']));
    expect(params().get('labels')).toBe('critical=true:1');
    await user.click(screen.getByRole('button', { name: 'Exclude critical' }));
    await waitFor(() => expect(rowNames()).toEqual(['payments-db']));
    // The cart tab has no labels: none are offered there.
    await user.click(screen.getByRole('tab', { name: /^cart/ }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'critical' })).toBeNull());
  });

  it('reproduces a view from a link: group, sort, layout', async () => {
    renderPage('/health?hidePassing=false&groupBy=type&sortBy=latency&sortOrder=desc');
    await waitFor(() => expect(groupNames()).toEqual(['postgres', 'http']));
    expect(rowNames()).toEqual([
      'payments-db',
      'logistics-db-check',
      'logistics-api-health-check',
      'payments-api',
      'logistics-api-home-check',
      'cart-api-health-check',
    ]);
    expect(screen.getByRole('columnheader', { name: /Latency/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    cleanup();
    renderPage('/health?hidePassing=false&layout=card');
    await waitFor(() => expect(screen.getAllByTestId(testIds.page.card)).toHaveLength(6));
  });

  it('sorts by a column header, toggling the order', async () => {
    const user = userEvent.setup();
    renderPage('/health?groupBy=none');
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Uptime' }));
    await waitFor(() =>
      expect(rowNames()).toEqual(['logistics-db-check', 'payments-db', 'payments-api']),
    );
    await user.click(screen.getByRole('button', { name: /Uptime/ }));
    await waitFor(() =>
      expect(rowNames()).toEqual(['payments-api', 'logistics-db-check', 'payments-db']),
    );
    expect(params().get('sortOrder')).toBe('desc');
  });

  it('draws recent results as bars with an accessible name each, reachable by keyboard', async () => {
    const user = userEvent.setup();
    renderPage('/health?groupBy=none');
    const strip = await screen.findByRole('group', { name: 'Recent results of payments-api' });
    const bars = within(strip).getAllByRole('button');
    expect(bars).toHaveLength(5);
    expect(bars[4]!.getAttribute('aria-label')).toMatch(
      /^Failed at .* in 100ms: connection refused$/,
    );
    expect(bars.filter((bar) => bar.tabIndex === 0)).toHaveLength(1);
    bars[4]!.focus();
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(bars[3]);
  });

  it('opens the check modal with checkId and a time range from the last run; closing resets it', async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'payments-api' }));
    expect(await screen.findByTestId(testIds.modal.root)).toBeTruthy();
    expect(params().get('checkId')).toBe('c-payments-api');
    expect(params().get('timeRange')).toBe('3h');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId(testIds.modal.root)).toBeNull());
    expect(params().get('checkId')).toBeNull();
    expect(params().get('timeRange')).toBeNull();
  });

  it('keeps the open modal and the rows when the summary is refreshed', async () => {
    renderPage('/health?checkId=c-payments-api');
    await screen.findByTestId(testIds.modal.root);
    await waitFor(() => expect(screen.getAllByTestId(testIds.page.row)).toHaveLength(3));
    const before = server.requests.filter((r) => r.path.endsWith('/summary')).length;
    await act(async () => {
      screen.getByTestId(testIds.page.refresh).click();
    });
    await waitFor(() =>
      expect(server.requests.filter((r) => r.path.endsWith('/summary')).length).toBe(before + 1),
    );
    expect(screen.getByTestId(testIds.modal.root)).toBeTruthy();
    // The modal hides the page from assistive tech, so count the rows themselves.
    expect(screen.getAllByTestId(testIds.page.row)).toHaveLength(3);
  });

  it('has no axe violations', async () => {
    renderPage('/health?hidePassing=false');
    await waitFor(() => expect(rowNames()).toHaveLength(6));
    await screen.findAllByRole('group', { name: /Recent results/ });
    // Every rule axe enables by default, as before the shared helper (best practices included).
    await expectNoAxeViolations(document.body, { tags: 'all' });
  });
});
