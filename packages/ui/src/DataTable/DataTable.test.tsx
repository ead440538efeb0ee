import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { testIds } from '../testIds.ts';
import { DataTable, type DataTableProps } from './DataTable.tsx';
import { checkColumns, generateCheckRows, type CheckRow } from './fixtures.ts';
import { pageSizeStorageKey } from './pageSize.ts';
import { useReactRouterUrlState } from '../routing/reactRouterUrlState.ts';
import { UrlStateProvider } from '../routing/UrlState.tsx';

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="url">{location.search}</output>;
}

function renderWithUrl(ui: ReactNode, url = '/') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <UrlStateProvider binding={useReactRouterUrlState}>
        <OpsdeckThemeProvider>
          {ui}
          <LocationProbe />
        </OpsdeckThemeProvider>
      </UrlStateProvider>
    </MemoryRouter>,
  );
}

function search(): URLSearchParams {
  return new URLSearchParams(screen.getByRole('status', { name: 'url' }).textContent ?? '');
}

// hidden: true skips Testing Library's visibility check, which asked jsdom for the computed style of
// every cell and its ancestors on each call (each waitFor poll); the rows come by test id, unchecked
// alike, and a hidden column is not rendered at all.
function firstColumnTexts(): string[] {
  return screen
    .getAllByTestId(testIds.dataTable.row)
    .map((row) => within(row).getAllByRole('cell', { hidden: true })[0]?.textContent ?? '');
}

const rows12 = generateCheckRows(12);

function checksTable(props: Partial<DataTableProps<CheckRow>> = {}) {
  return (
    <DataTable
      label="Health checks"
      columns={checkColumns}
      data={rows12}
      getRowId={(row) => row.id}
      {...props}
    />
  );
}

beforeEach(() => localStorage.clear());

describe('DataTable sorting in the URL', () => {
  it('sorts by the default sort while the URL has none, and a header button writes sortBy and sortOrder', async () => {
    const user = userEvent.setup();
    renderWithUrl(checksTable({ defaultSort: { id: 'created_at', desc: true } }));
    expect(firstColumnTexts()[0]).toBe('check-000011');
    expect(screen.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );

    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(search().get('sortBy')).toBe('name');
    expect(search().get('sortOrder')).toBe('asc');
    expect(firstColumnTexts()[0]).toBe('check-000000');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );

    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(search().get('sortOrder')).toBe('desc');
    expect(firstColumnTexts()[0]).toBe('check-000011');
  });

  it('reads sort, page and page size from the URL', () => {
    renderWithUrl(checksTable(), '/?sortBy=name&sortOrder=desc&pageIndex=1&pageSize=5');
    expect(firstColumnTexts()).toEqual([
      'check-000006',
      'check-000005',
      'check-000004',
      'check-000003',
      'check-000002',
    ]);
    expect((screen.getByTestId(testIds.dataTable.pageInput) as HTMLInputElement).value).toBe('2');
    expect(screen.getByText('Showing 6-10 of 12')).toBeTruthy();
  });

  it('keeps two tables apart with a parameter prefix', async () => {
    const user = userEvent.setup();
    renderWithUrl(
      <>
        {checksTable({ label: 'First', urlParamPrefix: 'a.' })}
        {checksTable({ label: 'Second', urlParamPrefix: 'b.' })}
      </>,
    );
    const second = screen.getByRole('table', { name: 'Second' });
    await user.click(within(second).getByRole('button', { name: /^Team/ }));
    expect(search().get('b.sortBy')).toBe('team');
    expect(search().has('a.sortBy')).toBe(false);
    expect(
      within(screen.getByRole('table', { name: 'First' }))
        .getByRole('columnheader', { name: /Team/ })
        .getAttribute('aria-sort'),
    ).toBe('none');
  });
});

describe('DataTable filters', () => {
  it('writes {key}.filter to the URL and shows only matching rows', async () => {
    const user = userEvent.setup();
    renderWithUrl(checksTable(), '/?pageIndex=1&pageSize=5');
    await user.type(screen.getByRole('searchbox', { name: 'Filter Name' }), '00001');
    expect(search().get('name.filter')).toBe('00001');
    // A new filter starts again at the first page.
    expect(search().has('pageIndex')).toBe(false);
    expect(firstColumnTexts()).toEqual(['check-000001', 'check-000010', 'check-000011']);
  });

  it('applies a filter that arrives in the URL', () => {
    renderWithUrl(checksTable(), '/?status.filter=unhealthy');
    expect(firstColumnTexts()).toEqual([
      'check-000001',
      'check-000004',
      'check-000007',
      'check-000010',
    ]);
  });
});

describe('DataTable pagination', () => {
  it('remembers a picked page size per browser and resets to the first page', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithUrl(checksTable({ tableId: 'checks' }), '/?pageIndex=1');
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await user.click(screen.getByRole('option', { name: '10' }));
    expect(search().get('pageSize')).toBe('10');
    expect(search().has('pageIndex')).toBe(false);
    expect(localStorage.getItem(pageSizeStorageKey('checks'))).toBe('10');
    unmount();

    renderWithUrl(checksTable({ tableId: 'checks' }));
    expect(screen.getAllByTestId(testIds.dataTable.row)).toHaveLength(10);
  });

  it('offers the spec page sizes, and 50/100/200 for the grid variant', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithUrl(checksTable());
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '5',
      '10',
      '25',
      '50',
      '100',
      '150',
      '200',
      '250',
      '300',
      '500',
      '1000',
    ]);
    expect(screen.getByRole('combobox', { name: 'Rows per page' }).textContent).toContain('50');
    unmount();
    renderWithUrl(checksTable({ variant: 'grid' }));
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['50', '100', '200']);
  });

  it('goes to the typed page, clamped to the page count, and with one page the input is read-only', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithUrl(checksTable(), '/?pageSize=5');
    const input = screen.getByTestId(testIds.dataTable.pageInput) as HTMLInputElement;
    expect(input.min).toBe('1');
    expect(input.max).toBe('3');
    await user.clear(input);
    await user.type(input, '9{Enter}');
    expect(search().get('pageIndex')).toBe('2');
    expect(firstColumnTexts()).toEqual(['check-000010', 'check-000011']);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(search().get('pageIndex')).toBe('1');
    unmount();

    renderWithUrl(checksTable());
    expect((screen.getByTestId(testIds.dataTable.pageInput) as HTMLInputElement).readOnly).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('in server-side mode shows the rows as given and pages by the total count', () => {
    renderWithUrl(
      checksTable({ manual: true, data: rows12.slice(0, 5), totalRowCount: 1234 }),
      '/?pageSize=5&pageIndex=3&sortBy=name&sortOrder=desc',
    );
    // Not re-sorted or sliced: the server did that.
    expect(firstColumnTexts()).toEqual([
      'check-000000',
      'check-000001',
      'check-000002',
      'check-000003',
      'check-000004',
    ]);
    expect(screen.getByText('Showing 16-20 of 1,234')).toBeTruthy();
    expect((screen.getByTestId(testIds.dataTable.pageInput) as HTMLInputElement).max).toBe('247');
  });
});

describe('DataTable states and rows', () => {
  it("shows 'loading data...' while loading and 'No data available' when empty", () => {
    const { unmount } = renderWithUrl(checksTable({ isLoading: true }));
    expect(screen.getByTestId(testIds.dataTable.loading).textContent).toContain('loading data...');
    expect(screen.queryAllByTestId(testIds.dataTable.row)).toHaveLength(0);
    unmount();
    renderWithUrl(checksTable({ data: [] }));
    expect(screen.getByTestId(testIds.dataTable.empty).textContent).toContain('No data available');
  });

  it('activates a row by click and by Enter', async () => {
    const user = userEvent.setup();
    const opened: string[] = [];
    renderWithUrl(
      checksTable({
        onRowClick: (row) => opened.push(row.name),
        rowActionDescription: 'Opens the check',
      }),
    );
    const rows = screen.getAllByTestId(testIds.dataTable.row);
    await user.click(within(rows[1] as HTMLElement).getByText('check-000001'));
    (rows[2] as HTMLElement).focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{Enter}');
    expect(opened).toEqual(['check-000001', 'check-000002', 'check-000003']);
    expect(screen.getAllByRole('row', { description: 'Opens the check' }).length).toBeGreaterThan(
      0,
    );
  });

  it('leaves a click on a link or button inside a row to that control', async () => {
    const user = userEvent.setup();
    const opened: string[] = [];
    const pressed: string[] = [];
    const withControls = [
      ...checkColumns,
      {
        id: 'controls',
        header: 'Controls',
        cell: ({ row }: { row: { original: CheckRow } }) => (
          <>
            <a href={`#check-${row.original.id}`} onClick={(event) => event.preventDefault()}>
              Docs of {row.original.name}
            </a>
            <button type="button" onClick={() => pressed.push(row.original.name)}>
              Mute {row.original.name}
            </button>
          </>
        ),
      },
    ];
    renderWithUrl(
      checksTable({ columns: withControls, onRowClick: (row) => opened.push(row.name) }),
    );
    // A Ctrl+click opens the link in another tab; this page stays on its row.
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('link', { name: 'Docs of check-000001' }));
    await user.keyboard('{/Control}');
    await user.click(screen.getByRole('button', { name: 'Mute check-000002' }));
    expect(opened).toEqual([]);
    expect(pressed).toEqual(['check-000002']);
    await user.click(screen.getByText('check-000003'));
    expect(opened).toEqual(['check-000003']);
  });

  it('groups rows and expands a group from the keyboard', async () => {
    const user = userEvent.setup();
    renderWithUrl(checksTable({ grouping: ['team'], pagination: 'none' }));
    expect(screen.getAllByTestId(testIds.dataTable.row)).toHaveLength(4);
    const toggle = screen.getByRole('button', { name: /payments \(3\)/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByTestId(testIds.dataTable.row)).toHaveLength(7);
    expect(screen.getByText('check-000004')).toBeTruthy();
  });

  it('expands rows that have children', async () => {
    const user = userEvent.setup();
    const [parent, ...rest] = generateCheckRows(3);
    const tree: CheckRow[] = [{ ...(parent as CheckRow), children: rest }];
    renderWithUrl(checksTable({ data: tree, getSubRows: (row) => row.children }));
    expect(screen.getAllByTestId(testIds.dataTable.row)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Expand row' }));
    expect(firstColumnTexts()).toEqual([
      'Collapse rowcheck-000000',
      'check-000001',
      'check-000002',
    ]);
  });

  it('hides a column from the column menu', async () => {
    const user = userEvent.setup();
    renderWithUrl(checksTable());
    await user.click(screen.getByRole('combobox', { name: 'Columns' }));
    await user.click(screen.getByRole('option', { name: 'Team' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('columnheader', { name: /Team/ })).toBeNull();
    expect(screen.getAllByRole('columnheader')).toHaveLength(4);
  });
});

describe('DataTable CSV export', () => {
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

  it('exports the visible columns of the shown rows, in the shown order', async () => {
    const user = userEvent.setup();
    const data = [
      rows12[0],
      rows12[1],
      { ...(rows12[2] as CheckRow), name: 'db, "primary"' },
      rows12[5],
    ] as CheckRow[];
    renderWithUrl(
      checksTable({
        data,
        csvFileName: 'checks',
        initialColumnVisibility: { team: false, latency_ms: false },
      }),
      '/?sortBy=name&sortOrder=desc&status.filter=unknown',
    );
    await user.click(screen.getByTestId(testIds.dataTable.exportCsv));
    expect(blobs).toHaveLength(1);
    const text = (await blobs[0]?.text())?.replace(/^\uFEFF/, '');
    expect(text).toBe(
      [
        'Name,Status,Created',
        '"db, ""primary""",unknown,2026-01-01T00:02:00.000Z',
        'check-000005,unknown,2026-01-01T00:05:00.000Z',
      ].join('\r\n'),
    );
  });
});

describe('DataTable with many rows', () => {
  it('renders 100,000 rows with only a bounded number of row elements in the DOM', () => {
    const many = generateCheckRows(100_000);
    renderWithUrl(
      <DataTable label="Many checks" columns={checkColumns} data={many} pagination="none" />,
    );
    const rendered = screen.getAllByTestId(testIds.dataTable.row);
    expect(rendered.length).toBeGreaterThan(10);
    expect(rendered.length).toBeLessThan(100);
    expect(screen.getByRole('table', { name: 'Many checks' }).getAttribute('aria-rowcount')).toBe(
      '100001',
    );
    expect(screen.getByText('Showing 100,000 of 100,000')).toBeTruthy();
    // Building 100,000 TanStack rows takes a few seconds of CPU on a loaded CI box; this test
    // asserts the DOM stays bounded, not how long that takes.
  }, 60_000);

  it('doubles the page size in virtual pagination when the last row is reached', async () => {
    const reached = vi.fn();
    renderWithUrl(
      <DataTable
        label="Growing"
        columns={checkColumns}
        data={generateCheckRows(500)}
        pagination="virtual"
        onReachEnd={reached}
      />,
      '/?pageSize=5',
    );
    // 5 rows fit the viewport, so the end is in view: 5 -> 10 -> 20 -> 40, which no longer fits;
    // the end was reached three times.
    await waitFor(() => expect(search().get('pageSize')).toBe('40'));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(search().get('pageSize')).toBe('40');
    expect(reached).toHaveBeenCalledTimes(3);
  });
});
