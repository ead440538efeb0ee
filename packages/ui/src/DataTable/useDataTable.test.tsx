import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UrlStateProvider } from '../routing/UrlState.tsx';
import { useHistoryUrlState } from '../routing/historyUrlState.ts';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { checkColumns, generateCheckRows } from './fixtures.ts';
import { DataTablePager } from './DataTablePager.tsx';
import { useDataTable, useDataTableQuery, type DataTableQuery } from './useDataTable.tsx';

const allRows = generateCheckRows(120);
let fetched: DataTableQuery[] = [];

// A "server page": what a fetch with this query would answer, newest first.
function serverPage(query: DataTableQuery) {
  const filtered = allRows.filter(
    (row) => !query.filters.status || row.status === query.filters.status,
  );
  const sorted = [...filtered].sort((a, b) =>
    query.sortOrder === 'desc'
      ? b.created_at.localeCompare(a.created_at)
      : a.created_at.localeCompare(b.created_at),
  );
  return {
    rows: sorted.slice(query.pageIndex * query.pageSize, (query.pageIndex + 1) * query.pageSize),
    total: filtered.length,
  };
}

const checksTable = { id: 'checks', filters: ['status'] } as const;

function ServerPagedChecks() {
  // The fetch reads the URL half before rows exist; the table gets the same options and the rows.
  const { query } = useDataTableQuery(checksTable);
  const page = serverPage(query);
  fetched.push(query);
  const dataTable = useDataTable({
    ...checksTable,
    columns: checkColumns,
    data: page.rows,
    total: page.total,
  });
  return (
    <>
      <button type="button" onClick={() => dataTable.setFilter('status', 'healthy')}>
        Healthy only
      </button>
      <ul aria-label="rows">
        {dataTable.table.getRowModel().rows.map((row) => (
          <li key={row.id}>{row.original.name}</li>
        ))}
      </ul>
      <DataTablePager dataTable={dataTable} label="Checks pagination" />
    </>
  );
}

function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  fetched = [];
  return render(
    <UrlStateProvider binding={useHistoryUrlState}>
      <OpsdeckThemeProvider>
        <ServerPagedChecks />
      </OpsdeckThemeProvider>
    </UrlStateProvider>,
  );
}

const lastFetch = () => fetched.at(-1)!;
const params = () => new URLSearchParams(window.location.search);
const firstRow = () => screen.getByRole('list', { name: 'rows' }).firstElementChild?.textContent;

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe('useDataTable', () => {
  it('starts from the spec defaults: 50 rows, created_at descending', () => {
    renderAt('/checks');
    expect(lastFetch()).toEqual({
      pageIndex: 0,
      pageSize: 50,
      sortBy: 'created_at',
      sortOrder: 'desc',
      filters: {},
    });
    expect(firstRow()).toBe('check-000119');
    expect(screen.getByRole('navigation', { name: 'Checks pagination' }).textContent).toContain(
      'Showing 1-50 of 120',
    );
  });

  it('keeps the pager, the URL and the fetch on the same page, on the history binding (no router)', async () => {
    const user = userEvent.setup();
    renderAt('/checks?other=kept');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(params().get('checks.pageIndex')).toBe('1'));
    expect(lastFetch()).toMatchObject({ pageIndex: 1, pageSize: 50 });
    expect(firstRow()).toBe('check-000069');
    expect(params().get('other')).toBe('kept');

    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await user.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(params().get('checks.pageSize')).toBe('25'));
    // A new size returns to the first page.
    expect(params().get('checks.pageIndex')).toBeNull();
    expect(lastFetch()).toMatchObject({ pageIndex: 0, pageSize: 25 });

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Healthy only' }));
    await waitFor(() => expect(params().get('checks.status.filter')).toBe('healthy'));
    // A filter returns to the first page too.
    expect(lastFetch()).toEqual({
      pageIndex: 0,
      pageSize: 25,
      sortBy: 'created_at',
      sortOrder: 'desc',
      filters: { status: 'healthy' },
    });
    expect(screen.getByRole('navigation', { name: 'Checks pagination' }).textContent).toContain(
      'Showing 1-25 of 40',
    );
  });

  it('reproduces the same page from a reloaded URL', () => {
    renderAt(
      '/checks?checks.pageIndex=1&checks.pageSize=25&checks.status.filter=unhealthy&checks.sortBy=created_at&checks.sortOrder=asc',
    );
    expect(lastFetch()).toEqual({
      pageIndex: 1,
      pageSize: 25,
      sortBy: 'created_at',
      sortOrder: 'asc',
      filters: { status: 'unhealthy' },
    });
    expect(screen.getByRole('navigation', { name: 'Checks pagination' }).textContent).toContain(
      'Showing 26-40 of 40',
    );
  });
});
