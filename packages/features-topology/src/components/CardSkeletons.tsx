import { SkeletonText } from '@opsdeck/ui';
import styled from 'styled-components';
import type { CardSize } from '../model/filters.ts';
import { Grid, minCardWidth } from './CardGrid.tsx';

const Placeholder = styled.li`
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

/** The cards' shape while the topology loads, so the page does not jump when they arrive. */
export function CardSkeletons({ size = 'medium', count = 6 }: { size?: CardSize; count?: number }) {
  return (
    <div role="status" aria-label="Loading components" aria-busy="true">
      <Grid $min={minCardWidth[size]} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <Placeholder key={index}>
            <SkeletonText lines={3} label="" />
          </Placeholder>
        ))}
      </Grid>
    </div>
  );
}
