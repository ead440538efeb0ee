import { EmptyState, ErrorPage } from '@opsdeck/ui';
import { useMemo } from 'react';
import styled from 'styled-components';
import { CardGrid } from '../components/CardGrid.tsx';
import { CardSizeToggle } from '../components/CardSizeToggle.tsx';
import { CardSkeletons } from '../components/CardSkeletons.tsx';
import { TopologyFilterBar } from '../components/TopologyFilterBar.tsx';
import { useTopology } from '../hooks/topologyQueries.ts';
import { useTopologyFilters } from '../hooks/useTopologyFilters.ts';
import { sortChoices, visibleComponents } from '../model/cards.ts';
import { toTopologyQuery } from '../model/filters.ts';
import { PageRoot, Toolbar } from '../components/PageLayout.ts';
import { topologyTestIds } from '../testIds.ts';

/**
 * Root components and one level of children: enough for the cards' child rows. The summaries are
 * rolled up over the whole tree before the backend cuts it to this depth (reference §4).
 */
const indexDepth = 2;

const Count = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

/** `/topology`: the root components as cards, filtered and sorted from the URL. */
export function TopologyIndexPage() {
  const [filters, update] = useTopologyFilters();
  const query = useMemo(() => toTopologyQuery(filters, indexDepth), [filters]);
  const topology = useTopology(query, { keepCards: true });
  const reply = topology.data;
  const cards = useMemo(
    () => (reply ? visibleComponents(reply.components, filters) : []),
    [reply, filters],
  );
  const choices = useMemo(() => sortChoices(reply?.components ?? []), [reply]);

  let content;
  if (topology.isPending) content = <CardSkeletons size={filters.size} />;
  else if (topology.isError && !reply) content = <ErrorPage error={topology.error} />;
  else if (cards.length === 0) content = <EmptyState kind="resources" />;
  else
    content = (
      <>
        <Toolbar>
          <Count data-testid={topologyTestIds.index.count} aria-live="polite">
            {cards.length === 1 ? '1 component' : `${cards.length} components`}
          </Count>
          <CardSizeToggle size={filters.size} onChange={(size) => update({ size })} />
        </Toolbar>
        <CardGrid components={cards} size={filters.size} label="Components" />
      </>
    );

  return (
    <PageRoot data-testid={topologyTestIds.index.root} aria-busy={topology.isFetching}>
      <TopologyFilterBar filters={filters} update={update} reply={reply} sortChoices={choices} />
      {content}
    </PageRoot>
  );
}
