import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import type { RefObject } from 'react';

/** Spec §9: virtual row height estimate 35 px, overscan 10. */
export const rowHeightEstimate = 35;
export const rowOverscan = 10;

/**
 * The viewport the first render assumes before anything is measured: a server render draws the
 * rows it covers, and the browser's hydrating render, which assumes the same, draws the same rows.
 */
const initialRect = { width: 1024, height: 768 };

/**
 * A vertical virtualizer over a scroll container. A container with no layout yet (hidden, or a
 * DOM without layout such as jsdom) is taken as window-sized, so the first rows still render.
 */
export function useListVirtualizer(
  count: number,
  scrollRef: RefObject<HTMLDivElement | null>,
  options: {
    estimateSize?: number | ((index: number) => number);
    getItemKey?: (index: number) => string | number;
  } = {},
): Virtualizer<HTMLDivElement, Element> {
  const { estimateSize = rowHeightEstimate } = options;
  return useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: typeof estimateSize === 'function' ? estimateSize : () => estimateSize,
    overscan: rowOverscan,
    getItemKey: options.getItemKey,
    initialRect,
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) =>
        callback(
          rect.height > 0
            ? rect
            : { width: window.innerWidth || 1024, height: window.innerHeight || 768 },
        ),
      ),
  });
}
