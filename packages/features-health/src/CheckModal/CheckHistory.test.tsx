import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HealthPage } from '../HealthPage/HealthPage.tsx';
import { StandaloneHealthPage } from '../HealthPage/StandaloneHealthPage.tsx';
import { uiTestIds } from '@opsdeck/ui/testing';
import { testIds } from '../testIds.ts';
import { startHealthServer, type HealthBackend } from '../testing/healthServer.test.helper.ts';
import {
  currentUrl,
  renderWithoutRouter,
  renderWithProviders,
} from '../testing/renderHealth.test.helper.tsx';

let server: HealthBackend;
beforeAll(async () => {
  server = await startHealthServer();
  await import('./CheckModal.tsx');
});
afterAll(() => server.close());
beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const historyRequests = () =>
  server.requests.filter(
    (r) => r.path === '/api/db/check_statuses' && r.query.get('check_id')?.startsWith('eq.'),
  );
const lastHistory = () => historyRequests().at(-1)!.query;
const url = () => new URLSearchParams(currentUrl.search);

function openAt(search: string) {
  return renderWithProviders(
    <main>
      <HealthPage />
    </main>,
    { baseUrl: server.baseUrl, url: `/health?checkId=c-payments-api&timeRange=3h${search}` },
  );
}

async function historyWithRows(count: number) {
  const history = await screen.findByTestId(testIds.modal.history);
  await waitFor(() =>
    expect(within(history).getAllByTestId(uiTestIds.dataTable.row)).toHaveLength(count),
  );
  return history;
}

describe('CheckHistory', () => {
  it('keeps the pager, the URL and the request on the same page, size and status', async () => {
    const user = userEvent.setup();
    openAt('');
    const history = await historyWithRows(50);
    expect(lastHistory().get('limit')).toBe('50');
    expect(lastHistory().get('offset')).toBe('0');

    await user.click(within(history).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastHistory().get('offset')).toBe('50'));
    expect(url().get('history.pageIndex')).toBe('1');
    await waitFor(() => expect(history.textContent).toContain('Showing 51-100 of 120'));

    await user.click(within(history).getByRole('combobox', { name: 'Rows per page' }));
    await user.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(lastHistory().get('limit')).toBe('25'));
    expect(lastHistory().get('offset')).toBe('0');
    expect(url().get('history.pageSize')).toBe('25');
    expect(url().get('history.pageIndex')).toBeNull();
    await historyWithRows(25);

    await user.click(within(history).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastHistory().get('offset')).toBe('25'));
    await user.click(within(history).getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Unhealthy' }));
    await waitFor(() => expect(lastHistory().get('status')).toBe('eq.false'));
    expect(lastHistory().get('offset')).toBe('0');
    expect(lastHistory().get('limit')).toBe('25');
    expect(url().get('history.status.filter')).toBe('unhealthy');
    expect(url().get('history.pageIndex')).toBeNull();
    // The page's own params are left alone.
    expect(url().get('checkId')).toBe('c-payments-api');
    // Four pager and filter rounds in jsdom: over half a minute on a loaded 2-core CI machine.
  }, 90_000);

  it('reproduces the same page from a reloaded URL', async () => {
    openAt('&history.pageIndex=2&history.pageSize=25&history.status.filter=healthy');
    const history = await screen.findByTestId(testIds.modal.history);
    await waitFor(() => expect(lastHistory().get('offset')).toBe('50'));
    expect(lastHistory().get('limit')).toBe('25');
    expect(lastHistory().get('status')).toBe('eq.true');
    await waitFor(() =>
      expect(
        within(history).getByRole('navigation', { name: 'Status history pagination' }).textContent,
      ).toMatch(/Showing 51-/),
    );
    expect(within(history).getByRole('combobox', { name: 'Status' }).textContent).toContain(
      'Healthy',
    );
  });

  it('reproduces a typed duration from a reloaded URL', async () => {
    openAt('&history.duration.filter=2s&history.status.filter=healthy');
    const history = await screen.findByTestId(testIds.modal.history);
    await waitFor(() => expect(lastHistory().get('duration')).toBe('gte.2000'));
    expect(lastHistory().get('status')).toBe('eq.true');
    expect(
      (within(history).getByRole('textbox', { name: /Custom duration/ }) as HTMLInputElement).value,
    ).toBe('2s');
  });

  it('pages through the browser history in the embed, which has no router', async () => {
    const user = userEvent.setup();
    renderWithoutRouter(<StandaloneHealthPage />, {
      baseUrl: server.baseUrl,
      url: '/health?checkId=c-payments-api&timeRange=3h&history.pageSize=25',
    });
    const history = await historyWithRows(25);
    await user.click(within(history).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastHistory().get('offset')).toBe('25'));
    expect(lastHistory().get('limit')).toBe('25');
    expect(new URLSearchParams(window.location.search).get('history.pageIndex')).toBe('1');
  });
});
