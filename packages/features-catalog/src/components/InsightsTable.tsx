import {
  analyzersQuery,
  configInsightsQuery,
  type ConfigInsight,
} from '@opsdeck/api-client/catalog';
import { useApiClient } from '@opsdeck/api-client/react';
import { configPlace, EmptyState, formatDate, Moment, TruncatedText } from '@opsdeck/ui';
import {
  DataTableBody,
  DataTableColumnToggle,
  DataTablePager,
  DataTableRoot,
  DataTableTimeRangeFilter,
  DataTableToolbar,
  DataTableTriStateFilter,
  useDataTable,
  useDataTableQuery,
  type ColumnDef,
} from '@opsdeck/ui/data-table';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { useConfigFilterOptions } from '../hooks.ts';
import { configPath } from '../ListPage/ConfigLink.tsx';
import { insightsFilterKeys, insightsQueryOf } from '../model/changesQuery.ts';
import {
  analysisTypeValues,
  humanize,
  insightStatusValues,
  severityStatus,
  severityValues,
} from '../model/format.ts';
import { catalogTestIds } from '../testIds.ts';
import { Health } from './Health.tsx';
import { Muted, NoWrap, Place } from './PageLayout.ts';
import { TypePath } from './TypePath.tsx';

// Long values (a summary, an Azure operation, a service account) wrap anywhere and stop at two
// lines, the whole text on hover and keyboard focus: the columns then fit a 1440 px screen beside
// the console's sidebar instead of pushing the last ones off-screen (issue 29 "wide tables").
// A type path may wrap at its separators here, as the long values do.
const Wrapping = styled.span`
  & > span {
    white-space: normal;
  }
`;

const clamped = (text: string | null | undefined) => <TruncatedText text={text} lines={2} />;

const noRows: ConfigInsight[] = [];
const rowId = (row: ConfigInsight) => row.id;
const options = (values: readonly string[]) =>
  values.map((value) => ({ value, label: humanize(value) }));
const statusOptions = options(insightStatusValues);
const typeOptions = options(analysisTypeValues);
const severityOptions = options(severityValues);

const when = (value: string | null | undefined) => (
  <NoWrap>
    <Moment value={value} />
  </NoWrap>
);

function columnsFor(global: boolean): ColumnDef<ConfigInsight>[] {
  return [
    ...(global
      ? ([
          {
            id: 'config_name',
            header: 'Config',
            accessorFn: (row) => row.config_name ?? row.config?.name ?? '',
            cell: ({ row }) => {
              const id = row.original.config_id ?? row.original.config?.id;
              const name = row.original.config_name ?? row.original.config?.name ?? id;
              const place = row.original.config ? configPlace(row.original.config) : '';
              return (
                <>
                  {id ? <Link to={configPath(id)}>{name}</Link> : name}
                  {place ? <Place>{place}</Place> : null}
                </>
              );
            },
          },
          {
            id: 'config_type',
            header: 'Type',
            enableSorting: false,
            accessorFn: (row) => row.config?.type ?? '',
            cell: ({ row }) => (
              <Wrapping>
                <TypePath type={row.original.config?.type} />
              </Wrapping>
            ),
          },
        ] satisfies ColumnDef<ConfigInsight>[])
      : []),
    {
      id: 'summary',
      header: 'Insight',
      accessorFn: (row) => row.summary ?? row.message ?? '',
      cell: ({ row }) => clamped(row.original.summary ?? row.original.message),
    },
    {
      id: 'severity',
      header: 'Severity',
      accessorFn: (row) => row.severity ?? '',
      cell: ({ row }) =>
        row.original.severity ? (
          <Health health={severityStatus(row.original.severity)} label={row.original.severity} />
        ) : null,
    },
    {
      id: 'analysis_type',
      header: 'Type of insight',
      accessorFn: (row) => humanize(row.analysis_type),
    },
    {
      id: 'analyzer',
      header: 'Analyzer',
      accessorFn: (row) => row.analyzer ?? '',
      cell: ({ row }) => clamped(row.original.analyzer),
    },
    { id: 'status', header: 'Status', accessorFn: (row) => humanize(row.status) },
    {
      id: 'first_observed',
      header: 'First observed',
      accessorFn: (row) => formatDate(row.first_observed),
      cell: ({ row }) => when(row.original.first_observed),
    },
    {
      id: 'last_observed',
      header: 'Last observed',
      accessorFn: (row) => formatDate(row.last_observed),
      cell: ({ row }) => when(row.original.last_observed),
    },
  ];
}

/**
 * Insights (config analyses) from `config_analysis_items`, paged and sorted by the server;
 * open ones until a status is picked, as the reference UI does.
 */
export function InsightsTable({
  tableId,
  label,
  configId,
}: {
  tableId: string;
  label: string;
  configId?: string;
}) {
  const client = useApiClient();
  const global = !configId;
  const tableOptions = useMemo(
    () => ({
      id: tableId,
      defaultSort: { id: 'first_observed', desc: true },
      filters: insightsFilterKeys,
    }),
    [tableId],
  );
  const { query: tableQuery } = useDataTableQuery(tableOptions);
  const insights = useQuery(configInsightsQuery(client, insightsQueryOf(tableQuery, configId)));
  const analyzers = useQuery(analyzersQuery(client));
  const filterOptions = useConfigFilterOptions();
  const columns = useMemo(() => columnsFor(global), [global]);
  const dataTable = useDataTable({
    ...tableOptions,
    columns,
    data: insights.data?.data ?? noRows,
    total: insights.data?.total ?? 0,
    getRowId: rowId,
    isLoading: insights.isPending,
    error: insights.data ? undefined : (insights.error ?? undefined),
  });
  const analyzerOptions = (analyzers.data ?? []).map((value) => ({ value, label: value }));

  return (
    <div data-testid={catalogTestIds.insights.root}>
      <DataTableRoot>
        <DataTableToolbar
          dataTable={dataTable}
          actions={<DataTableColumnToggle dataTable={dataTable} />}
        >
          <DataTableTriStateFilter
            dataTable={dataTable}
            filterKey="status"
            label="Status"
            options={statusOptions}
            placeholder="Open"
          />
          <DataTableTriStateFilter
            dataTable={dataTable}
            filterKey="severity"
            label="Severity"
            options={severityOptions}
            placeholder="All"
          />
          <DataTableTriStateFilter
            dataTable={dataTable}
            filterKey="analysisType"
            label="Type of insight"
            options={typeOptions}
            placeholder="All"
          />
          <DataTableTriStateFilter
            dataTable={dataTable}
            filterKey="analyzer"
            label="Analyzer"
            options={analyzerOptions}
            placeholder="All"
          />
          {global ? (
            <DataTableTriStateFilter
              dataTable={dataTable}
              filterKey="configType"
              label="Config type"
              options={filterOptions.types}
              placeholder="All types"
            />
          ) : null}
          <DataTableTriStateFilter
            dataTable={dataTable}
            filterKey="tags"
            label="Tags"
            options={filterOptions.tags}
            tagMode
            placeholder="All"
          />
          <DataTableTimeRangeFilter dataTable={dataTable} label="First observed" />
        </DataTableToolbar>
        {insights.data ? (
          <Muted aria-live="polite">
            {insights.data.total === 1 ? '1 insight' : `${insights.data.total} insights`}
          </Muted>
        ) : null}
        <DataTableBody
          dataTable={dataTable}
          label={label}
          empty={<EmptyState kind="data" title="No insights" />}
        />
        <DataTablePager dataTable={dataTable} label={`${label} pagination`} />
      </DataTableRoot>
    </div>
  );
}
