import type { CheckStatus, CheckSummary } from '@opsdeck/api-client/health';
import { formatAge, formatLatency, StatusDot } from '@opsdeck/ui';
import { memo, useCallback, useRef } from 'react';
import styled from 'styled-components';
import { groupNumberOf, isGroupRow, type HealthGroup, type HealthRows } from '../model/grouping.ts';
import type { HealthSort, SortBy } from '../model/sorting.ts';
import { showTimeSinceLastRun } from '../model/timeRange.ts';
import { formatUptime } from '../model/uptime.ts';
import { checkLatency } from '../model/checkFields.ts';
import { testIds } from '../testIds.ts';
import { StatusHistoryStrip } from './StatusHistoryStrip.tsx';
import { useListVirtualizer } from './useListVirtualizer.ts';
import { narrowHealthPage } from './pageLayout.ts';
import { useVisibleRecentStatuses } from './useVisibleRecentStatuses.ts';

const columns = 'minmax(180px, 3fr) minmax(130px, 1.3fr) 80px 80px 100px';
/** The columns' minimums: narrower than this, the table scrolls sideways inside its own frame. */
const minTableWidth = 180 + 130 + 80 + 80 + 100;

// Containment keeps a re-render of the rows from invalidating style and layout outside the list.
const Scroller = styled.div`
  flex: 1;
  min-height: 0;
  overflow: auto;
  contain: strict;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};

  @container ${narrowHealthPage} {
    min-height: 60vh;
  }
`;

const Table = styled.div`
  min-width: ${minTableWidth}px;
`;

const HeaderRow = styled.div`
  position: sticky;
  top: 0;
  z-index: 1;
  display: grid;
  grid-template-columns: ${columns};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceHover};
`;

const HeaderCell = styled.div`
  display: flex;
  align-items: center;
  padding: 0 ${({ theme }) => theme.space.sm};
  height: 35px;
`;

const SortButton = styled.button`
  display: inline-flex;
  gap: ${({ theme }) => theme.space.xxs};
  padding: 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  cursor: pointer;
`;

const rowClass = {
  row: 'health-table-row',
  cell: 'health-table-cell',
  name: 'health-table-name',
  muted: 'health-table-muted',
} as const;

// Rows and cells are plain elements with class names styled from the row group: a styled
// component per cell recomputed its class on every render of every visible row.
const RowGroup = styled.div`
  position: relative;
  & > .${rowClass.row} {
    position: absolute;
    contain: content;
    left: 0;
    width: 100%;
    display: grid;
    grid-template-columns: ${columns};
    align-items: center;
    height: 35px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    cursor: pointer;
  }
  & > .${rowClass.row}:hover, & > .${rowClass.row}[data-group] {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
  .${rowClass.cell} {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    min-width: 0;
    padding: 0 ${({ theme }) => theme.space.sm};
    overflow: hidden;
    white-space: nowrap;
  }
  .${rowClass.name} {
    min-width: 0;
    padding: 0;
    border: none;
    background: none;
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    text-align: left;
    overflow: hidden;
    text-overflow: ellipsis;
    cursor: pointer;
  }
  .${rowClass.name}[data-indent] {
    padding-left: 20px;
  }
  .${rowClass.muted} {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.xs};
  }
`;

/** No recent results yet: one shared empty list, so a memoized strip sees no change. */
const noStatuses: readonly CheckStatus[] = [];

export const sortLabels: Record<SortBy, string> = {
  name: 'Checks',
  health: 'Health',
  uptime: 'Uptime',
  latency: 'Latency',
  transition: 'Transition',
};

export interface HealthListProps {
  checks: readonly CheckSummary[];
  rows: HealthRows;
  /** When the summary was fetched: the strips refresh with it. */
  summaryUpdatedAt: number;
  onOpenCheck: (check: CheckSummary) => void;
  collapsed: ReadonlySet<string>;
  onToggleGroup: (key: string) => void;
  groupLabel: string;
  now: number;
}

export interface HealthTableProps extends HealthListProps {
  sort: HealthSort;
  onSort: (sortBy: SortBy) => void;
}

export function groupTitle(group: HealthGroup, groupLabel: string): string {
  return group.key === '' ? `No ${groupLabel.toLowerCase()}` : group.key;
}

// Memoized: typing in the search box or opening the modal re-renders the page, not this.
export const HealthTable = memo(function HealthTable({
  checks,
  rows,
  summaryUpdatedAt,
  onOpenCheck,
  collapsed,
  onToggleGroup,
  sort,
  onSort,
  groupLabel,
  now,
}: HealthTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const entries = rows.rows;
  // No getItemKey: rows are a fixed height, so the virtualizer needs no per-check keys, and without
  // one its O(rows) measurement pass runs only when the count changes, not on every render (a
  // scroll frame, a strip update). React keys come from the entries below.
  const virtualizer = useListVirtualizer(entries.length, scrollRef);
  const items = virtualizer.getVirtualItems();
  const recentStatuses = useVisibleRecentStatuses(
    checks,
    entries,
    items[0]?.index ?? 0,
    summaryUpdatedAt,
  );

  return (
    <Scroller ref={scrollRef} data-testid={testIds.page.list}>
      <Table role="table" aria-label="Health checks" aria-rowcount={entries.length + 1}>
        <TableHeader sort={sort} onSort={onSort} />
        <RowGroup role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const entry = entries[item.index]!;
            if (isGroupRow(entry)) {
              const group = rows.groups[groupNumberOf(entry)]!;
              return (
                <GroupRow
                  key={`group:${group.key}`}
                  group={group}
                  rowIndex={item.index}
                  start={item.start}
                  open={!collapsed.has(group.key)}
                  title={groupTitle(group, groupLabel)}
                  now={now}
                  onToggleGroup={onToggleGroup}
                />
              );
            }
            const check = checks[entry]!;
            return (
              <CheckRow
                key={check.id}
                check={check}
                rowIndex={item.index}
                start={item.start}
                indented={rows.groups.length > 0}
                now={now}
                statuses={recentStatuses?.get(check.id) ?? noStatuses}
                onOpenCheck={onOpenCheck}
              />
            );
          })}
        </RowGroup>
      </Table>
    </Scroller>
  );
});

interface GroupRowProps {
  group: HealthGroup;
  rowIndex: number;
  start: number;
  open: boolean;
  title: string;
  now: number;
  onToggleGroup: (key: string) => void;
}

// Memoized like CheckRow: a row whose group, place and state are unchanged is not re-rendered.
const GroupRow = memo(function GroupRow({
  group,
  rowIndex,
  start,
  open,
  title,
  now,
  onToggleGroup,
}: GroupRowProps) {
  const toggle = useCallback(() => onToggleGroup(group.key), [onToggleGroup, group.key]);
  return (
    <div
      className={rowClass.row}
      data-group=""
      role="row"
      aria-rowindex={rowIndex + 2}
      style={{ transform: `translateY(${start}px)` }}
      data-testid={testIds.page.groupRow}
      onClick={toggle}
    >
      <div className={rowClass.cell} role="rowheader">
        <button
          className={rowClass.name}
          type="button"
          aria-expanded={open}
          onClick={(event) => {
            event.stopPropagation();
            toggle();
          }}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'} </span>
          {title}
        </button>
        <span className={rowClass.muted}>({group.count})</span>
      </div>
      <div className={rowClass.cell} role="cell">
        <StatusDot
          status={
            group.aggregate === 'good'
              ? 'healthy'
              : group.aggregate === 'bad'
                ? 'unhealthy'
                : 'mixed'
          }
          label={group.aggregate}
        />
        <span className={rowClass.muted}>{group.aggregate}</span>
      </div>
      <div className={rowClass.cell} role="cell">
        {formatUptime(group)}
      </div>
      <div className={rowClass.cell} role="cell">
        {formatLatency(group.latency)}
      </div>
      <div className={rowClass.cell} role="cell">
        {Number.isNaN(group.lastTransitionMs)
          ? ''
          : `${formatAge(group.lastTransitionMs, now)} ago`}
      </div>
    </div>
  );
});

interface CheckRowProps {
  check: CheckSummary;
  rowIndex: number;
  start: number;
  indented: boolean;
  now: number;
  statuses: readonly CheckStatus[];
  onOpenCheck: (check: CheckSummary) => void;
}

// Memoized: a keystroke that keeps a check on screen at the same place does not re-render its row.
const CheckRow = memo(function CheckRow({
  check,
  rowIndex,
  start,
  indented,
  now,
  statuses,
  onOpenCheck,
}: CheckRowProps) {
  const open = useCallback(() => onOpenCheck(check), [onOpenCheck, check]);
  return (
    <div
      className={rowClass.row}
      role="row"
      aria-rowindex={rowIndex + 2}
      style={{ transform: `translateY(${start}px)` }}
      data-testid={testIds.page.row}
      data-check-id={check.id}
      onClick={open}
    >
      <div className={rowClass.cell} role="rowheader">
        <button
          className={rowClass.name}
          type="button"
          data-indent={indented ? '' : undefined}
          onClick={(event) => {
            event.stopPropagation();
            open();
          }}
        >
          {check.name}
        </button>
        {showTimeSinceLastRun(check.last_runtime, now) ? (
          <span className={rowClass.muted}>last run {formatAge(check.last_runtime, now)} ago</span>
        ) : null}
      </div>
      <div className={rowClass.cell} role="cell">
        <StatusDot status={check.status} label={check.status} />
        <StatusHistoryStrip checkName={check.name} statuses={statuses} onSelect={open} />
      </div>
      <div className={rowClass.cell} role="cell">
        {formatUptime(check.uptime)}
      </div>
      <div className={rowClass.cell} role="cell">
        {formatLatency(checkLatency(check))}
      </div>
      <div className={rowClass.cell} role="cell">
        {check.last_transition_time ? `${formatAge(check.last_transition_time, now)} ago` : ''}
      </div>
    </div>
  );
});

// Memoized: the header changes with the sort, not with every search.
const TableHeader = memo(function TableHeader({
  sort,
  onSort,
}: {
  sort: HealthSort;
  onSort: (sortBy: SortBy) => void;
}) {
  return (
    <HeaderRow role="row" aria-rowindex={1}>
      {(Object.keys(sortLabels) as SortBy[]).map((column) => {
        const active = sort.sortBy === column;
        return (
          <HeaderCell
            key={column}
            role="columnheader"
            aria-sort={active ? (sort.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}
          >
            <SortButton type="button" onClick={() => onSort(column)}>
              {sortLabels[column]}
              {active ? (
                <span aria-hidden="true">{sort.sortOrder === 'asc' ? '▲' : '▼'}</span>
              ) : null}
            </SortButton>
          </HeaderCell>
        );
      })}
    </HeaderRow>
  );
});
