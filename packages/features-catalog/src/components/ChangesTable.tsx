import {
  catalogChangesQuery,
  changeTypesQuery,
  type CatalogChange,
} from '@opsdeck/api-client/catalog';
import { useApiClient } from '@opsdeck/api-client/react';
import { EmptyState, formatDate, Moment, TruncatedText } from '@opsdeck/ui';
import {
  DataTableBody,
  DataTableColumnToggle,
  DataTablePager,
  DataTableRoot,
  DataTableSelectFilter,
  DataTableToolbar,
  DataTableTriStateFilter,
  useDataTable,
  useDataTableQuery,
  type ColumnDef,
} from '@opsdeck/ui/data-table';
import { TimeRangePicker } from '@opsdeck/ui/time-range';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { useConfigFilterOptions } from '../hooks.ts';
import { configPath } from '../ListPage/ConfigLink.tsx';
import {
  changesFilterKeys,
  changesQueryOf,
  defaultChangesRange,
  type ChangesScope,
} from '../model/changesQuery.ts';
import { humanize, severityStatus, severityValues } from '../model/format.ts';
import { catalogTestIds } from '../testIds.ts';
import { ChangeDetail } from './ChangeDetail.tsx';
import { Health } from './Health.tsx';
import { Muted, NoWrap } from './PageLayout.ts';
import { ChangeSource, TypePath } from './TypePath.tsx';

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

const noRows: CatalogChange[] = [];
const rowId = (row: CatalogChange) => row.id;
const severityOptions = severityValues.map((value) => ({
  value,
  label: `${humanize(value)}${value === 'info' ? '' : ' or more'}`,
}));

function columnsFor(global: boolean): ColumnDef<CatalogChange>[] {
  return [
    {
      id: 'created_at',
      header: 'When',
      accessorFn: (row) => formatDate(row.created_at),
      cell: ({ row }) => (
        <NoWrap>
          <Moment value={row.original.created_at} />
        </NoWrap>
      ),
    },
    ...(global
      ? ([
          {
            id: 'name',
            header: 'Config',
            accessorFn: (row) => row.name ?? '',
            cell: ({ row }) =>
              row.original.config_id ? (
                <Link
                  to={configPath(row.original.config_id)}
                  onClick={(event) => event.stopPropagation()}
                >
                  {row.original.name ?? row.original.config_id}
                </Link>
              ) : (
                row.original.name
              ),
          },
          {
            id: 'type',
            header: 'Type',
            enableSorting: false,
            accessorFn: (row) => row.type ?? '',
            cell: ({ row }) => (
              <Wrapping>
                <TypePath type={row.original.type} />
              </Wrapping>
            ),
          },
        ] satisfies ColumnDef<CatalogChange>[])
      : []),
    {
      id: 'change_type',
      header: 'Change',
      accessorFn: (row) => row.change_type ?? '',
      cell: ({ row }) => clamped(row.original.change_type),
    },
    {
      id: 'severity',
      header: 'Severity',
      enableSorting: false,
      accessorFn: (row) => row.severity ?? '',
      cell: ({ row }) =>
        row.original.severity ? (
          <Health health={severityStatus(row.original.severity)} label={row.original.severity} />
        ) : null,
    },
    {
      id: 'summary',
      header: 'Summary',
      accessorFn: (row) => row.summary ?? '',
      cell: ({ row }) => clamped(row.original.summary),
    },
    {
      id: 'source',
      header: 'Source',
      accessorFn: (row) => row.source ?? '',
      cell: ({ row }) => <ChangeSource source={row.original.source} />,
    },
    {
      id: 'count',
      header: 'Count',
      accessorFn: (row) => row.count ?? 1,
    },
    {
      id: 'created_by',
      header: 'By',
      enableSorting: false,
      accessorFn: (row) => row.external_created_by ?? row.created_by ?? '',
      cell: ({ row }) => clamped(row.original.external_created_by ?? row.original.created_by),
    },
  ];
}

export interface ChangesTableProps extends ChangesScope {
  /** Names the table's URL params (`changes.pageIndex`, ...). */
  tableId: string;
  label: string;
}

/**
 * Changes from `POST /catalog/changes`, paged and sorted by the server, filtered by change type,
 * severity (or more severe), tags, config type (across the catalog) and time range. A row opens
 * the change with its diff.
 */
export function ChangesTable({ tableId, label, ...scope }: ChangesTableProps) {
  const client = useApiClient();
  const global = !scope.configId;
  const tableOptions = useMemo(
    () => ({
      id: tableId,
      defaultSort: { id: 'created_at', desc: true },
      filters: changesFilterKeys,
    }),
    [tableId],
  );
  const { query: tableQuery } = useDataTableQuery(tableOptions);
  const changes = useQuery(catalogChangesQuery(client, changesQueryOf(tableQuery, scope)));
  const changeTypes = useQuery(changeTypesQuery(client));
  const options = useConfigFilterOptions();
  const columns = useMemo(() => columnsFor(global), [global]);
  const dataTable = useDataTable({
    ...tableOptions,
    columns,
    data: changes.data?.changes ?? noRows,
    total: changes.data?.total ?? 0,
    getRowId: rowId,
    isLoading: changes.isPending,
    error: changes.data ? undefined : (changes.error ?? undefined),
  });
  const [opened, setOpened] = useState<CatalogChange | null>(null);
  const changeTypeOptions = (changeTypes.data ?? []).map((value) => ({ value, label: value }));

  return (
    <div data-testid={catalogTestIds.changes.root}>
      <DataTableRoot>
        <DataTableToolbar
          dataTable={dataTable}
          actions={<DataTableColumnToggle dataTable={dataTable} />}
        >
          {global ? (
            <DataTableTriStateFilter
              dataTable={dataTable}
              filterKey="configType"
              label="Config type"
              options={options.types}
              placeholder="All types"
            />
          ) : null}
          <DataTableTriStateFilter
            dataTable={dataTable}
            filterKey="changeType"
            label="Change type"
            options={changeTypeOptions}
            placeholder="All"
          />
          <DataTableSelectFilter
            dataTable={dataTable}
            filterKey="severity"
            label="Severity"
            options={severityOptions}
          />
          <DataTableTriStateFilter
            dataTable={dataTable}
            filterKey="tags"
            label="Tags"
            options={options.tags}
            tagMode
            placeholder="All"
          />
          {/* ui's table filter, but showing the range the list uses while the URL names none. */}
          <TimeRangePicker
            label="Time range"
            value={dataTable.timeRange ?? defaultChangesRange(scope.defaultFrom)}
            onChange={dataTable.setTimeRange}
            allowIndefinite={false}
          />
        </DataTableToolbar>
        {changes.data ? (
          <Muted aria-live="polite">
            {changes.data.total === 1 ? '1 change' : `${changes.data.total} changes`}
          </Muted>
        ) : null}
        <DataTableBody
          dataTable={dataTable}
          label={label}
          rowActionDescription="Press Enter to open the change and its diff"
          onRowClick={setOpened}
          empty={<EmptyState kind="data" title="No changes in this time range" />}
        />
        <DataTablePager dataTable={dataTable} label={`${label} pagination`} />
        {opened ? <ChangeDetail change={opened} onClose={() => setOpened(null)} /> : null}
      </DataTableRoot>
    </div>
  );
}
