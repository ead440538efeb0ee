import type { CheckSummary } from '@opsdeck/api-client';
import { formatLatency, StatusDot } from '@opsdeck/ui';
import { formatAgeShort } from '../model/age.ts';
import { memo, useRef } from 'react';
import styled from 'styled-components';
import { groupNumberOf, isGroupRow, type HealthGroup, type HealthRows } from '../model/grouping.ts';
import type { HealthSort, SortBy } from '../model/sorting.ts';
import { showTimeSinceLastRun } from '../model/timeRange.ts';
import { formatUptime } from '../model/uptime.ts';
import { checkLatency } from '../model/checkFields.ts';
import { testIds } from '../testIds.ts';
import { StatusHistoryStrip } from './StatusHistoryStrip.tsx';
import { useListVirtualizer } from './useListVirtualizer.ts';
import { useVisibleRecentStatuses } from './useVisibleRecentStatuses.ts';

const columns = 'minmax(220px, 3fr) minmax(140px, 1.3fr) 90px 90px 110px';

// Containment keeps a re-render of the rows from invalidating style and layout outside the list.
const Scroller = styled.div`
  flex: 1;
  min-height: 0;
  overflow: auto;
  contain: strict;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
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

const Row = styled.div<{ $group?: boolean }>`
  position: absolute;
  contain: content;
  left: 0;
  width: 100%;
  display: grid;
  grid-template-columns: ${columns};
  align-items: center;
  height: 35px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme, $group }) => ($group ? theme.colors.surfaceHover : theme.colors.surface)};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

const Cell = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
  padding: 0 ${({ theme }) => theme.space.sm};
  overflow: hidden;
  white-space: nowrap;
`;

const NameButton = styled.button<{ $indent: boolean }>`
  min-width: 0;
  padding: 0 0 0 ${({ $indent }) => ($indent ? '20px' : '0')};
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  overflow: hidden;
  text-overflow: ellipsis;
  cursor: pointer;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

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
export const HealthTable = memo(function HealthTable({ checks, rows, summaryUpdatedAt, onOpenCheck, collapsed, onToggleGroup, sort, onSort, groupLabel, now }: HealthTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const entries = rows.rows;
  const virtualizer = useListVirtualizer(entries.length, scrollRef, {
    getItemKey: (index) => {
      const entry = entries[index]!;
      return isGroupRow(entry) ? `group:${rows.groups[groupNumberOf(entry)]!.key}` : checks[entry]!.id;
    },
  });
  const items = virtualizer.getVirtualItems();
  const recentStatuses = useVisibleRecentStatuses(checks, entries, items[0]?.index ?? 0, summaryUpdatedAt);

  return (
    <Scroller ref={scrollRef} data-testid={testIds.page.list}>
      <div role="table" aria-label="Health checks" aria-rowcount={entries.length + 1}>
        <HeaderRow role="row" aria-rowindex={1}>
          {(Object.keys(sortLabels) as SortBy[]).map((column) => {
            const active = sort.sortBy === column;
            return (
              <HeaderCell key={column} role="columnheader" aria-sort={active ? (sort.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}>
                <SortButton type="button" onClick={() => onSort(column)}>
                  {sortLabels[column]}
                  {active ? <span aria-hidden="true">{sort.sortOrder === 'asc' ? '▲' : '▼'}</span> : null}
                </SortButton>
              </HeaderCell>
            );
          })}
        </HeaderRow>
        <div role="rowgroup" style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const entry = entries[item.index]!;
            const style = { transform: `translateY(${item.start}px)` };
            if (isGroupRow(entry)) {
              const group = rows.groups[groupNumberOf(entry)]!;
              const open = !collapsed.has(group.key);
              const title = groupTitle(group, groupLabel);
              return (
                <Row key={item.key} $group role="row" aria-rowindex={item.index + 2} style={style} data-testid={testIds.page.groupRow} onClick={() => onToggleGroup(group.key)}>
                  <Cell role="rowheader">
                    <NameButton
                      type="button"
                      $indent={false}
                      aria-expanded={open}
                      onClick={(event) => {
                        event.stopPropagation();
                        onToggleGroup(group.key);
                      }}
                    >
                      <span aria-hidden="true">{open ? '▾' : '▸'} </span>
                      {title}
                    </NameButton>
                    <Muted>({group.count})</Muted>
                  </Cell>
                  <Cell role="cell">
                    <StatusDot status={group.aggregate === 'good' ? 'healthy' : group.aggregate === 'bad' ? 'unhealthy' : 'mixed'} label={group.aggregate} />
                    <Muted>{group.aggregate}</Muted>
                  </Cell>
                  <Cell role="cell">{formatUptime(group)}</Cell>
                  <Cell role="cell">{formatLatency(group.latency)}</Cell>
                  <Cell role="cell">{Number.isNaN(group.lastTransitionMs) ? '' : `${formatAgeShort(group.lastTransitionMs, now)} ago`}</Cell>
                </Row>
              );
            }
            const check = checks[entry]!;
            const indented = rows.groups.length > 0;
            return (
              <Row key={item.key} role="row" aria-rowindex={item.index + 2} style={style} data-testid={testIds.page.row} data-check-id={check.id} onClick={() => onOpenCheck(check)}>
                <Cell role="rowheader">
                  <NameButton type="button" $indent={indented} onClick={(event) => { event.stopPropagation(); onOpenCheck(check); }}>
                    {check.name}
                  </NameButton>
                  {showTimeSinceLastRun(check.last_runtime, now) ? <Muted>last run {formatAgeShort(check.last_runtime, now)} ago</Muted> : null}
                </Cell>
                <Cell role="cell">
                  <StatusDot status={check.status} label={check.status} />
                  <StatusHistoryStrip checkName={check.name} statuses={recentStatuses?.get(check.id) ?? []} onSelect={() => onOpenCheck(check)} />
                </Cell>
                <Cell role="cell">{formatUptime(check.uptime)}</Cell>
                <Cell role="cell">{formatLatency(checkLatency(check))}</Cell>
                <Cell role="cell">{check.last_transition_time ? `${formatAgeShort(check.last_transition_time, now)} ago` : ''}</Cell>
              </Row>
            );
          })}
        </div>
      </div>
    </Scroller>
  );
});
