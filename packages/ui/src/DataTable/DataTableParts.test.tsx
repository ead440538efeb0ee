import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createColumnHelper } from '@tanstack/react-table';
import axe from 'axe-core';
import { useMemo, useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '../Modal/Modal.tsx';
import { UrlStateProvider } from '../routing/UrlState.tsx';
import { useHistoryUrlState } from '../routing/historyUrlState.ts';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { testIds } from '../testIds.ts';
import { DataTableBody } from './DataTableBody.tsx';
import { DataTableColumnToggle } from './DataTableColumnToggle.tsx';
import { DataTableCsvExport } from './DataTableCsvExport.tsx';
import {
  DataTableSelectFilter,
  DataTableTimeRangeFilter,
  DataTableTriStateFilter,
} from './DataTableFilters.tsx';
import { DataTablePager } from './DataTablePager.tsx';
import { DataTableRoot, DataTableToolbar } from './DataTableToolbar.tsx';
import { DataTableVirtualBody } from './DataTableVirtualBody.tsx';
import { multiSelectFilterFn, triStateFilterFn } from './filterValues.ts';
import { generateCheckRows, type CheckRow } from './fixtures.ts';
import {
  useDataTable,
  useDataTableQuery,
  type DataTableMode,
  type DataTableQuery,
} from './useDataTable.tsx';

const column = createColumnHelper<CheckRow>();
const columns = [
  column.accessor('name', { header: 'Name' }),
  column.accessor('status', { header: 'Status', filterFn: multiSelectFilterFn }),
  column.accessor('team', { header: 'Team', filterFn: triStateFilterFn }),
  column.accessor('latency_ms', { header: 'Latency (ms)' }),
  column.accessor('created_at', { header: 'Created', sortDescFirst: true }),
];

const statusOptions = [
  { value: 'healthy', label: 'Healthy' },
  { value: 'unhealthy', label: 'Unhealthy' },
  { value: 'unknown', label: 'Unknown' },
];
const teamOptions = ['payments', 'platform', 'search', 'storage'].map((team) => ({
  value: team,
  label: team,
}));

// One options object for the fetch and the table, as the README asks.
const checksTable = {
  id: 'checks',
  filters: ['status', 'team'],
  searchKey: 'name',
  timeRangeColumn: 'created_at',
} as const;

const allRows = generateCheckRows(120);
let fetched: DataTableQuery[] = [];

// What a server would answer for a query: the same matching rules as client mode.
function serverPage(query: DataTableQuery) {
  const statuses = query.filters.status?.split(',') ?? [];
  const filtered = allRows.filter(
    (row) =>
      (statuses.length === 0 || statuses.includes(row.status)) &&
      (!query.filters.name || row.name.includes(query.filters.name)),
  );
  const sorted = [...filtered].sort((a, b) => {
    const key = (query.sortBy ?? 'created_at') as keyof CheckRow;
    const order = String(a[key]).localeCompare(String(b[key]));
    return query.sortOrder === 'desc' ? -order : order;
  });
  return {
    rows: sorted.slice(query.pageIndex * query.pageSize, (query.pageIndex + 1) * query.pageSize),
    total: filtered.length,
  };
}

function ChecksTable({
  mode,
  rows = allRows,
  fetchAll,
  fetchPage,
  cap,
}: {
  mode: DataTableMode;
  rows?: CheckRow[];
  fetchAll?: (query: DataTableQuery) => Promise<CheckRow[]>;
  fetchPage?: (query: DataTableQuery) => Promise<{ rows: CheckRow[]; total: number }>;
  cap?: number;
}) {
  const { query } = useDataTableQuery(checksTable);
  const page = useMemo(() => serverPage(query), [query]);
  if (mode === 'server') fetched.push(query);
  const dataTable = useDataTable(
    mode === 'server'
      ? { ...checksTable, columns, data: page.rows, total: page.total }
      : { ...checksTable, mode: 'client', columns, data: rows },
  );
  return (
    <DataTableRoot>
      <DataTableToolbar
        dataTable={dataTable}
        searchLabel="Search checks"
        actions={
          <>
            <DataTableColumnToggle dataTable={dataTable} />
            <DataTableCsvExport
              dataTable={dataTable}
              fileName="checks"
              fetchAll={fetchAll}
              fetchPage={fetchPage}
              cap={cap}
            />
          </>
        }
      >
        <DataTableSelectFilter
          dataTable={dataTable}
          filterKey="status"
          label="Status"
          options={statusOptions}
          multiple
        />
        <DataTableTriStateFilter
          dataTable={dataTable}
          filterKey="team"
          label="Team"
          options={teamOptions}
        />
        <DataTableTimeRangeFilter dataTable={dataTable} />
      </DataTableToolbar>
      <DataTableBody dataTable={dataTable} label="Health checks" />
      <DataTablePager dataTable={dataTable} label="Health checks pagination" />
    </DataTableRoot>
  );
}

function withUrl(url: string, ui: ReactNode) {
  window.history.replaceState(null, '', url);
  return render(
    <UrlStateProvider binding={useHistoryUrlState}>
      <OpsdeckThemeProvider mode="light">{ui}</OpsdeckThemeProvider>
    </UrlStateProvider>,
  );
}

const params = () => new URLSearchParams(window.location.search);
// hidden: true skips Testing Library's visibility check, which asked jsdom for the computed style of
// every cell and its ancestors on each call (each waitFor poll); the rows come by test id, unchecked
// alike, and a hidden column is not rendered at all.
const names = () =>
  screen
    .getAllByTestId(testIds.dataTable.row)
    .map((row) => within(row).getAllByRole('cell', { hidden: true })[0]?.textContent);
const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
const pagerText = () =>
  screen.getByRole('navigation', { name: 'Health checks pagination' }).textContent;

beforeEach(() => {
  localStorage.clear();
  fetched = [];
});

it('keeps Previous, the page field and Next together, so a narrow screen never wraps Next alone onto a line', () => {
  withUrl('/checks', <ChecksTable mode="client" />);
  const pager = screen.getByRole('navigation', { name: 'Health checks pagination' });
  const previous = within(pager).getByRole('button', { name: 'Previous page' });
  const next = within(pager).getByRole('button', { name: 'Next page' });
  const steps = previous.parentElement!;
  expect(steps).toBe(next.parentElement);
  expect(steps.contains(within(pager).getByRole('spinbutton'))).toBe(true);
  expect(getComputedStyle(steps).flexWrap).toBe('nowrap');
  expect(getComputedStyle(steps).whiteSpace).toBe('nowrap');
});

// Interaction-heavy tests on a shared 2-core machine: a generous timeout is a safety net only.
describe.each<DataTableMode>(['client', 'server'])(
  'the parts in %s mode',
  { timeout: 30_000 },
  (mode) => {
    it('read sort, page, page size, filters and hidden columns from the URL, and a reload shows the same', () => {
      const url =
        '/checks?checks.sortBy=name&checks.sortOrder=desc&checks.pageIndex=1&checks.pageSize=10' +
        '&checks.status.filter=healthy,unknown&checks.hidden=team,latency_ms';
      const { unmount } = withUrl(url, <ChecksTable mode={mode} />);
      const shown = names();
      // 80 healthy or unknown checks, by name descending, second page of 10.
      expect(shown).toHaveLength(10);
      expect(shown[0]).toBe('check-000104');
      expect(pagerText()).toContain('Showing 11-20 of 80');
      expect(headers()).toEqual(['Name', 'Status', 'Created']);
      expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe(
        'descending',
      );
      expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toContain(
        'Healthy, Unknown',
      );
      if (mode === 'server') {
        expect(fetched.at(-1)).toEqual({
          pageIndex: 1,
          pageSize: 10,
          sortBy: 'name',
          sortOrder: 'desc',
          filters: { status: 'healthy,unknown' },
        });
      }
      unmount();
      withUrl(`${window.location.pathname}${window.location.search}`, <ChecksTable mode={mode} />);
      expect(names()).toEqual(shown);
    });

    it('lets Back undo a sort and a page, one step at a time', async () => {
      const user = userEvent.setup();
      withUrl('/checks', <ChecksTable mode={mode} />);
      expect(names()[0]).toBe('check-000119');
      await user.click(screen.getByRole('button', { name: /^Name/ }));
      expect(names()[0]).toBe('check-000000');
      await user.click(screen.getByRole('button', { name: 'Next page' }));
      expect(names()[0]).toBe('check-000050');

      window.history.back();
      await waitFor(() => expect(names()[0]).toBe('check-000000'));
      expect(params().get('checks.sortBy')).toBe('name');
      window.history.back();
      await waitFor(() => expect(names()[0]).toBe('check-000119'));
      expect(params().get('checks.sortBy')).toBeNull();
      window.history.forward();
      await waitFor(() => expect(names()[0]).toBe('check-000000'));
    });

    it('write sort, page size, page and hidden columns to the URL', async () => {
      const user = userEvent.setup();
      withUrl('/checks?other=kept', <ChecksTable mode={mode} />);
      // Spec §9 default: created_at descending, 50 rows.
      expect(names()[0]).toBe('check-000119');
      expect(names()).toHaveLength(50);

      await user.click(screen.getByRole('button', { name: /^Name/ }));
      expect(params().get('checks.sortBy')).toBe('name');
      expect(params().get('checks.sortOrder')).toBe('asc');
      expect(names()[0]).toBe('check-000000');

      await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
      await user.click(screen.getByRole('option', { name: '25' }));
      expect(params().get('checks.pageSize')).toBe('25');
      await user.click(screen.getByRole('button', { name: 'Next page' }));
      expect(params().get('checks.pageIndex')).toBe('1');
      expect(names()[0]).toBe('check-000025');

      await user.click(screen.getByRole('combobox', { name: 'Columns' }));
      await user.click(screen.getByRole('option', { name: 'Team' }));
      await user.keyboard('{Escape}');
      expect(params().get('checks.hidden')).toBe('team');
      expect(headers()).not.toContain('Team');
      // Showing a column is not a new result: the page stays.
      expect(params().get('checks.pageIndex')).toBe('1');

      await user.click(screen.getByRole('combobox', { name: 'Columns' }));
      await user.click(screen.getByRole('option', { name: 'Team' }));
      await user.keyboard('{Escape}');
      // Back to the defaults: the param goes, so a plain link shows the table as designed.
      expect(params().has('checks.hidden')).toBe(false);
      expect(params().get('other')).toBe('kept');
    });

    it('return to the first page when a select, tri-state or search filter changes', async () => {
      const user = userEvent.setup();
      withUrl('/checks?checks.pageIndex=1&checks.pageSize=10', <ChecksTable mode={mode} />);

      await user.click(screen.getByRole('combobox', { name: 'Status' }));
      await user.click(screen.getByRole('option', { name: 'Unhealthy' }));
      await user.keyboard('{Escape}');
      expect(params().get('checks.status.filter')).toBe('unhealthy');
      expect(params().has('checks.pageIndex')).toBe(false);
      expect(pagerText()).toContain('Showing 1-10 of 40');

      await user.click(screen.getByRole('button', { name: 'Next page' }));
      expect(params().get('checks.pageIndex')).toBe('1');
      await user.type(screen.getByRole('searchbox', { name: 'Search checks' }), '00011');
      // The search waits for the typing to stop (400 ms) before it writes the URL.
      expect(params().has('checks.name.filter')).toBe(false);
      await waitFor(() => expect(params().get('checks.name.filter')).toBe('00011'));
      expect(params().has('checks.pageIndex')).toBe(false);
      // Unhealthy checks (every third from 1) named *00011*, newest first.
      expect(names()).toEqual(['check-000118', 'check-000115', 'check-000112']);
    });

    it('writes the time range under the table prefix and returns to the first page', async () => {
      const user = userEvent.setup();
      withUrl('/checks?checks.pageIndex=2&timeRange=now-1h', <ChecksTable mode={mode} />);
      await user.click(screen.getByTestId(testIds.timeRangePicker.trigger));
      await user.click(screen.getByRole('button', { name: '2 days' }));
      expect(params().get('checks.timeRange')).toBe('now-2d');
      expect(params().get('checks.rangeType')).toBe('relative');
      // The page's own range belongs to someone else.
      expect(params().get('timeRange')).toBe('now-1h');
      expect(params().has('checks.pageIndex')).toBe(false);
      if (mode === 'server') {
        expect(fetched.at(-1)?.timeRange).toEqual({
          type: 'relative',
          display: expect.any(String),
          range: 'now-2d',
        });
      } else {
        // The fixture's checks were created in January 2026, long before the last two days.
        expect(screen.getByTestId(testIds.dataTable.empty)).toBeTruthy();
      }
    });
  },
);

describe('client mode', () => {
  it("filters with the tri-state form: an excluded team's rows go", async () => {
    const user = userEvent.setup();
    withUrl('/checks?checks.pageIndex=1&checks.pageSize=10', <ChecksTable mode="client" />);
    await user.click(screen.getByTestId(testIds.triStateFilter.trigger));
    await user.click(screen.getByRole('button', { name: 'Exclude payments' }));
    expect(params().get('checks.team.filter')).toBe('payments:-1');
    expect(params().has('checks.pageIndex')).toBe(false);
    expect(pagerText()).toContain('of 90');
  });

  it('keeps a link to a page past the rows on the last page, without rewriting the URL', () => {
    withUrl('/checks?checks.pageIndex=9&checks.pageSize=50', <ChecksTable mode="client" />);
    expect(pagerText()).toContain('Showing 101-120 of 120');
    expect(params().get('checks.pageIndex')).toBe('9');
  });
});

describe('DataTableCsvExport', () => {
  let blobs: Blob[] = [];
  beforeEach(() => {
    blobs = [];
    // jsdom has no object URLs; capture the blob the browser would download.
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:csv'),
        revokeObjectURL: () => undefined,
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const csvText = async () => (await blobs.at(-1)?.text())?.replace(/^\uFEFF/, '');
  const tricky = [
    { ...(allRows[0] as CheckRow), name: 'db, "primary"' },
    { ...(allRows[1] as CheckRow), name: 'two\nlines' },
    { ...(allRows[2] as CheckRow), name: 'plain' },
  ];

  it('exports the query rows of a client table across pages, quoted per RFC 4180, visible columns only', async () => {
    const user = userEvent.setup();
    withUrl(
      '/checks?checks.pageSize=5&checks.sortBy=name&checks.sortOrder=asc&checks.hidden=team,latency_ms,created_at',
      <ChecksTable mode="client" rows={[...tricky, ...allRows.slice(3, 12)]} />,
    );
    expect(names()).toHaveLength(5);
    await user.click(screen.getByTestId(testIds.dataTable.exportCsv));
    const lines = (await csvText())?.split('\r\n');
    expect(lines?.[0]).toBe('Name,Status');
    // Every row of the query (12), not the 5 on the page; sorted by name as shown.
    expect(lines?.slice(1, 4)).toEqual([
      'check-000003,healthy',
      'check-000004,unhealthy',
      'check-000005,unknown',
    ]);
    expect(lines?.slice(-3).join('\r\n')).toBe(
      ['"db, ""primary""",healthy', 'plain,unknown', '"two\nlines",unhealthy'].join('\r\n'),
    );
  });

  const manyRows = (n: number): CheckRow[] =>
    Array.from({ length: n }, (_, i) => ({ ...(allRows[0] as CheckRow), name: `run-${i}` }));
  const pagedFrom = (rows: CheckRow[]) =>
    vi.fn(async (query: DataTableQuery) => ({
      rows: rows.slice(query.pageIndex * query.pageSize, (query.pageIndex + 1) * query.pageSize),
      total: rows.length,
    }));

  it('exports all 1,500 rows of a server table page by page through fetchPage, and says so', async () => {
    const user = userEvent.setup();
    const fetchPage = pagedFrom(manyRows(1500));
    withUrl(
      '/checks?checks.hidden=team,latency_ms,created_at,status',
      <ChecksTable mode="server" fetchPage={fetchPage} />,
    );
    await user.click(screen.getByTestId(testIds.dataTable.exportCsv));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const lines = (await csvText())!.split('\r\n');
    expect(lines).toHaveLength(1501);
    expect(lines.at(-1)).toBe('run-1499');
    expect(fetchPage.mock.calls.map(([query]) => query.pageIndex)).toEqual([0, 1, 2]);
    expect(await screen.findByText('Exported 1,500 rows.')).toBeTruthy();
  });

  it('stops at its cap and says the file holds the first rows only, never cutting silently', async () => {
    const user = userEvent.setup();
    withUrl(
      '/checks?checks.hidden=team,latency_ms,created_at,status',
      <ChecksTable mode="server" fetchPage={pagedFrom(manyRows(1200))} cap={700} />,
    );
    await user.click(screen.getByTestId(testIds.dataTable.exportCsv));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect((await csvText())!.split('\r\n')).toHaveLength(701);
    expect(
      await screen.findByText("Exported the first 700 of 1,200 rows (the export's limit is 700)."),
    ).toBeTruthy();
  });

  it('exports every page of a server table through fetchAll with the query it shows', async () => {
    const user = userEvent.setup();
    const fetchAll = vi.fn(async () => tricky);
    withUrl(
      '/checks?checks.status.filter=healthy&checks.hidden=team,latency_ms',
      <ChecksTable mode="server" fetchAll={fetchAll} />,
    );
    await user.click(screen.getByTestId(testIds.dataTable.exportCsv));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(fetchAll).toHaveBeenCalledWith(
      expect.objectContaining({ filters: { status: 'healthy' }, pageIndex: 0 }),
    );
    expect(await csvText()).toBe(
      [
        'Name,Status,Created',
        '"db, ""primary""",healthy,2026-01-01T00:00:00.000Z',
        '"two\nlines",unhealthy,2026-01-01T00:01:00.000Z',
        'plain,unknown,2026-01-01T00:02:00.000Z',
      ].join('\r\n'),
    );
  });
});

function ManyChecks({ rows }: { rows: CheckRow[] }) {
  const opened = useState<string>('');
  const dataTable = useDataTable({
    id: 'many',
    mode: 'client',
    pagination: 'none',
    defaultSort: null,
    columns,
    data: rows,
  });
  return (
    <>
      <DataTableVirtualBody
        dataTable={dataTable}
        label="Many checks"
        maxHeight="400px"
        onRowClick={(row) => opened[1](row.name)}
      />
      <output aria-label="opened">{opened[0]}</output>
    </>
  );
}

describe('DataTableVirtualBody', () => {
  const many = generateCheckRows(50_000);

  it('renders a window of 50,000 rows and moves focus with the keyboard through all of them', async () => {
    const user = userEvent.setup();
    withUrl('/checks', <ManyChecks rows={many} />);
    const rendered = screen.getAllByTestId(testIds.dataTable.row);
    expect(rendered.length).toBeGreaterThan(10);
    expect(rendered.length).toBeLessThan(100);
    expect(screen.getByRole('table', { name: 'Many checks' }).getAttribute('aria-rowcount')).toBe(
      '50001',
    );
    // One row takes Tab (roving focus): the first.
    const focusable = rendered.filter((row) => row.tabIndex === 0);
    expect(focusable).toHaveLength(1);

    act(() => (rendered[0] as HTMLElement).focus());
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-rowindex')).toBe('4');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toContain('check-000001');

    // End goes to the last of 50,000: rendered and focused although far outside the window.
    await user.keyboard('{End}');
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-rowindex')).toBe('50001'),
    );
    expect(document.activeElement?.textContent).toContain('check-049999');
    expect(screen.getAllByTestId(testIds.dataTable.row).length).toBeLessThan(100);
    await user.keyboard('{PageUp}{Enter}');
    expect(screen.getByRole('status', { name: 'opened' }).textContent).toBe('check-049989');

    await user.keyboard('{Home}');
    expect(document.activeElement?.textContent).toContain('check-000000');
  }, 60_000);
});

function StatefulChecks({
  rows,
  isLoading,
  error,
}: {
  rows: CheckRow[];
  isLoading?: boolean;
  error?: unknown;
}) {
  const dataTable = useDataTable({
    id: 'states',
    columns,
    data: rows,
    total: rows.length,
    isLoading,
    error,
  });
  return <DataTableBody dataTable={dataTable} label="Health checks" />;
}

describe('DataTableBody states', () => {
  it("shows skeleton rows with 'loading data...', then an error row, the empty state, or rows", () => {
    const { rerender } = withUrl('/checks', <StatefulChecks rows={[]} isLoading />);
    const table = () => screen.getByRole('table', { name: 'Health checks' });
    expect(screen.getByRole('status').textContent).toContain('loading data...');
    expect(table().getAttribute('aria-busy')).toBe('true');
    expect(table().querySelectorAll('[data-slot="data-table-skeleton-row"]')).toHaveLength(5);

    const wrap = (ui: ReactNode) => (
      <UrlStateProvider binding={useHistoryUrlState}>
        <OpsdeckThemeProvider mode="light">{ui}</OpsdeckThemeProvider>
      </UrlStateProvider>
    );
    rerender(wrap(<StatefulChecks rows={[]} error={new Error('Authorization Error')} />));
    expect(screen.getByRole('alert').textContent).toBe('Authorization Error');
    expect(screen.queryByTestId(testIds.dataTable.empty)).toBeNull();

    rerender(wrap(<StatefulChecks rows={[]} />));
    expect(screen.getByTestId(testIds.dataTable.empty).textContent).toContain('No data available');

    // A failed refetch keeps the previous rows (keepPreviousData) and says why they are stale.
    rerender(wrap(<StatefulChecks rows={allRows.slice(0, 3)} error="timeout" />));
    expect(screen.getByRole('alert').textContent).toBe('timeout');
    expect(screen.getAllByTestId(testIds.dataTable.row)).toHaveLength(3);
  });
});

describe('filters inside a Modal', () => {
  function InModal() {
    const [open, setOpen] = useState(true);
    const dataTable = useDataTable({ ...checksTable, mode: 'client', columns, data: allRows });
    return (
      <Modal.Root open={open} onClose={() => setOpen(false)}>
        <Modal.Header>Check history</Modal.Header>
        <Modal.Body>
          <DataTableToolbar dataTable={dataTable}>
            <DataTableSelectFilter
              dataTable={dataTable}
              filterKey="status"
              label="Status"
              options={statusOptions}
            />
          </DataTableToolbar>
        </Modal.Body>
      </Modal.Root>
    );
  }

  it('Escape in an open select filter closes only the filter; the next closes the modal', async () => {
    const user = userEvent.setup();
    withUrl('/checks', <InModal />);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Check history' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a single select writes its value and All clears it', async () => {
    const user = userEvent.setup();
    withUrl('/checks?checks.pageIndex=1', <InModal />);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Unknown' }));
    expect(params().get('checks.status.filter')).toBe('unknown');
    expect(params().has('checks.pageIndex')).toBe(false);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    expect(params().has('checks.status.filter')).toBe(false);
  });
});

describe('accessibility', () => {
  it('axe finds nothing on the table with toolbar, filters and pager', async () => {
    // In the console every screen renders inside the layout's <main> landmark.
    withUrl(
      '/checks?checks.status.filter=healthy',
      <main>
        <ChecksTable mode="server" />
      </main>,
    );
    const results = await axe.run(document.body, {
      resultTypes: ['violations'],
      // jsdom does no layout, so contrast is checked in the themes by hand (see stories.test.tsx).
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`),
    ).toEqual([]);
  });
});
