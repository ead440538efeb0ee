import type { TopologyComponent } from '@opsdeck/api-client/topology';
import { useRef } from 'react';
import styled from 'styled-components';
import { useCardGridKeyboard } from '../hooks/useCardGridKeyboard.ts';
import type { CardSize } from '../model/filters.ts';
import { topologyTestIds } from '../testIds.ts';
import { TopologyCard } from './TopologyCard.tsx';

/** The narrowest a card gets at each size; a line holds as many as fit and they share the width. */
export const minCardWidth: Readonly<Record<CardSize, number>> = {
  small: 200,
  medium: 280,
  large: 400,
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
