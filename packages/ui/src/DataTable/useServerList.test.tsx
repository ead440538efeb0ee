import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UrlStateProvider } from '../routing/UrlState.tsx';
import { useHistoryUrlState } from '../routing/historyUrlState.ts';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { testIds } from '../testIds.ts';
import { DataTableBody } from './DataTableBody.tsx';
import { DataTableCsvExport } from './DataTableCsvExport.tsx';
import { DataTablePager } from './DataTablePager.tsx';
import { checkColumns, generateCheckRows, type CheckRow } from './fixtures.ts';
import { knownTotal, queryWithFilter } from './serverList.ts';
import type { DataTableQuery } from './useDataTable.tsx';
import { useServerList } from './useServerList.ts';

// A stand-in server: answers are held until the test releases them, so "while the next page
// loads" is a state the test can look at.
interface ChecksRequest {
  status?: string;
  page: number;
  size: number;
}

const allRows = generateCheckRows(1500);
const matching = (request: Pick<ChecksRequest, 'status'>) =>
  allRows.filter((row) => !request.status || row.status === request.status);

let pageCalls: ChecksRequest[] = [];
/** The URL's search at each page request. */
let pageCallUrls: string[] = [];
let countCalls: ChecksRequest[] = [];
let held: Array<() => void> = [];
let holding = false;
const answer = <T,>(value: T): Promise<T> =>
  holding ? new Promise((resolve) => held.push(() => resolve(value))) : Promise.resolve(value);
const release = () => act(() => held.splice(0).forEach((go) => go()));

const toRequest = (query: DataTableQuery): ChecksRequest => ({
  ...(query.filters.status ? { status: query.filters.status } : {}),
  page: query.pageIndex,
  size: query.pageSize,
});
const rowsOf = (request: ChecksRequest) =>
  matching(request).slice(request.page * request.size, (request.page + 1) * request.size);

const pageQuery = (request: ChecksRequest) =>
  queryOptions({
    queryKey: ['checks', 'page', request],
    queryFn: () => {
      pageCalls.push(request);
      pageCallUrls.push(window.location.search);
      return answer(rowsOf(request));
    },
  });
const countQuery = (request: ChecksRequest) =>
  queryOptions({
    queryKey: ['checks', 'count', request.status ?? null],
    // As a domain's count is kept: a new page of the same filters finds it in the cache.
    staleTime: 30_000,
    queryFn: () => {
      countCalls.push(request);
      return answer(matching(request).length);
    },
  });
const exportPage = vi.fn(async (request: ChecksRequest) => ({
  rows: rowsOf(request),
  total: matching(request).length,
}));

const checksList = { id: 'checks', filters: ['status'], defaultSort: null } as const;

function Checks({ counted = true, cap }: { counted?: boolean; cap?: number }) {
  const { dataTable, total } = useServerList({
    ...checksList,
    columns: checkColumns,
    getRowId: (row: CheckRow) => row.id,
    request: toRequest,
    page: pageQuery,
    ...(counted ? { count: countQuery } : {}),
    exportPage,
  });
  return (
    <>
      <button type="button" onClick={() => dataTable.setFilter('status', 'healthy')}>
        Healthy only
      </button>
      <output aria-label="total">{total ?? 'unknown'}</output>
      <DataTableCsvExport dataTable={dataTable} fileName="checks" cap={cap} />
      <DataTableBody dataTable={dataTable} label="Checks" />
      <DataTablePager dataTable={dataTable} label="Checks pagination" />
    </>
  );
}

function renderAt(url: string, ui = <Checks />) {
  window.history.replaceState(null, '', url);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <UrlStateProvider binding={useHistoryUrlState}>
        <OpsdeckThemeProvider mode="light">{ui}</OpsdeckThemeProvider>
      </UrlStateProvider>
    </QueryClientProvider>,
  );
}

// hidden: true skips Testing Library's visibility check, which asked jsdom for the computed style of
// every cell and its ancestors on each call (each waitFor poll); the rows come by test id, unchecked
// alike, and a hidden column is not rendered at all.
const names = () =>
  screen
    .queryAllByTestId(testIds.dataTable.row)
    .map((row) => within(row).getAllByRole('cell', { hidden: true })[0]?.textContent);
const totalText = () => screen.getByRole('status', { name: 'total' }).textContent;

beforeEach(() => {
  localStorage.clear();
  pageCalls = [];
  pageCallUrls = [];
  countCalls = [];
  held = [];
  holding = false;
  exportPage.mockClear();
});
afterEach(cleanup);

describe('useServerList', { timeout: 30_000 }, () => {
  it('asks for the page of the URL, then its count apart once the rows are shown', async () => {
    holding = true;
    renderAt('/checks?checks.pageIndex=2&checks.pageSize=10&checks.status.filter=healthy');
    await waitFor(() => expect(pageCalls).toEqual([{ status: 'healthy', page: 2, size: 10 }]));
    // The count waits for the rows.
    expect(countCalls).toEqual([]);
    await release();
    expect(await screen.findByText('check-000060')).toBeTruthy();
    await waitFor(() => expect(countCalls).toHaveLength(1));
    // Until the count answers the pager knows the rows up to this page only.
    expect(totalText()).toBe('unknown');
    await release();
    await waitFor(() => expect(totalText()).toBe('500'));
    expect(screen.getByRole('navigation', { name: 'Checks pagination' }).textContent).toContain(
      'of 500',
    );
  });

  it('keeps the previous rows on screen while the next page loads', async () => {
    const user = userEvent.setup();
    renderAt('/checks?checks.pageSize=10');
    expect(await screen.findByText('check-000000')).toBeTruthy();
    await waitFor(() => expect(totalText()).toBe('1500'));
    holding = true;
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(pageCalls.at(-1)).toEqual({ page: 1, size: 10 }));
    // Page 1's rows are asked for; page 0's stay (no skeleton, no empty table).
    expect(names()[0]).toBe('check-000000');
    await release();
    await waitFor(() => expect(names()[0]).toBe('check-000010'));
    // A new page of the same filters counts nothing again.
    expect(countCalls).toHaveLength(1);
  });

  it('asks for the next filter’s rows as the filter is set, before the URL is read back', async () => {
    const user = userEvent.setup();
    renderAt('/checks?checks.pageIndex=3&checks.pageSize=10');
    await screen.findByText('check-000030');
    holding = true;
    const before = pageCalls.length;
    await user.click(screen.getByRole('button', { name: 'Healthy only' }));
    // One request for the first page of the new filter: the prefetch, which the page then finds.
    await waitFor(() =>
      expect(pageCalls.slice(before)).toEqual([{ status: 'healthy', page: 0, size: 10 }]),
    );
    // Asked for before the filter reached the URL: the prefetch, not the page reading it back.
    expect(pageCallUrls[before]).not.toContain('status.filter');
    expect(new URLSearchParams(window.location.search).get('checks.status.filter')).toBe('healthy');
    await release();
    await waitFor(() => expect(names()[1]).toBe('check-000003'));
    expect(pageCalls.slice(before)).toHaveLength(1);
  });

  it('takes the total from the page when the page counts itself', async () => {
    renderAt('/checks?checks.pageSize=10', <ChecksWithTotal />);
    await waitFor(() => expect(totalText()).toBe('1500'));
    expect(countCalls).toEqual([]);
  });

  describe('CSV export', () => {
    let blobs: Blob[] = [];
    beforeEach(() => {
      blobs = [];
      vi.stubGlobal('URL', {
        ...URL,
        createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:csv'),
        revokeObjectURL: () => undefined,
      });
    });
    afterEach(() => vi.unstubAllGlobals());
    const csvLines = async () =>
      (await blobs.at(-1)?.text())?.replace(/^\uFEFF/, '').split('\r\n') ?? [];

    it('exports every page of the query, 1,500 rows, with its progress stated', async () => {
      const user = userEvent.setup();
      renderAt('/checks?checks.pageSize=10&checks.hidden=status,team,latency_ms,created_at');
      await screen.findByText('check-000000');
      await user.click(screen.getByTestId(testIds.dataTable.exportCsv));
      await waitFor(() => expect(blobs).toHaveLength(1));
      const lines = await csvLines();
      expect(lines).toHaveLength(1501);
      expect(lines.at(-1)).toBe('check-001499');
      expect(exportPage.mock.calls.map(([request]) => request)).toEqual([
        { page: 0, size: 500 },
        { page: 1, size: 500 },
        { page: 2, size: 500 },
      ]);
      expect(await screen.findByText('Exported 1,500 rows.')).toBeTruthy();
    });

    it('stops at its cap and says so, with the filters of the list', async () => {
      const user = userEvent.setup();
      renderAt(
        '/checks?checks.status.filter=unhealthy&checks.hidden=status,team,latency_ms,created_at',
        <Checks cap={300} />,
      );
      await screen.findByText('check-000001');
      await user.click(screen.getByTestId(testIds.dataTable.exportCsv));
      await waitFor(() => expect(blobs).toHaveLength(1));
      expect(await csvLines()).toHaveLength(301);
      expect(exportPage).toHaveBeenCalledWith({ status: 'unhealthy', page: 0, size: 500 });
      expect(
        await screen.findByText("Exported the first 300 of 500 rows (the export's limit is 300)."),
      ).toBeTruthy();
    });
  });
});

function ChecksWithTotal() {
  const { dataTable, total } = useServerList({
    ...checksList,
    columns: checkColumns,
    request: toRequest,
    page: (request: ChecksRequest) =>
      queryOptions({
        queryKey: ['checks', 'counted-page', request],
        queryFn: async () => ({ rows: rowsOf(request), total: matching(request).length }),
      }),
    exportPage,
  });
  return (
    <>
      <output aria-label="total">{total ?? 'unknown'}</output>
      <DataTablePager dataTable={dataTable} label="Checks pagination" />
    </>
  );
}

describe('knownTotal', () => {
  const base = { pageIndex: 0, pageSize: 50, rows: 50, rowsCurrent: true };
  it('is the count once it answers for these filters', () => {
    expect(knownTotal({ ...base, count: 5000, countCurrent: true })).toBe(5000);
  });
  it('is the end of a page that is not full while the count is on the way', () => {
    expect(knownTotal({ ...base, pageIndex: 2, rows: 7, count: 5000, countCurrent: false })).toBe(
      107,
    );
    expect(knownTotal({ ...base, rows: 0, count: 5000, countCurrent: false })).toBe(0);
  });
  it('keeps the last count until the new one arrives, and knows nothing before a first', () => {
    expect(knownTotal({ ...base, count: 5000, countCurrent: false })).toBe(5000);
    expect(
      knownTotal({ ...base, rowsCurrent: false, rows: 3, count: 40, countCurrent: false }),
    ).toBe(40);
    expect(knownTotal({ ...base, count: undefined, countCurrent: false })).toBeUndefined();
    // An empty page past the first says nothing of where the list ends.
    expect(
      knownTotal({ ...base, pageIndex: 3, rows: 0, count: undefined, countCurrent: false }),
    ).toBeUndefined();
  });
});

describe('queryWithFilter', () => {
  it('sets or clears one filter on the first page, leaving the query it came from alone', () => {
    const now: DataTableQuery = {
      pageIndex: 4,
      pageSize: 50,
      sortBy: 'name',
      sortOrder: 'asc',
      filters: { search: 'pa', type: 'pod' },
    };
    expect(queryWithFilter(now, 'search', 'pay')).toEqual({
      ...now,
      pageIndex: 0,
      filters: { search: 'pay', type: 'pod' },
    });
    expect(queryWithFilter(now, 'search', '').filters).toEqual({ type: 'pod' });
    expect(now.filters.search).toBe('pa');
  });
});
