import { formatAge, formatLatency, StatusDot } from '@opsdeck/ui';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import styled from 'styled-components';
import { checkLatency } from '../model/checkFields.ts';
import { cardLines, segmentSpan, type CardLine } from '../model/cardLines.ts';
import { showTimeSinceLastRun } from '../model/timeRange.ts';
import { formatUptime } from '../model/uptime.ts';
import { testIds } from '../testIds.ts';
import { groupTitle, type HealthListProps } from './HealthTable.tsx';
import { narrowHealthPage } from './pageLayout.ts';
import { StatusHistoryStrip } from './StatusHistoryStrip.tsx';
import { useListVirtualizer } from './useListVirtualizer.ts';
import { useVisibleRecentStatuses } from './useVisibleRecentStatuses.ts';

/** The narrowest a card gets; a line holds as many as fit and they share the width. */
const minCardWidth = 240;
const cardGap = 8;
const cardLineHeight = 116;
const headingHeight = 24;
const headingGap = 4;

const Scroller = styled.div`
  flex: 1;
  min-height: 0;
  overflow: auto;
  contain: strict;

  @container ${narrowHealthPage} {
    min-height: 60vh;
  }
`;

const Line = styled.div`
  position: absolute;
  left: 0;
  width: 100%;
  display: grid;
  gap: ${cardGap}px;
  padding-bottom: ${cardGap}px;
`;

const Card = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
  height: ${cardLineHeight - cardGap}px;
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

// One group's part of a line: its heading over its cards, on the line's own column tracks.
const Segment = styled.div`
  display: grid;
  align-content: end;
  column-gap: ${cardGap}px;
  row-gap: ${headingGap}px;
  min-width: 0;
`;

const GroupHeader = styled.h3`
  grid-column: 1 / -1;
  height: ${headingHeight}px;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
  line-height: ${headingHeight}px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const HeadingSpace = styled.div`
  grid-column: 1 / -1;
  height: ${headingHeight}px;
`;

const lineHeight = (line: CardLine) =>
  cardLineHeight + (line.heading ? headingHeight + headingGap : 0);

/** Cards per line: as many of at least `minCardWidth` as the width holds. */
function cardColumns(width: number): number {
  return Math.max(1, Math.floor((width + cardGap) / (minCardWidth + cardGap)));
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
  return cardColumns(width || 4 * (minCardWidth + cardGap));
}

// Memoized: typing in the search box or opening the modal re-renders the page, not this.
export const HealthCards = memo(function HealthCards({
  checks,
  rows,
  summaryUpdatedAt,
  onOpenCheck,
  groupLabel,
  now,
}: HealthListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const columns = useColumns(scrollRef);
  const lines = useMemo(() => cardLines(rows.rows, columns), [rows.rows, columns]);
  // Lines with headings are taller. Keys follow the lines, so sizes are worked out afresh whenever
  // the lines change (a new width, another grouping), not kept by index.
  const lineSize = useCallback((index: number) => lineHeight(lines[index]!), [lines]);
  const lineKey = useCallback(
    (index: number) => {
      const first = lines[index]!.segments[0]!;
      return `${first.group ?? '-'}:${first.checks[0] ?? 'heading'}:${columns}`;
    },
    [lines, columns],
  );
  const virtualizer = useListVirtualizer(lines.length, scrollRef, {
    estimateSize: lineSize,
    getItemKey: lineKey,
  });
  const gridColumns = `repeat(${columns}, minmax(0, 1fr))`;
  const items = virtualizer.getVirtualItems();
  const firstCheck = lines[items[0]?.index ?? 0]?.segments.find(
    (segment) => segment.checks.length > 0,
  )?.checks[0];
  const firstRow = firstCheck === undefined ? 0 : Math.max(0, rows.rows.indexOf(firstCheck));
  const recentStatuses = useVisibleRecentStatuses(checks, rows.rows, firstRow, summaryUpdatedAt);

  return (
    <Scroller ref={scrollRef} data-testid={testIds.page.list}>
      <div
        role="list"
        aria-label="Health checks"
        style={{ position: 'relative', height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const line = lines[item.index]!;
          return (
            <Line
              key={item.key}
              style={{
                transform: `translateY(${item.start}px)`,
                height: item.size,
                gridTemplateColumns: gridColumns,
              }}
              role="listitem"
            >
              {line.segments.map((segment) => {
                const span = segmentSpan(segment);
                const group = segment.group === null ? undefined : rows.groups[segment.group];
                return (
                  <Segment
                    key={`${segment.group}:${segment.checks[0]}`}
                    style={{
                      gridColumn: `span ${span}`,
                      gridTemplateColumns: `repeat(${span}, minmax(0, 1fr))`,
                    }}
                  >
                    {group && segment.heading ? (
                      <GroupHeader title={groupTitle(group, groupLabel)}>
                        {groupTitle(group, groupLabel)}{' '}
                        <Muted>
                          ({group.count}, {group.aggregate})
                        </Muted>
                      </GroupHeader>
                    ) : line.heading ? (
                      <HeadingSpace />
                    ) : null}
                    {segment.checks.map((index) => {
                      const check = checks[index]!;
                      return (
                        <Card
                          key={check.id}
                          data-testid={testIds.page.card}
                          data-check-id={check.id}
                          onClick={() => onOpenCheck(check)}
                        >
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
                            Uptime {formatUptime(check.uptime) || '-'} · Latency{' '}
                            {formatLatency(checkLatency(check)) || '-'}
                          </Muted>
                          {showTimeSinceLastRun(check.last_runtime, now) ? (
                            <Muted>last run {formatAge(check.last_runtime, now)} ago</Muted>
                          ) : null}
                          <StatusHistoryStrip
                            checkName={check.name}
                            statuses={recentStatuses?.get(check.id) ?? []}
                            onSelect={() => onOpenCheck(check)}
                          />
                        </Card>
                      );
                    })}
                  </Segment>
                );
              })}
            </Line>
          );
        })}
      </div>
    </Scroller>
  );
});
