import type { LogLine } from '@opsdeck/api-client/topology';
import { Badge, formatDate } from '@opsdeck/ui';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { levelColor, lineLabels } from '../model/logsSearch.ts';
import { logsTestIds } from '../testIds.ts';

const LINE_HEIGHT_ESTIMATE = 28;

const Scroller = styled.div`
  height: min(70vh, 720px);
  min-height: 240px;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  font-family: ${({ theme }) => theme.fontFamily.mono};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Row = styled.div<{ $wrap: boolean }>`
  position: absolute;
  left: 0;
  display: grid;
  grid-template-columns: max-content 6ch 1fr;
  gap: ${({ theme }) => theme.space.sm};
  align-items: baseline;
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.sm}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  min-width: 100%;
  width: ${({ $wrap }) => ($wrap ? '100%' : 'max-content')};
  box-sizing: border-box;

  time {
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: nowrap;
  }

  @media ${({ theme }) => theme.media.phone} {
    grid-template-columns: max-content 1fr;
    time {
      grid-column: 1 / -1;
    }
  }
`;

const Message = styled.span<{ $wrap: boolean }>`
  white-space: ${({ $wrap }) => ($wrap ? 'pre-wrap' : 'pre')};
  overflow-wrap: ${({ $wrap }) => ($wrap ? 'anywhere' : 'normal')};
  color: ${({ theme }) => theme.colors.text};
`;

const Labels = styled.span`
  margin-left: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface LogLinesProps {
  /** Oldest first. */
  lines: readonly LogLine[];
  wrap: boolean;
  /** Keep the newest line in view as lines arrive. */
  follow: boolean;
}

/** The lines, virtualized (a reply may hold a thousand), each with its time and coloured level. */
export function LogLines({ lines, wrap, follow }: LogLinesProps) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LINE_HEIGHT_ESTIMATE,
    overscan: 10,
    getItemKey: (index) => lines[index]?.id ?? index,
    // A container without layout yet (jsdom) is taken as window-sized, so the first lines render.
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) =>
        callback(
          rect.height > 0
            ? rect
            : { width: window.innerWidth || 1024, height: window.innerHeight || 768 },
        ),
      ),
  });
  const newest = lines.at(-1)?.id;
  useEffect(() => {
    if (follow && lines.length > 0) virtualizer.scrollToIndex(lines.length - 1, { align: 'end' });
  }, [follow, newest, lines.length, virtualizer]);
  // Wrapping changes every line's height: measure again.
  useEffect(() => virtualizer.measure(), [wrap, virtualizer]);

  return (
    <Scroller
      ref={scrollRef}
      data-testid={logsTestIds.lines}
      role="log"
      aria-label="Log lines"
      aria-live={follow ? 'polite' : 'off'}
      // Scrollable with the keyboard (arrows, Page Down) once focused.
      tabIndex={0}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const line = lines[item.index]!;
          const level = line.labels?.level;
          return (
            <Row
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              $wrap={wrap}
              style={{ transform: `translateY(${item.start}px)` }}
              data-testid={logsTestIds.line}
            >
              <time dateTime={line.timestamp ?? undefined}>
                {formatDate(line.timestamp ?? null)}
              </time>
              <Badge color={levelColor(level)} size="small">
                {level ?? '—'}
              </Badge>
              <Message $wrap={wrap}>
                {line.message ?? ''}
                {lineLabels(line) ? <Labels>{lineLabels(line)}</Labels> : null}
              </Message>
            </Row>
          );
        })}
      </div>
    </Scroller>
  );
}
