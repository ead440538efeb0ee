import { usePageTitle } from '@opsdeck/extensions/react';
import { EmptyState, ErrorPage, SkeletonText } from '@opsdeck/ui';
import { useParams } from 'react-router';
import styled from 'styled-components';
import { TopologyCard } from './components/TopologyCard.tsx';
import { useTopology } from './hooks/topologyQueries.ts';
import { componentTitle } from './model/cards.ts';
import { pageQueries } from './model/pageQueries.ts';
import { topologyTestIds } from './testIds.ts';

const Frame = styled.div`
  padding: ${({ theme }) => theme.space.sm};
  max-width: 640px;
`;

/**
 * `/view/topology/:id`: the one card, for an iframe (console §2). Its links open the console's
 * pages in the top window rather than inside the frame.
 */
export function TopologyViewPage() {
  const { id = '' } = useParams();
  const topology = useTopology(pageQueries.view(id));
  const component = topology.data?.components[0];
  usePageTitle(component ? componentTitle(component) : undefined);
  let content;
  if (topology.isPending) content = <SkeletonText lines={4} label="Loading component" />;
  else if (topology.isError && !topology.data) content = <ErrorPage error={topology.error} />;
  else if (!component) content = <EmptyState kind="details" />;
  else content = <TopologyCard component={component} linkTarget="_top" />;
  return <Frame data-testid={topologyTestIds.view}>{content}</Frame>;
}
