// The table's sort, filters and page in the URL (through the ui routing binding), with the page size
// falling back to the one this browser remembered. Exported so a server-side caller reads the very
// state the table writes and fetches with it.
import { useCallback, useMemo, useState } from 'react';
import { useUrlState } from '../routing/UrlState.tsx';
import {
  browserStorage,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  readStoredPageSize,
  storePageSize,
} from './pageSize.ts';
import type { TimeRange } from '../TimeRangePicker/timeRange.ts';
import { readPrefixedTimeRange, timeRangeUrlKey, writePrefixedTimeRange } from './timeRangeUrl.ts';
import {
  readTableUrlState,
  writeTableUrlState,
  type ColumnSort,
  type TableUrlState,
} from './urlState.ts';

export interface UseTableUrlStateOptions {
  /** Prefix of every URL parameter, so two tables on one page keep their own state. */
  prefix?: string;
  defaultSort?: ColumnSort;
  /** Column ids that may be filtered; other `.filter` params are left alone. */
  filterKeys?: readonly string[];
  /** Key of the page size this browser remembers; no memory without it. */
  tableId?: string;
  pageSizeOptions?: readonly number[];
  defaultPageSize?: number;
}

export interface TableUrlStateControls {
  state: TableUrlState & { pageSize: number };
  /**
   * Writes the state as a new history entry, so Back undoes a sort, a page or a filter;
   * `{ replace: true }` for what is no step of the user's (a virtual list growing its page).
   */
  update: (patch: Partial<TableUrlState>, options?: { replace?: boolean }) => void;
  /** A page size the user picked: back to the first page, and remembered for this browser. */
  choosePageSize: (pageSize: number) => void;
  /** Sets one `{key}.filter` ('' clears it) and returns to the first page. */
  setFilter: (key: string, value: string) => void;
  /** The table's time range (`{prefix}rangeType`, `{prefix}timeRange`, `{prefix}from`, `{prefix}to`). */
  timeRange: TimeRange | undefined;
  /** Sets or (undefined) clears the time range, and returns to the first page. */
  setTimeRange: (range: TimeRange | undefined) => void;
}

export function useTableUrlState(options: UseTableUrlStateOptions = {}): TableUrlStateControls {
  const {
    prefix = '',
    defaultSort,
    filterKeys,
    tableId,
    pageSizeOptions = PAGE_SIZE_OPTIONS,
    defaultPageSize = DEFAULT_PAGE_SIZE,
  } = options;
  const { searchParams: params, setSearchParams: setParams } = useUrlState();
  // Callers often pass fresh arrays and objects each render; compare them by content.
  const filterKeysKey = filterKeys?.join('\u0000');
  const sortId = defaultSort?.id;
  const sortDesc = defaultSort?.desc;

  const urlState = useMemo(
    () =>
      readTableUrlState(params, {
        prefix,
        defaultSort: sortId === undefined ? undefined : { id: sortId, desc: sortDesc ?? false },
        filterKeys: filterKeysKey?.split('\u0000'),
      }),
    [params, prefix, sortId, sortDesc, filterKeysKey],
  );

  // Re-read (and re-log an invalid range) only when one of the range's own params changes.
  const rangeKey = timeRangeUrlKey(params, prefix);
  const timeRange = useMemo(() => readPrefixedTimeRange(params, prefix), [rangeKey, prefix]);

  const [storedPageSize, setStoredPageSize] = useState(() =>
    tableId ? readStoredPageSize(browserStorage(), tableId, pageSizeOptions) : undefined,
  );

  const update = useCallback(
    (patch: Partial<TableUrlState>, writeOptions?: { replace?: boolean }) => {
      // Pushed: Back undoes a sort, a page or a filter (a search is written once it settles, not
      // at every keystroke).
      setParams(
        (current) =>
          writeTableUrlState(current, patch, {
            prefix,
            filterKeys: filterKeysKey?.split('\u0000'),
          }),
        { replace: writeOptions?.replace ?? false },
      );
    },
    [setParams, prefix, filterKeysKey],
  );

  const setFilter = useCallback(
    (key: string, value: string) => {
      // Read from the params being written, not from this render: a debounced search that lands
      // after another filter changed must not bring the old one back.
      setParams(
        (current) => {
          const keys = filterKeysKey?.split('\u0000');
          const { columnFilters } = readTableUrlState(current, { prefix, filterKeys: keys });
          return writeTableUrlState(
            current,
            {
              columnFilters: [
                ...columnFilters.filter((filter) => filter.id !== key),
                ...(value === '' ? [] : [{ id: key, value }]),
              ],
            },
            { prefix, filterKeys: keys },
          );
        },
        { replace: false },
      );
    },
    [setParams, prefix, filterKeysKey],
  );

  const setTimeRange = useCallback(
    (range: TimeRange | undefined) => {
      setParams(
        (current) =>
          writeTableUrlState(
            writePrefixedTimeRange(current, prefix, range),
            { pageIndex: 0 },
            { prefix },
          ),
        { replace: false },
      );
    },
    [setParams, prefix],
  );

  const choosePageSize = useCallback(
    (pageSize: number) => {
      if (tableId) {
        storePageSize(browserStorage(), tableId, pageSize);
        setStoredPageSize(pageSize);
      }
      update({ pageSize, pageIndex: 0 });
    },
    [tableId, update],
  );

  const state = useMemo(
    () => ({ ...urlState, pageSize: urlState.pageSize ?? storedPageSize ?? defaultPageSize }),
    [urlState, storedPageSize, defaultPageSize],
  );

  return { state, update, choosePageSize, setFilter, timeRange, setTimeRange };
}
