import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { UrlStateProvider } from '../routing/UrlState.tsx';
import { useHistoryUrlState } from '../routing/historyUrlState.ts';
import { browserStorage, storePageSize } from './pageSize.ts';
import {
  readDataTableQuery,
  useDataTableQuery,
  type DataTableUrlOptions,
} from './useDataTable.tsx';

const wrapper = ({ children }: { children: ReactNode }) => (
  <UrlStateProvider binding={useHistoryUrlState}>{children}</UrlStateProvider>
);

/** What the page's hook reads at `url`, and what a prefetch reads from the same URL. */
function bothAt(url: string, options: DataTableUrlOptions) {
  window.history.replaceState(null, '', url);
  const { result } = renderHook(() => useDataTableQuery(options), { wrapper });
  return {
    page: result.current.query,
    prefetch: readDataTableQuery(new URL(url, window.location.origin).searchParams, options),
  };
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  localStorage.clear();
});

describe("readDataTableQuery, a table's URL state outside React", () => {
  const runs: DataTableUrlOptions = {
    id: 'runs',
    filters: ['status'],
    searchKey: 'q',
    defaultSort: { id: 'created_at', desc: true },
  };

  it('reads what useDataTableQuery reads: filters, the search box, sort and page', () => {
    const { page, prefetch } = bothAt(
      '/runs?runs.status.filter=failed&runs.q.filter=db&runs.sortBy=name&runs.sortOrder=asc&runs.pageIndex=2',
      runs,
    );
    expect(prefetch).toEqual(page);
    expect(prefetch).toMatchObject({
      pageIndex: 2,
      sortBy: 'name',
      sortOrder: 'asc',
      filters: { status: 'failed', q: 'db' },
    });
  });

  it('falls back to the page size remembered for the table, then the default, as the hook does', () => {
    expect(bothAt('/runs', runs).prefetch.pageSize).toBe(bothAt('/runs', runs).page.pageSize);
    storePageSize(browserStorage(), 'runs', 25);
    const { page, prefetch } = bothAt('/runs', runs);
    expect(prefetch).toEqual(page);
    expect(prefetch.pageSize).toBe(25);
  });

  it('reads a table whose params have no prefix', () => {
    const { page, prefetch } = bothAt('/catalog?search.filter=web&pageSize=100', {
      ...runs,
      id: 'catalog',
      urlPrefix: '',
      searchKey: 'search',
    });
    expect(prefetch).toEqual(page);
    expect(prefetch).toMatchObject({ pageSize: 100, filters: { search: 'web' } });
  });
});
