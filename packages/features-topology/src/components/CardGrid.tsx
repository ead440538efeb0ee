import type { TopologyComponent } from '@opsdeck/api-client/topology';
import {
  defaultRangeExtractor,
  measureElement,
  observeElementRect,
  useVirtualizer,
  type Range,
} from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import styled, { useTheme } from 'styled-components';
import { cardLinkAttribute, useCardGridKeyboard } from '../hooks/useCardGridKeyboard.ts';
import type { CardSize } from '../model/filters.ts';
import { cardColumns, isGridKey, moveCardIndex } from '../model/grid.ts';
import { topologyTestIds } from '../testIds.ts';
import { TopologyCard } from './TopologyCard.tsx';

/** The narrowest a card gets at each size; a line holds as many as fit and they share the width. */
export const minCardWidth: Readonly<Record<CardSize, number>> = {
  small: 200,
  medium: 280,
  large: 400,
};

/**
 * From this many cards only the lines in view are rendered: a component with hundreds of children
 * opens as fast as one with a few. Below it every card is in the DOM (find in page works).
 */
export const VIRTUAL_CARDS_FROM = 60;

// A line's height before it is measured, per size; measured lines replace it.
const estimatedLineHeight: Readonly<Record<CardSize, number>> = {
  small: 190,
  medium: 230,
  large: 270,
};

// min(100%, …): on a phone one card takes the line instead of overflowing it.
export const Grid = styled.ul<{ $min: number }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${({ $min }) => $min}px), 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const VirtualList = styled.div`
  position: relative;
  width: 100%;
`;

// One line of cards; its bottom padding is the gap to the next line, so a measured line includes it.
const Line = styled.div<{ $columns: number }>`
  position: absolute;
  top: 0;
  left: 0;
  display: grid;
  grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.md};
  width: 100%;
  padding-bottom: ${({ theme }) => theme.space.md};
`;

/** Cards of components; arrow keys move between them and Enter opens one. */
export function CardGrid({
  components,
  size,
  label,
}: {
  components: readonly TopologyComponent[];
  size: CardSize;
  label: string;
}) {
  if (components.length >= VIRTUAL_CARDS_FROM)
    return <VirtualCardGrid components={components} size={size} label={label} />;
  return <PlainCardGrid components={components} size={size} label={label} />;
}

function PlainCardGrid({
  components,
  size,
  label,
}: {
  components: readonly TopologyComponent[];
  size: CardSize;
  label: string;
}) {
  const ref = useRef<HTMLUListElement>(null);
  const onKeyDown = useCardGridKeyboard(ref);
  return (
    <Grid
      ref={ref}
      $min={minCardWidth[size]}
      aria-label={label}
      data-testid={topologyTestIds.grid}
      data-size={size}
      onKeyDown={onKeyDown}
    >
      {components.map((component) => (
        <li key={component.id}>
          <TopologyCard component={component} size={size} />
        </li>
      ))}
    </Grid>
  );
}

/** The nearest ancestor that scrolls vertically (the shell's main area), if any. */
function scrollParent(element: HTMLElement | null): HTMLElement | null {
  for (let node = element?.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return null;
}

// A scroll area that measures 0x0 (not laid out yet, or a DOM without layout) still shows a screenful.
const FALLBACK_VIEWPORT = { width: 1024, height: 800 };
const observeRectOrFallback: typeof observeElementRect = (instance, callback) =>
  observeElementRect(instance, (rect) =>
    callback(rect.width === 0 && rect.height === 0 ? FALLBACK_VIEWPORT : rect),
  );

/**
 * The same grid, drawn a line at a time inside the page's own scroll: the lines in view and a few
 * more. Lines are measured as they render, so cards of any height fit. The keyboard moves through
 * every card, scrolling the target's line in first.
 */
function VirtualCardGrid({
  components,
  size,
  label,
}: {
  components: readonly TopologyComponent[];
  size: CardSize;
  label: string;
}) {
  const theme = useTheme();
  const gap = Number.parseFloat(theme.space.md) || 0;
  const listRef = useRef<HTMLDivElement>(null);
  // undefined until laid out; null when nothing scrolls (a page in the document's own scroll).
  const [scrollElement, setScrollElement] = useState<HTMLElement | null | undefined>(undefined);
  const [layout, setLayout] = useState({ width: 0, margin: 0 });

  // Where the list sits in its scroll area, and its width (which sets the cards per line).
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const scroller = scrollParent(list);
    setScrollElement(scroller);
    if (!scroller) return;
    const measure = () => {
      const top = list.getBoundingClientRect().top;
      const scrollerTop =
        scroller === document.documentElement ? 0 : (scroller?.getBoundingClientRect().top ?? 0);
      setLayout({
        width: list.clientWidth,
        margin: Math.max(0, top - scrollerTop + scroller.scrollTop),
      });
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  const columns = cardColumns(layout.width, minCardWidth[size], gap);
  const lines = Math.ceil(components.length / columns);
  const estimateSize = useCallback(() => estimatedLineHeight[size], [size]);
  // The card keyboard focus is on (or moving to): its line stays rendered while scrolled away.
  const [focused, setFocused] = useState<{ index: number; move: number } | null>(null);
  useEffect(() => {
    if (!focused) return;
    listRef.current
      ?.querySelector<HTMLElement>(`[data-card-index="${focused.index}"] [${cardLinkAttribute}]`)
      ?.focus();
  }, [focused]);
  const focusedLine = focused ? Math.floor(focused.index / columns) : -1;
  const virtualizer = useVirtualizer({
    count: lines,
    getScrollElement: () => scrollElement ?? null,
    observeElementRect: observeRectOrFallback,
    // A line measured 0 high (a DOM without layout) keeps its estimate.
    measureElement: useCallback<typeof measureElement>(
      (element, entry, instance) =>
        measureElement(element, entry, instance) || estimatedLineHeight[size],
      [size],
    ),
    estimateSize,
    overscan: 2,
    rangeExtractor: useCallback(
      (range: Range) => {
        const indexes = defaultRangeExtractor(range);
        if (focusedLine < 0 || focusedLine >= range.count || indexes.includes(focusedLine))
          return indexes;
        return [...indexes, focusedLine].sort((a, b) => a - b);
      },
      [focusedLine],
    ),
    scrollMargin: layout.margin,
    initialRect: FALLBACK_VIEWPORT,
  });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!isGridKey(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    const card = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>(
      '[data-card-index]',
    );
    if (!card || !listRef.current?.contains(card)) return;
    const target = moveCardIndex(
      Number(card.dataset.cardIndex),
      event.key,
      columns,
      components.length,
    );
    event.preventDefault();
    virtualizer.scrollToIndex(Math.floor(target / columns), { align: 'auto' });
    setFocused((last) => ({ index: target, move: (last?.move ?? 0) + 1 }));
  };

  // Nothing scrolls but the document (the standalone page): every card, as a plain grid.
  if (scrollElement === null)
    return <PlainCardGrid components={components} size={size} label={label} />;

  const rendered: ReactNode[] = virtualizer.getVirtualItems().map((line) => {
    const first = line.index * columns;
    return (
      <Line
        key={line.key}
        ref={virtualizer.measureElement}
        data-index={line.index}
        role="none"
        $columns={columns}
        style={{ transform: `translateY(${line.start - layout.margin}px)` }}
      >
        {components.slice(first, first + columns).map((component, offset) => (
          <div
            key={component.id}
            role="listitem"
            data-card-index={first + offset}
            aria-posinset={first + offset + 1}
            aria-setsize={components.length}
          >
            <TopologyCard component={component} size={size} />
          </div>
        ))}
      </Line>
    );
  });

  return (
    <VirtualList
      ref={listRef}
      role="list"
      aria-label={label}
      data-testid={topologyTestIds.grid}
      data-size={size}
      data-virtual=""
      onKeyDown={onKeyDown}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {rendered}
    </VirtualList>
  );
}
