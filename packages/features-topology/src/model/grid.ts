/** The keys that move between cards. */
export type GridKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End';

export function isGridKey(key: string): key is GridKey {
  return ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(key);
}

/**
 * The card a key moves to in a grid of `count` cards, `columns` to a line: left and right step
 * through the reading order, up and down a line, Home and End to the ends. Stops at the edges.
 */
export function moveCardIndex(index: number, key: GridKey, columns: number, count: number): number {
  if (count === 0) return -1;
  const perLine = Math.max(1, columns);
  const target = {
    ArrowLeft: index - 1,
    ArrowRight: index + 1,
    ArrowUp: index - perLine,
    ArrowDown: index + perLine,
    Home: 0,
    End: count - 1,
  }[key];
  if (target < 0 || target >= count) return index;
  return target;
}

/** Cards per line from the cards' top offsets: how many share the first card's line. */
export function columnsFromOffsets(tops: readonly number[]): number {
  if (tops.length === 0) return 1;
  const first = tops[0];
  const onFirstLine = tops.findIndex((top) => top !== first);
  return onFirstLine < 0 ? tops.length : onFirstLine;
}

/**
 * Cards per line in a grid `width` wide whose cards are at least `minWidth` with `gap` between them:
 * what CSS `repeat(auto-fill, minmax(min(100%, minWidth), 1fr))` lays out. At least one.
 */
export function cardColumns(width: number, minWidth: number, gap: number): number {
  if (!(width > 0)) return 1;
  return Math.max(1, Math.floor((width + gap) / (minWidth + gap)));
}
