import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Permission } from '@opsdeck/rbac';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HealthPage } from '../HealthPage/HealthPage.tsx';
import { uiTestIds } from '@opsdeck/ui/testing';
import { testIds } from '../testIds.ts';
import { expectNoAxeViolations } from '@opsdeck/testing';
import { startHealthServer, type HealthBackend } from '../testing/healthServer.test.helper.ts';
import { hostAppView } from '../testing/hostApp.test.helper.tsx';
import { currentUrl, renderWithProviders } from '../testing/renderHealth.test.helper.tsx';

let server: HealthBackend;
beforeAll(async () => {
  server = await startHealthServer();
  // The page loads the modal lazily; warm the module so the first test does not time out on the transform.
  await import('../CheckModal/CheckModal.tsx');
});
afterAll(() => server.close());
afterEach(() => cleanup());

function openModal(
  checkId: string,
  options: {
    roles?: string[];
    permissions?: Permission[];
    /** Inside a console that binds health's links and contributes an action (default); false: the embed. */
    inConsole?: boolean;
  } = {},
) {
  const roles = options.roles ?? ['viewer'];
  return renderWithProviders(
    <main>
      <HealthPage />
    </main>,
    {
      baseUrl: server.baseUrl,
      roles,
      permissions: options.permissions,
      url: `/health?checkId=${checkId}&timeRange=3h`,
      extensions: options.inConsole === false ? undefined : hostAppView(roles),
    },
  );
}

const historyRequests = () =>
  server.requests.filter(
    (r) => r.path === '/api/db/check_statuses' && r.query.get('check_id')?.startsWith('eq.'),
  );
const lastHistory = () => historyRequests().at(-1)!.query;

describe('CheckModal', () => {
  it('shows labels, the stats and the Health Overview of the time range', async () => {
    openModal('c-payments-api');
    const modal = await screen.findByTestId(testIds.modal.root);
    await waitFor(() =>
      expect(within(modal).getByTestId(testIds.modal.stats).textContent).toContain('critical'),
    );
    const stats = within(modal).getByTestId(testIds.modal.stats);
    for (const label of [
      'Uptime',
      'Latency 95/97/99',
      'Severity',
      'Last Run',
      'Transitioned',
      'Next Run',
      'Time Range',
    ]) {
      expect(stats.textContent).toContain(label);
    }
    // Moments read one way: relative (with "ago" or "in"), never a raw timestamp.
    expect(stats.textContent).not.toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    for (const time of stats.querySelectorAll('time'))
      expect(time.textContent).toMatch(/ ago$|^in /);
    expect(stats.querySelectorAll('time').length).toBeGreaterThanOrEqual(2);
    // The graph's percentiles for the range replace the summary's once it arrives.
    await waitFor(() => expect(stats.textContent).toContain('210ms / 215ms / 220ms'));
    expect(stats.textContent).toContain('75%');
    expect(within(modal).getByRole('list', { name: 'Labels' }).textContent).toContain('prod');
    const chart = within(modal).getByRole('img', {
      name: /^Health Overview\. Last 3h: 9 passed, 3 failed, slowest 210ms$/,
    });
    expect(chart).toBeTruthy();
    const graph = server.requests.filter((r) => r.path === '/api/canary/api/graph').at(-1)!;
    expect(graph.query.get('check')).toBe('c-payments-api');
    expect(graph.query.get('count')).toBe('300');
    // 3h back, as RFC 3339.
    expect(
      Math.abs(Date.parse(graph.query.get('start')!) - (Date.now() - 3 * 3_600_000)),
    ).toBeLessThan(60_000);
  });

  it('pages the history 50 at a time with the total from the count', async () => {
    const user = userEvent.setup();
    openModal('c-payments-api');
    const history = await screen.findByTestId(testIds.modal.history);
    await waitFor(() =>
      expect(within(history).getAllByTestId(uiTestIds.dataTable.row)).toHaveLength(50),
    );
    expect(history.textContent).toContain('Showing 1-50 of 120');
    expect(lastHistory().get('limit')).toBe('50');
    expect(lastHistory().get('order')).toBe('time.desc');
    await user.click(within(history).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(history.textContent).toContain('Showing 51-100 of 120'));
    expect(lastHistory().get('offset')).toBe('50');
  });

  it('filters by status and duration, returning to the first page on every change', async () => {
    const user = userEvent.setup();
    openModal('c-payments-api');
    const history = await screen.findByTestId(testIds.modal.history);
    await waitFor(() =>
      expect(within(history).getAllByTestId(uiTestIds.dataTable.row)).toHaveLength(50),
    );
    await user.click(within(history).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastHistory().get('offset')).toBe('50'));

    await user.click(within(history).getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Unhealthy' }));
    await waitFor(() => expect(lastHistory().get('status')).toBe('eq.false'));
    expect(lastHistory().get('offset')).toBe('0');

    await user.click(within(history).getByRole('combobox', { name: 'Duration' }));
    await user.click(screen.getByRole('option', { name: '500ms' }));
    await waitFor(() => expect(lastHistory().get('duration')).toBe('gte.500'));

    await user.click(within(history).getByRole('combobox', { name: 'Duration' }));
    await user.click(screen.getByRole('option', { name: 'Custom' }));
    const input = within(history).getByRole('textbox', { name: /Custom duration/ });
    await user.type(input, '5m');
    expect(
      within(history).getByText('duration is allowed only in milli seconds & seconds'),
    ).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await user.clear(input);
    await user.type(input, '2s');
    await waitFor(() => expect(lastHistory().get('duration')).toBe('gte.2000'));
    // What was typed is in the URL, so a reload or a shared link keeps the filter.
    expect(new URLSearchParams(currentUrl.search).get('history.duration.filter')).toBe('2s');
    expect(new URLSearchParams(currentUrl.search).get('history.status.filter')).toBe('unhealthy');
    expect(
      within(history).queryByText('duration is allowed only in milli seconds & seconds'),
    ).toBeNull();
  });

  it('shows the spec read-only and the relationships with a count, linking to topology and catalog', async () => {
    const user = userEvent.setup();
    openModal('c-payments-api');
    const modal = await screen.findByTestId(testIds.modal.root);
    await user.click(within(modal).getByRole('tab', { name: 'Spec' }));
    await waitFor(() =>
      expect(within(modal).getByTestId(testIds.modal.spec).textContent).toContain(
        'url: http://127.0.0.1/health',
      ),
    );
    const relationshipsTab = within(modal).getByRole('tab', { name: /Relationships/ });
    expect(relationshipsTab.textContent).toBe('Relationships 2');
    await user.click(relationshipsTab);
    expect(within(modal).getByRole('link', { name: 'payments-service' }).getAttribute('href')).toBe(
      '/topology/comp-1',
    );
    expect(
      within(modal).getByRole('link', { name: 'payments-deployment' }).getAttribute('href'),
    ).toBe('/catalog/conf-1');
  });

  it('links Edit for a console-defined canary, not for an externally defined one', async () => {
    openModal('c-payments-api', { roles: ['editor'] });
    const edit = await screen.findByTestId(testIds.modal.edit);
    expect(edit.getAttribute('href')).toBe('/settings/canaries/canary-payments');
    expect(
      await screen.findByRole('button', { name: 'Attach payments-api as evidence' }),
    ).toBeTruthy();
    cleanup();
    openModal('c-payments-db', { roles: ['editor'] });
    await waitFor(() =>
      expect(screen.getByTestId(testIds.modal.stats).textContent).toContain('critical'),
    );
    expect(screen.queryByTestId(testIds.modal.edit)).toBeNull();
  });

  it('has no links or extra actions where nothing is bound (the embed)', async () => {
    const user = userEvent.setup();
    openModal('c-payments-api', { roles: ['admin'], inConsole: false });
    const modal = await screen.findByTestId(testIds.modal.root);
    await waitFor(() =>
      expect(screen.getByTestId(testIds.modal.stats).textContent).toContain('critical'),
    );
    expect(screen.queryByTestId(testIds.modal.edit)).toBeNull();
    expect(screen.queryByRole('button', { name: /as evidence/ })).toBeNull();
    await user.click(within(modal).getByRole('tab', { name: /Relationships/ }));
    expect(within(modal).getByText(/payments-service/)).toBeTruthy();
    expect(within(modal).queryByRole('link')).toBeNull();
  });

  it("offers the console's links and actions only to users who may follow them", async () => {
    const user = userEvent.setup();
    openModal('c-payments-api', { roles: ['viewer'] });
    const modal = await screen.findByTestId(testIds.modal.root);
    await waitFor(() =>
      expect(screen.getByTestId(testIds.modal.stats).textContent).toContain('critical'),
    );
    // A viewer may not edit canaries nor attach evidence, but reads topology and catalog.
    expect(screen.queryByTestId(testIds.modal.edit)).toBeNull();
    expect(screen.queryByRole('button', { name: /as evidence/ })).toBeNull();
    await user.click(within(modal).getByRole('tab', { name: /Relationships/ }));
    expect(within(modal).getByRole('link', { name: 'payments-service' })).toBeTruthy();
  });

  it('offers Run Now to a responder, runs the check, shows the result and refreshes the row and modal', async () => {
    const user = userEvent.setup();
    openModal('c-payments-api', { roles: ['responder'] });
    const runNow = await screen.findByTestId(testIds.modal.runNow);
    const before = {
      summary: server.requests.filter((r) => r.path.endsWith('/summary')).length,
      details: server.requests.filter((r) => r.path === '/api/db/checks').length,
    };
    await user.click(runNow);
    await waitFor(() =>
      expect(screen.getByTestId(testIds.modal.runResult).textContent).toBe(
        'Passed in 42ms: all good',
      ),
    );
    expect(
      server.requests.some(
        (r) => r.method === 'POST' && r.path === '/api/canary/run/check/c-payments-api',
      ),
    ).toBe(true);
    await waitFor(() =>
      expect(server.requests.filter((r) => r.path.endsWith('/summary')).length).toBeGreaterThan(
        before.summary,
      ),
    );
    expect(server.requests.filter((r) => r.path === '/api/db/checks').length).toBeGreaterThan(
      before.details,
    );
  });

  it('hides Run Now from a viewer', async () => {
    openModal('c-payments-api', { roles: ['viewer'] });
    await waitFor(() =>
      expect(screen.getByTestId(testIds.modal.stats).textContent).toContain('critical'),
    );
    expect(screen.queryByTestId(testIds.modal.runNow)).toBeNull();
  });

  it('gates Run Now on the canaries.run capability the server checks, permission rows included (issue 18 #3)', async () => {
    openModal('c-payments-api', {
      roles: ['responder'],
      permissions: [{ object: 'canaries', action: 'run', deny: true }],
    });
    await waitFor(() =>
      expect(screen.getByTestId(testIds.modal.stats).textContent).toContain('critical'),
    );
    expect(screen.queryByTestId(testIds.modal.runNow)).toBeNull();
    cleanup();
    openModal('c-payments-api', {
      roles: ['viewer'],
      permissions: [{ object: 'canaries', action: 'run' }],
    });
    expect(await screen.findByTestId(testIds.modal.runNow)).toBeTruthy();
  });

  it('changes the time range in the URL', async () => {
    const user = userEvent.setup();
    openModal('c-payments-api');
    const modal = await screen.findByTestId(testIds.modal.root);
    await user.click(within(modal).getByRole('combobox', { name: 'Time Range' }));
    await user.click(screen.getByRole('option', { name: '1d' }));
    await waitFor(() => expect(new URLSearchParams(currentUrl.search).get('timeRange')).toBe('1d'));
  });

  it('says "Not found" in the modal for a check id the server does not know, with a way out', async () => {
    openModal('c-no-such-check');
    const modal = await screen.findByTestId(testIds.modal.root);
    await waitFor(() => expect(within(modal).getByText(/No check has this address/)).toBeTruthy());
    expect(within(modal).queryByTestId(testIds.modal.stats)).toBeNull();
    await userEvent.setup().click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(currentUrl.search).not.toContain('checkId'));
  });

  it('has no axe violations', async () => {
    openModal('c-payments-api', { roles: ['admin'] });
    await waitFor(() =>
      expect(screen.getAllByTestId(uiTestIds.dataTable.row).length).toBeGreaterThan(0),
    );
    await waitFor(() =>
      expect(screen.getByTestId(testIds.modal.stats).textContent).toContain('critical'),
    );
    // Every rule axe enables by default, as before the shared helper (best practices included).
    await expectNoAxeViolations(document.body, { tags: 'all' });
  });
});
