import {
  configCountQuery,
  configPageQuery,
  configSummaryQuery,
  getConfigPage,
  type ConfigListItem,
  type ConfigSummaryRow,
} from '@opsdeck/api-client/catalog';
import { useApiClient } from '@opsdeck/api-client/react';
import {
  Button,
  EmptyState,
  encodeTriState,
  useReactRouterUrlState,
  useUrlState,
} from '@opsdeck/ui';
import {
  DataTableBody,
  DataTableCsvExport,
  DataTablePager,
  DataTableRoot,
  DataTableToolbar,
  DataTableTriStateFilter,
  useDataTable,
  useDataTableQuery,
  type DataTableQuery,
} from '@opsdeck/ui/data-table';
import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { CatalogNav } from '../components/CatalogNav.tsx';
import { Muted, PageRoot, Toolbar } from '../components/PageLayout.ts';
import { useConfigFilterOptions, usePaintedSince } from '../hooks.ts';
import { healthValues, humanize } from '../model/format.ts';
import {
  configListQueryOf,
  configSummaryQueryOf,
  listFilterKeys,
  listTotal,
  showsGroups,
  withFilter,
} from '../model/listQuery.ts';
import { catalogTestIds } from '../testIds.ts';
import { configColumns, groupColumns } from './columns.tsx';
import { ConfigLinksProvider, configPath } from './ConfigLink.tsx';

// One options object for the fetch's and the table's reads of the URL: the catalog's list owns
// the page's plain params (`type.filter`, `sortBy`, `pageIndex`...), as the reference UI's do.
const listTable = {
  id: 'catalog',
  urlPrefix: '',
  defaultSort: { id: 'type', desc: false },
  filters: listFilterKeys,
  searchKey: 'search',
  defaultHidden: ['updated_at'],
  fallbackUrlState: useReactRouterUrlState,
};
const groupsTable = {
  id: 'catalogGroups',
  defaultSort: { id: 'count', desc: true },
  rememberPageSize: false,
  fallbackUrlState: useReactRouterUrlState,
};
const noRows: ConfigListItem[] = [];
const noGroups: ConfigSummaryRow[] = [];
const rowId = (row: ConfigListItem) => row.id;
const groupId = (row: ConfigSummaryRow) => row.type ?? '';
const healthOptions = healthValues.map((value) => ({ value, label: humanize(value) }));
/** The CSV export reads at most this many rows, a page of 500 at a time. */
const exportLimit = 10_000;

/** `/catalog`: the configs, grouped by type until something narrows them (console §2). */
export function CatalogListPage() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const urlState = useUrlState(useReactRouterUrlState);
  const groupBy = urlState.searchParams.get('groupBy');
  const { query: tableQuery } = useDataTableQuery(listTable);
  const listQuery = configListQueryOf(tableQuery);
  const grouped = showsGroups(listQuery, groupBy);

  const list = useQuery({ ...configPageQuery(client, listQuery), enabled: !grouped });
  // The total is asked once this page's rows are on screen, so counting (which may read every
  // matching config) never delays them nor competes with drawing them; a new page or order of the
  // same filters finds its count in the cache.
  const countQuery = configCountQuery(client, listQuery);
  const rowsCurrent = list.isSuccess && !list.isPlaceholderData;
  const rowsShown = usePaintedSince(
    !grouped && rowsCurrent ? hashKey(countQuery.queryKey) : undefined,
  );
  const count = useQuery({ ...countQuery, enabled: rowsShown });
  const rows = list.data ?? noRows;
  const listCount = listTotal({
    pageIndex: listQuery.pageIndex,
    pageSize: listQuery.pageSize,
    rows: rows.length,
    rowsCurrent,
    count: count.data,
    countCurrent: count.isSuccess && !count.isPlaceholderData,
  });
  const summary = useQuery({
    ...configSummaryQuery(client, configSummaryQueryOf(listQuery)),
    enabled: grouped,
  });
  const options = useConfigFilterOptions();

  const dataTable = useDataTable({
    ...listTable,
    columns: configColumns,
    data: rows,
    // Until the count answers, the pager knows at least the rows up to this page.
    total: listCount ?? listQuery.pageIndex * listQuery.pageSize + rows.length,
    getRowId: rowId,
    isLoading: !grouped && list.isPending,
    error: list.data ? undefined : (list.error ?? undefined),
  });
  const groups = useDataTable({
    ...groupsTable,
    mode: 'client',
    pagination: 'none',
    columns: groupColumns,
    data: summary.data ?? noGroups,
    getRowId: groupId,
    isLoading: grouped && summary.isPending,
    error: summary.data ? undefined : (summary.error ?? undefined),
  });

  // The toolbar's filters and settled search write the URL; the rows of the new URL are asked for
  // at once, not a render, a commit and an effect later when the page reads the URL back (the
  // same query key, so the page finds the request under way or its answer in the cache).
  const toolbarTable = {
    ...dataTable,
    setFilter: (key: string, value: string) => {
      const next = configListQueryOf(withFilter(tableQuery, key, value));
      if (!showsGroups(next, groupBy))
        void queryClient.prefetchQuery(configPageQuery(client, next));
      dataTable.setFilter(key, value);
    },
  };

  const setGrouping = (on: boolean) =>
    urlState.setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (on) next.delete('groupBy');
        else next.set('groupBy', 'none');
        return next;
      },
      { replace: true },
    );

  const fetchAll = useCallback(
    async (query: DataTableQuery) => {
      const all: ConfigListItem[] = [];
      const base = configListQueryOf(query);
      for (let pageIndex = 0; all.length < exportLimit; pageIndex++) {
        const page = await getConfigPage(client, { ...base, pageIndex, pageSize: 500 });
        all.push(...page);
        if (page.length < 500) break;
      }
      return all;
    },
    [client],
  );

  const total = grouped
    ? (summary.data ?? []).reduce((sum, group) => sum + group.count, 0)
    : listCount;
  const loaded = grouped ? summary.data : total !== undefined;
  // Once a request has failed the table says why; the line above it stops saying it loads.
  const failed = grouped ? summary.isError : list.isError || count.isError;

  return (
    <PageRoot data-testid={catalogTestIds.list.root}>
      <CatalogNav />
      <DataTableRoot>
        <DataTableToolbar
          dataTable={toolbarTable}
          searchLabel="Search configs"
          searchPlaceholder="Name, type, description or namespace"
          actions={
            <>
              <Button
                aria-pressed={groupBy !== 'none'}
                onClick={() => setGrouping(groupBy === 'none')}
              >
                Group by type
              </Button>
              {grouped ? null : (
                <DataTableCsvExport dataTable={dataTable} fileName="catalog" fetchAll={fetchAll} />
              )}
            </>
          }
        >
          <DataTableTriStateFilter
            dataTable={toolbarTable}
            filterKey="type"
            label="Type"
            options={options.types}
            placeholder="All types"
          />
          <DataTableTriStateFilter
            dataTable={toolbarTable}
            filterKey="health"
            label="Health"
            options={healthOptions}
            placeholder="All"
          />
          <DataTableTriStateFilter
            dataTable={toolbarTable}
            filterKey="status"
            label="Status"
            options={options.statuses}
            placeholder="All"
          />
          <DataTableTriStateFilter
            dataTable={toolbarTable}
            filterKey="labels"
            label="Labels"
            options={options.labels}
            tagMode
            placeholder="All"
          />
          <DataTableTriStateFilter
            dataTable={toolbarTable}
            filterKey="tags"
            label="Tags"
            options={options.tags}
            tagMode
            placeholder="All"
          />
        </DataTableToolbar>
        <Toolbar>
          <Muted data-testid={catalogTestIds.list.count} aria-live="polite">
            {loaded
              ? grouped
                ? `${total} configs in ${summary.data?.length ?? 0} types`
                : `${total} configs`
              : failed
                ? null
                : 'Loading configs…'}
          </Muted>
        </Toolbar>
        {grouped ? (
          <div data-testid={catalogTestIds.list.groups}>
            <DataTableBody
              dataTable={groups}
              label="Config types"
              rowActionDescription="Press Enter to list the configs of this type"
              onRowClick={(group) =>
                group.type && dataTable.setFilter('type', encodeTriState({ [group.type]: 1 }))
              }
              empty={<EmptyState kind="resources" />}
            />
          </div>
        ) : (
          <>
            <ConfigLinksProvider>
              <DataTableBody
                dataTable={dataTable}
                label="Configs"
                rowActionDescription="Press Enter to open the config"
                onRowClick={(config) => void navigate(configPath(config.id))}
                empty={<EmptyState kind="resources" />}
              />
            </ConfigLinksProvider>
            <DataTablePager dataTable={dataTable} label="Configs pagination" />
          </>
        )}
      </DataTableRoot>
    </PageRoot>
  );
}
