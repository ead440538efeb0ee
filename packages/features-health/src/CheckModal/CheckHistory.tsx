import {
  statusHistoryPageSize,
  statusHistoryQuery,
  type CheckStatus,
} from '@opsdeck/api-client/health';
import { useApiClient } from '@opsdeck/api-client/react';
import {
  formatDate,
  formatLatency,
  Select,
  StatusDot,
  UrlStateProvider,
  type UrlStateBinding,
} from '@opsdeck/ui';
import { DataTablePager, useDataTable, useDataTableQuery } from '@opsdeck/ui/data-table';
import type { TimeRangeShortForm } from '@opsdeck/ui/time-range';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import styled from 'styled-components';
import {
  durationPresets,
  parseDurationFilter,
  type HistoryStatus,
} from '../model/durationFilter.ts';
import { useHealthRouting } from '../routing/HealthRouting.tsx';
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

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSize.sm};
  th,
  td {
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
  td:last-child {
    word-break: break-word;
  }
`;

const custom = 'custom';
const historyPageSizes = [25, statusHistoryPageSize, 100] as const;
const historyFilters = ['status'] as const;
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

// The history's table reads the URL through the page's own routing (react-router in the console,
// browser history in the embed), so its page and filters survive a reload in both.
export function CheckHistory(props: { checkId: string; timeRange: TimeRangeShortForm }) {
  const { useSearchParams } = useHealthRouting();
  const binding = useCallback<UrlStateBinding>(
    function useHealthUrlState() {
      const [searchParams, setSearchParams] = useSearchParams();
      return { searchParams, setSearchParams };
    },
    [useSearchParams],
  );
  return (
    <UrlStateProvider binding={binding}>
      <StatusHistoryTable {...props} />
    </UrlStateProvider>
  );
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
  const [durationChoice, setDurationChoice] = useState('');
  const [customText, setCustomText] = useState('');
  const { query, setFilter, update } = useDataTableQuery(historyTable);
  const status = parseStatus(query.filters.status);

  const customParse =
    durationChoice === custom && customText.trim() !== '' ? parseDurationFilter(customText) : null;
  const presetParse =
    durationChoice && durationChoice !== custom ? parseDurationFilter(durationChoice) : null;
  const parsed = presetParse ?? customParse;
  const duration = parsed?.ok ? parsed.ms : undefined;

  // keepPreviousData comes with statusHistoryQuery: the pager keeps its rows while a page loads.
  const history = useQuery(
    statusHistoryQuery(client, {
      checkId,
      start: timeRange,
      status: status === 'all' ? undefined : status,
      duration,
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
    }),
  );
  const dataTable = useDataTable({
    ...historyTable,
    data: history.data?.data ?? noRows,
    total: history.data?.totalEntries ?? 0,
    getRowId: rowId,
  });

  // Spec §2: any filter change returns to the first page (a URL filter does so by itself).
  const changeFilter = (apply: () => void) => {
    apply();
    update({ pageIndex: 0 });
  };

  return (
    <div data-testid={testIds.modal.history}>
      <Filters>
        <Select
          label="Status"
          options={[
            { value: 'all', label: 'All' },
            { value: 'healthy', label: 'Healthy' },
            { value: 'unhealthy', label: 'Unhealthy' },
          ]}
          value={status}
          onChange={(value) => setFilter('status', value === 'all' ? '' : value)}
        />
        <Select
          label="Duration"
          options={[
            { value: '', label: 'All' },
            ...durationPresets.map((preset) => ({ value: preset, label: preset })),
            { value: custom, label: 'Custom' },
          ]}
          value={durationChoice}
          onChange={(value) => changeFilter(() => setDurationChoice(value))}
        />
        {durationChoice === custom ? (
          <Field>
            Custom duration
            <input
              value={customText}
              placeholder="e.g. 250ms or 2s"
              aria-invalid={customParse?.ok === false}
              aria-describedby={customParse?.ok === false ? `${checkId}-duration-error` : undefined}
              onChange={(event) => changeFilter(() => setCustomText(event.target.value))}
            />
            {customParse?.ok === false ? (
              <ErrorText id={`${checkId}-duration-error`}>{customParse.error}</ErrorText>
            ) : null}
          </Field>
        ) : null}
      </Filters>
      <Table>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Status</th>
            <th scope="col">Duration</th>
            <th scope="col">Message</th>
          </tr>
        </thead>
        <tbody>
          {history.isPending ? (
            <tr>
              <td colSpan={4}>loading data...</td>
            </tr>
          ) : history.isError && !history.data ? (
            <tr>
              <td colSpan={4} role="alert">
                {history.error.message}
              </td>
            </tr>
          ) : history.data && history.data.data.length === 0 ? (
            <tr>
              <td colSpan={4}>No data available</td>
            </tr>
          ) : (
            dataTable.table.getRowModel().rows.map(({ original: row }) => (
              <tr key={row.time} data-testid={testIds.modal.historyRow}>
                <td>{formatDate(row.time)}</td>
                <td>
                  <StatusDot
                    status={row.status ? 'healthy' : 'unhealthy'}
                    label={row.status ? 'Healthy' : 'Unhealthy'}
                  />{' '}
                  {row.status ? 'Healthy' : 'Unhealthy'}
                </td>
                <td>{formatLatency(row.duration)}</td>
                <td>{row.error || row.message}</td>
              </tr>
            ))
          )}
        </tbody>
      </Table>
      <DataTablePager dataTable={dataTable} label="Status history pagination" />
    </div>
  );
}
