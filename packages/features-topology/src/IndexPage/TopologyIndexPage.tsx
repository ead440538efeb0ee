import { EmptyState, ErrorPage } from '@opsdeck/ui';
import { useEffect, useMemo } from 'react';
import styled from 'styled-components';
import { CardGrid } from '../components/CardGrid.tsx';
import { CardSizeToggle } from '../components/CardSizeToggle.tsx';
import { CardSkeletons } from '../components/CardSkeletons.tsx';
import { TopologyFilterBar } from '../components/TopologyFilterBar.tsx';
import { useTopology } from '../hooks/topologyQueries.ts';
import { useTopologyFilters } from '../hooks/useTopologyFilters.ts';
import { sortChoices, visibleComponents } from '../model/cards.ts';
import { PageRoot, Toolbar } from '../components/PageLayout.ts';
import { pageQueries } from '../model/pageQueries.ts';
import { topologyTestIds } from '../testIds.ts';

const Count = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

/**
 * The component page's chunk, fetched while the browser is idle once the cards are up: opening a
 * card then waits only for its data.
 */
function usePreloadComponentPage(ready: boolean) {
  useEffect(() => {
    if (!ready) return;
    const preload = () => void import('../pages/componentPage.tsx');
    if (typeof requestIdleCallback !== 'function') return preload();
    const handle = requestIdleCallback(preload, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, [ready]);
}

/** `/topology`: the root components as cards, filtered and sorted from the URL. */
export function TopologyIndexPage() {
  const [filters, update, search] = useTopologyFilters();
  const query = useMemo(() => pageQueries.index(search), [search]);
  const topology = useTopology(query, { keepCards: true });
  const reply = topology.data;
  const cards = useMemo(
    () => (reply ? visibleComponents(reply.components, filters) : []),
    [reply, filters],
  );
  const choices = useMemo(() => sortChoices(reply?.components ?? []), [reply]);
  usePreloadComponentPage(Boolean(reply));

  let content;
  if (topology.isPending) content = <CardSkeletons size={filters.size} />;
  else if (topology.isError && !reply) content = <ErrorPage error={topology.error} />;
  else if (cards.length === 0)
    content = filters.search ? (
      <EmptyState title={`No component named like “${filters.search}”`} />
    ) : (
      <EmptyState kind="resources" />
    );
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
