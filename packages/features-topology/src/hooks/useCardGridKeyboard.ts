import { useCallback, type KeyboardEvent, type RefObject } from 'react';
import { columnsFromOffsets, isGridKey, moveCardIndex } from '../model/grid.ts';

/** The attribute that marks each card's focusable link inside a grid. */
export const cardLinkAttribute = 'data-card-link';

/**
 * Arrow keys, Home and End move focus between the cards' links of a grid (Enter then opens one, as
 * any link). The line length is read from the cards' positions, so it follows the layout.
 */
export function useCardGridKeyboard(grid: RefObject<HTMLElement | null>) {
  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (!isGridKey(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
      const links = [
        ...(grid.current?.querySelectorAll<HTMLElement>(`[${cardLinkAttribute}]`) ?? []),
      ];
      const index = links.findIndex((link) => link === document.activeElement);
      if (index < 0) return;
      const columns = columnsFromOffsets(
        links.map((link) => link.closest('li')?.offsetTop ?? link.offsetTop),
      );
      const target = moveCardIndex(index, event.key, columns, links.length);
      event.preventDefault();
      links[target]?.focus();
    },
    [grid],
  );
}
