import {
  statusHistoryPageSize,
  statusHistoryQuery,
  type CheckStatus,
} from '@opsdeck/api-client/health';
import { useApiClient } from '@opsdeck/api-client/react';
import { formatLatency, Moment, Select, StatusDot } from '@opsdeck/ui';
import {
  DataTableBody,
  DataTablePager,
  DataTableSelectFilter,
  useDataTable,
  useDataTableQuery,
  type ColumnDef,
} from '@opsdeck/ui/data-table';
import type { TimeRangeShortForm } from '@opsdeck/ui/time-range';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showsNotFound } from '../hooks/checkQueries.ts';
import styled from 'styled-components';
import {
  durationPresets,
  parseDurationFilter,
  type HistoryStatus,
} from '../model/durationFilter.ts';
import { testIds } from '../testIds.ts';

const Filters = styled.div`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
  flex-wrap: wrap;
  margin-bottom: ${({ theme }) => theme.space.sm};
`;

const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  font-size: ${({ theme }) => theme.fontSize.sm};
  input {
    height: 32px;
    padding: 0 ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radius.md};
    font: inherit;
  }
`;

const ErrorText = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

const custom = 'custom';
const historyPageSizes = [25, statusHistoryPageSize, 100] as const;
// `history.duration.filter` holds what was picked or typed ('500ms', '2s', or text still being fixed).
const historyFilters = ['status', 'duration'] as const;
// One options object for the fetch's and the table's reads of the URL (`history.pageIndex`, ...).
const historyTable = {
  id: 'history',
  defaultSort: { id: 'time', desc: true },
  pageSizes: historyPageSizes,
  defaultPageSize: statusHistoryPageSize,
  filters: historyFilters,
};
const noRows: CheckStatus[] = [];
const rowId = (row: CheckStatus) => row.time;
const statusOptions = [
  { value: 'healthy', label: 'Healthy' },
  { value: 'unhealthy', label: 'Unhealthy' },
];
const isPreset = (text: string) => (durationPresets as readonly string[]).includes(text);
const statusLabel = (row: CheckStatus) => (row.status ? 'Healthy' : 'Unhealthy');
const historyColumns: ColumnDef<CheckStatus>[] = [
  {
    id: 'time',
    header: 'Time',
    enableSorting: false,
    cell: ({ row }) => <Moment value={row.original.time} />,
  },
  {
    id: 'status',
    header: 'Status',
    enableSorting: false,
    cell: ({ row }) => (
      <>
        <StatusDot
          status={row.original.status ? 'healthy' : 'unhealthy'}
          label={statusLabel(row.original)}
        />{' '}
        {statusLabel(row.original)}
      </>
    ),
  },
  {
    id: 'duration',
    header: 'Duration',
    enableSorting: false,
    cell: ({ row }) => formatLatency(row.original.duration),
  },
  {
    id: 'message',
    header: 'Message',
    enableSorting: false,
    cell: ({ row }) => row.original.error || row.original.message,
  },
];

// The history's table reads the URL through the app's binding (react-router in the console,
// browser history in the embed), so its page and filters survive a reload in both.
export function CheckHistory(props: { checkId: string; timeRange: TimeRangeShortForm }) {
  return <StatusHistoryTable {...props} />;
}

function parseStatus(text: string | undefined): HistoryStatus {
  return text === 'healthy' || text === 'unhealthy' ? text : 'all';
}

function StatusHistoryTable({
  checkId,
  timeRange,
}: {
  checkId: string;
  timeRange: TimeRangeShortForm;
}) {
  const client = useApiClient();
  const { query } = useDataTableQuery(historyTable);
  const status = parseStatus(query.filters.status);
  const durationText = query.filters.duration ?? '';
  // Custom is picked before anything is typed; once typed, the URL says it (any non-preset text).
  const [customPicked, setCustomPicked] = useState(false);
  const durationChoice =
    durationText === ''
      ? customPicked
        ? custom
        : ''
      : isPreset(durationText)
        ? durationText
        : custom;
  const parsed = durationText.trim() === '' ? null : parseDurationFilter(durationText);
  const duration = parsed?.ok ? parsed.ms : undefined;

  // keepPreviousData comes with statusHistoryQuery: the pager keeps its rows while a page loads.
  const history = useQuery({
    ...statusHistoryQuery(client, {
      checkId,
      start: timeRange,
      status: status === 'all' ? undefined : status,
      duration,
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
    }),
    meta: showsNotFound,
  });
  const dataTable = useDataTable({
    ...historyTable,
    columns: historyColumns,
    data: history.data?.data ?? noRows,
    total: history.data?.totalEntries ?? 0,
    getRowId: rowId,
    isLoading: history.isPending,
    error: history.data ? undefined : (history.error ?? undefined),
  });
  // Spec §2: any filter change returns to the first page; setFilter does so.
  const setDuration = (text: string) => dataTable.setFilter('duration', text);

  return (
    <div data-testid={testIds.modal.history}>
      <Filters>
        <DataTableSelectFilter
          dataTable={dataTable}
          filterKey="status"
          label="Status"
          options={statusOptions}
        />
        <Select
          label="Duration"
          options={[
            { value: '', label: 'All' },
            ...durationPresets.map((preset) => ({ value: preset, label: preset })),
            { value: custom, label: 'Custom' },
          ]}
          value={durationChoice}
          onChange={(value) => {
            setCustomPicked(value === custom);
            setDuration(value === custom ? '' : value);
          }}
        />
        {durationChoice === custom ? (
          <Field>
            Custom duration
            <input
              value={durationText}
              placeholder="e.g. 250ms or 2s"
              aria-invalid={parsed?.ok === false}
              aria-describedby={parsed?.ok === false ? `${checkId}-duration-error` : undefined}
              onChange={(event) => setDuration(event.target.value)}
            />
            {parsed?.ok === false ? (
              <ErrorText id={`${checkId}-duration-error`}>{parsed.error}</ErrorText>
            ) : null}
          </Field>
        ) : null}
      </Filters>
      <DataTableBody dataTable={dataTable} label="Status history" />
      <DataTablePager dataTable={dataTable} label="Status history pagination" />
    </div>
  );
}
