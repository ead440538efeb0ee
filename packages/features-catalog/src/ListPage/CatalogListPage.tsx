import {
  configCountQuery,
  configPageQuery,
  configSummaryQuery,
  getConfigList,
  type ConfigListItem,
  type ConfigListQuery,
  type ConfigSummaryRow,
} from '@opsdeck/api-client/catalog';
import { useApiClient } from '@opsdeck/api-client/react';
import { Button, EmptyState, encodeTriState, useUrlState } from '@opsdeck/ui';
import {
  DataTableBody,
  DataTableCsvExport,
  DataTablePager,
  DataTableRoot,
  DataTableToolbar,
  DataTableTriStateFilter,
  useDataTable,
  useServerList,
} from '@opsdeck/ui/data-table';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CatalogNav } from '../components/CatalogNav.tsx';
import { Muted, PageRoot, Toolbar } from '../components/PageLayout.ts';
import { useConfigFilterOptions } from '../hooks.ts';
import { healthValues, humanize } from '../model/format.ts';
import { configSummaryQueryOf, showsGroups } from '../model/listQuery.ts';
import { catalogListRequest, listTable } from '../model/pageQueries.ts';
import { catalogTestIds } from '../testIds.ts';
import { configColumns, groupColumns } from './columns.tsx';
import { ConfigLinksProvider, configPath } from './ConfigLink.tsx';

const groupsTable = {
  id: 'catalogGroups',
  defaultSort: { id: 'count', desc: true },
  rememberPageSize: false,
};
const noGroups: ConfigSummaryRow[] = [];
const rowId = (row: ConfigListItem) => row.id;
const groupId = (row: ConfigSummaryRow) => row.type ?? '';
const healthOptions = healthValues.map((value) => ({ value, label: humanize(value) }));

/** `/catalog`: the configs, grouped by type until something narrows them (console §2). */
export function CatalogListPage() {
  const client = useApiClient();
  const navigate = useNavigate();
  const urlState = useUrlState();
  const groupBy = urlState.searchParams.get('groupBy');
  // The rows while something narrows the list; the groups by type otherwise.
  const {
    dataTable,
    request: listQuery,
    total: listCount,
    failed: listFailed,
  } = useServerList({
    ...listTable,
    columns: configColumns,
    getRowId: rowId,
    // The same request as the route's prefetch makes for this URL (pageQueries.ts).
    request: (query) => catalogListRequest(query, urlState.searchParams),
    page: (query: ConfigListQuery) => configPageQuery(client, query),
    count: (query: ConfigListQuery) => configCountQuery(client, query),
    exportPage: async (query: ConfigListQuery) => {
      const page = await getConfigList(client, query);
      return { rows: page.data, total: page.total };
    },
    enabled: (query: ConfigListQuery) => !showsGroups(query, groupBy),
  });
  const grouped = showsGroups(listQuery, groupBy);
  const summary = useQuery({
    ...configSummaryQuery(client, configSummaryQueryOf(listQuery)),
    enabled: grouped,
  });
  const options = useConfigFilterOptions();

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

  const total = grouped
    ? (summary.data ?? []).reduce((sum, group) => sum + group.count, 0)
    : listCount;
  const loaded = grouped ? summary.data : total !== undefined;
  // Once a request has failed the table says why; the line above it stops saying it loads.
  const failed = grouped ? summary.isError : listFailed;

  return (
    <PageRoot data-testid={catalogTestIds.list.root}>
      <CatalogNav />
      <DataTableRoot>
        <DataTableToolbar
          dataTable={dataTable}
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
              {grouped ? null : <DataTableCsvExport dataTable={dataTable} fileName="catalog" />}
            </>
          }
        >
          <DataTableTriStateFilter
            dataTable={dataTable}
            filterKey="type"
            label="Type"
            options={options.types}
            placeholder="All types"
          />
          <DataTableTriStateFilter
            dataTable={dataTable}
            filterKey="health"
            label="Health"
            options={healthOptions}
            placeholder="All"
          />
          <DataTableTriStateFilter
            dataTable={dataTable}
            filterKey="status"
            label="Status"
            options={options.statuses}
            placeholder="All"
          />
          <DataTableTriStateFilter
            dataTable={dataTable}
            filterKey="labels"
            label="Labels"
            options={options.labels}
            tagMode
            placeholder="All"
          />
          <DataTableTriStateFilter
            dataTable={dataTable}
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
