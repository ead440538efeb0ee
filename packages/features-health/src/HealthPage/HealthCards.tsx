import { formatLatency, StatusDot } from '@opsdeck/ui';
import { formatAgeShort } from '../model/age.ts';
import { memo, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import styled from 'styled-components';
import { checkLatency } from '../model/checkFields.ts';
import { groupNumberOf, isGroupRow } from '../model/grouping.ts';
import { showTimeSinceLastRun } from '../model/timeRange.ts';
import { formatUptime } from '../model/uptime.ts';
import { testIds } from '../testIds.ts';
import { groupTitle, type HealthListProps } from './HealthTable.tsx';
import { StatusHistoryStrip } from './StatusHistoryStrip.tsx';
import { useListVirtualizer } from './useListVirtualizer.ts';
import { useVisibleRecentStatuses } from './useVisibleRecentStatuses.ts';

const cardWidth = 260;
const cardLineHeight = 128;

const Scroller = styled.div`
  flex: 1;
  min-height: 0;
  overflow: auto;
  contain: strict;
`;

const Line = styled.div`
  position: absolute;
  left: 0;
  width: 100%;
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  padding-bottom: ${({ theme }) => theme.space.sm};
`;

const Card = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  width: ${cardWidth - 8}px;
  height: ${cardLineHeight - 8}px;
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
`;

const CardTitle = styled.button`
  padding: 0;
  border: none;
  background: none;
  color: inherit;
  font: inherit;
  cursor: pointer;
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  align-items: center;
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

const GroupHeader = styled.h3`
  margin: ${({ theme }) => theme.space.sm} 0 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

/** A line of the card layout: a group heading, or up to `columns` check indexes. */
type CardLine = { group: number } | { checks: number[] };

function toLines(entries: Int32Array, columns: number): CardLine[] {
  const lines: CardLine[] = [];
  let current: number[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (isGroupRow(entry)) {
      if (current.length) lines.push({ checks: current });
      current = [];
      lines.push({ group: groupNumberOf(entry) });
    } else {
      current.push(entry);
      if (current.length === columns) {
        lines.push({ checks: current });
        current = [];
      }
    }
  }
  if (current.length) lines.push({ checks: current });
  return lines;
}

/** Cards per line from the container width, tracked as the window resizes. */
function useColumns(ref: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return Math.max(1, Math.floor((width || 4 * cardWidth) / cardWidth));
}

// Memoized: typing in the search box or opening the modal re-renders the page, not this.
export const HealthCards = memo(function HealthCards({ checks, rows, summaryUpdatedAt, onOpenCheck, groupLabel, now }: HealthListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const columns = useColumns(scrollRef);
  const lines = useMemo(() => toLines(rows.rows, columns), [rows.rows, columns]);
  const virtualizer = useListVirtualizer(lines.length, scrollRef, { estimateSize: cardLineHeight });
  const items = virtualizer.getVirtualItems();
  const firstLine = lines[items[0]?.index ?? 0];
  const firstRow = firstLine && 'checks' in firstLine ? Math.max(0, rows.rows.indexOf(firstLine.checks[0]!)) : 0;
  const recentStatuses = useVisibleRecentStatuses(checks, rows.rows, firstRow, summaryUpdatedAt);

  return (
    <Scroller ref={scrollRef} data-testid={testIds.page.list}>
      <div role="list" aria-label="Health checks" style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const line = lines[item.index]!;
          const style = { transform: `translateY(${item.start}px)`, height: item.size };
          if ('group' in line) {
            const group = rows.groups[line.group]!;
            return (
              <Line key={item.key} style={style} role="listitem">
                <GroupHeader>
                  {groupTitle(group, groupLabel)} <Muted>({group.count}, {group.aggregate})</Muted>
                </GroupHeader>
              </Line>
            );
          }
          return (
            <Line key={item.key} style={style} role="listitem">
              {line.checks.map((index) => {
                const check = checks[index]!;
                return (
                  <Card key={check.id} data-testid={testIds.page.card} data-check-id={check.id} onClick={() => onOpenCheck(check)}>
                    <CardTitle
                      type="button"
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpenCheck(check);
                      }}
                    >
                      <StatusDot status={check.status} label={check.status} />
                      {check.name}
                    </CardTitle>
                    <Muted>
                      Uptime {formatUptime(check.uptime) || '-'} · Latency {formatLatency(checkLatency(check)) || '-'}
                    </Muted>
                    {showTimeSinceLastRun(check.last_runtime, now) ? <Muted>last run {formatAgeShort(check.last_runtime, now)} ago</Muted> : null}
                    <StatusHistoryStrip checkName={check.name} statuses={recentStatuses?.get(check.id) ?? []} onSelect={() => onOpenCheck(check)} />
                  </Card>
                );
              })}
            </Line>
          );
        })}
      </div>
    </Scroller>
  );
});
