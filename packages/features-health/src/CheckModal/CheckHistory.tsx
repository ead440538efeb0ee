import { statusHistoryPageSize } from '@opsdeck/api-client/health';
import { Button, formatDate, formatLatency, Select, StatusDot } from '@opsdeck/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { useStatusHistory } from '../hooks/checkQueries.ts';
import { durationPresets, parseDurationFilter, type HistoryStatus } from '../model/durationFilter.ts';
import type { TimeRangePreset } from '../model/timeRange.ts';
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

const Pager = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.sm};
`;

const custom = 'custom';

export function CheckHistory({ checkId, timeRange }: { checkId: string; timeRange: TimeRangePreset }) {
  const [status, setStatus] = useState<HistoryStatus>('all');
  const [durationChoice, setDurationChoice] = useState('');
  const [customText, setCustomText] = useState('');
  const [pageIndex, setPageIndex] = useState(0);

  const customParse = durationChoice === custom && customText.trim() !== '' ? parseDurationFilter(customText) : null;
  const presetParse = durationChoice && durationChoice !== custom ? parseDurationFilter(durationChoice) : null;
  const parsed = presetParse ?? customParse;
  const duration = parsed?.ok ? parsed.ms : undefined;

  const history = useStatusHistory(checkId, timeRange, { status, duration, pageIndex });
  const total = history.data?.totalEntries ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / statusHistoryPageSize));

  // Spec §2: any filter change returns to the first page.
  const changeFilter = (apply: () => void) => {
    apply();
    setPageIndex(0);
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
          onChange={(value) => changeFilter(() => setStatus(value as HistoryStatus))}
        />
        <Select
          label="Duration"
          options={[{ value: '', label: 'All' }, ...durationPresets.map((preset) => ({ value: preset, label: preset })), { value: custom, label: 'Custom' }]}
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
            {customParse?.ok === false ? <ErrorText id={`${checkId}-duration-error`}>{customParse.error}</ErrorText> : null}
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
            history.data?.data.map((row) => (
              <tr key={row.time} data-testid={testIds.modal.historyRow}>
                <td>{formatDate(row.time)}</td>
                <td>
                  <StatusDot status={row.status ? 'healthy' : 'unhealthy'} label={row.status ? 'Healthy' : 'Unhealthy'} /> {row.status ? 'Healthy' : 'Unhealthy'}
                </td>
                <td>{formatLatency(row.duration)}</td>
                <td>{row.error || row.message}</td>
              </tr>
            ))
          )}
        </tbody>
      </Table>
      <Pager>
        <Button variant="secondary" size="small" disabled={pageIndex === 0} onClick={() => setPageIndex(pageIndex - 1)}>
          Previous
        </Button>
        <span aria-live="polite">
          Page {pageIndex + 1} of {pageCount} ({total} results)
        </span>
        <Button variant="secondary" size="small" disabled={pageIndex + 1 >= pageCount} onClick={() => setPageIndex(pageIndex + 1)}>
          Next
        </Button>
      </Pager>
    </div>
  );
}
