import { topologySlots } from '../slots.ts';
import { SlotOutlet, usePageTitle } from '@opsdeck/extensions/react';
import { isNotFoundError, isUuid } from '@opsdeck/api-client';
import { EmptyState, ErrorPage, formatTypePath, NotFoundPage, StatusDot } from '@opsdeck/ui';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import { CardGrid } from '../components/CardGrid.tsx';
import { CardSizeToggle } from '../components/CardSizeToggle.tsx';
import { CardSkeletons } from '../components/CardSkeletons.tsx';
import { ComponentIcon } from '../components/ComponentIcon.tsx';
import { SummaryLine } from '../components/SummaryLine.tsx';
import { PageRoot, Toolbar } from '../components/PageLayout.ts';
import { useComponentNames } from '../hooks/panelQueries.ts';
import { useTopology } from '../hooks/topologyQueries.ts';
import { useBackspaceToParent } from '../hooks/useBackspaceToParent.ts';
import { useTopologyFilters } from '../hooks/useTopologyFilters.ts';
import { ancestorIds, componentPath, componentTitle, visibleComponents } from '../model/cards.ts';
import { defaultTopologyFilters } from '../model/filters.ts';
import { pageQueries } from '../model/pageQueries.ts';
import { componentState, dotStatus, isRolledUp, rollUpReason } from '../model/status.ts';
import { topologyTestIds } from '../testIds.ts';
import { Breadcrumb } from './Breadcrumb.tsx';
import { SidePanel } from './SidePanel.tsx';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const ChildrenTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.md};
`;

const Type = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const State = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-left: auto;

  &:empty {
    display: none;
  }
`;

const Reason = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

// Children beside the panel on a wide page; the panel under them below the sidebar breakpoint.
const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(260px, 340px);
  align-items: start;
  gap: ${({ theme }) => theme.space.lg};

  @media ${({ theme }) => theme.media.belowSidebar} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Main = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

/** `/topology/:id`: the component, its children as cards, its parents as a breadcrumb, its details. */
export function ComponentPage() {
  const { id = '' } = useParams();
  const [filters, update] = useTopologyFilters();
  // A malformed id is not found without asking the server.
  const known = isUuid(id);
  const topology = useTopology(pageQueries.component(id), { enabled: known });
  const reply = topology.data;
  const component = reply?.components[0];
  usePageTitle(component ? componentTitle(component) : undefined);
  const ancestors = useMemo(() => (component ? ancestorIds(component) : []), [component]);
  const names = useComponentNames(ancestors);
  const parent = ancestors.at(-1);
  useBackspaceToParent(component ? (parent ? componentPath(parent) : '/topology') : undefined);
  const children = useMemo(
    () =>
      reply
        ? visibleComponents(
            reply.components,
            { ...defaultTopologyFilters, sortBy: filters.sortBy, sortOrder: filters.sortOrder },
            id,
          )
        : [],
    [reply, filters.sortBy, filters.sortOrder, id],
  );

  if (!known || topology.isPending || (topology.isError && !reply) || !component) {
    return (
      <PageRoot data-testid={topologyTestIds.component.root}>
        {known && topology.isPending ? (
          <CardSkeletons size={filters.size} />
        ) : known && topology.isError && !reply && !isNotFoundError(topology.error) ? (
          <ErrorPage error={topology.error} />
        ) : (
          <NotFoundPage what="component" back={<Link to="/topology">All components</Link>} />
        )}
      </PageRoot>
    );
  }

  const title = componentTitle(component);
  const state = componentState(component);
  return (
    <PageRoot data-testid={topologyTestIds.component.root}>
      <Breadcrumb ancestors={ancestors} names={names.data} current={title} />
      <Header>
        {/* The shell's header already names the page after the component (usePageTitle). */}
        <ComponentIcon icon={component.icon} type={component.type} size={22} />
        {component.type ? (
          <Type title={component.type}>{formatTypePath(component.type)}</Type>
        ) : null}
        <State>
          <span aria-hidden="true">
            <StatusDot status={dotStatus(component)} />
          </span>
          {state || 'unknown'}
        </State>
        <Actions data-testid={topologyTestIds.component.actions}>
          <SlotOutlet
            slot={topologySlots.componentActions}
            props={{ component: { id: component.id, name: component.name } }}
          />
        </Actions>
      </Header>
      {component.status_reason ? <Reason>{component.status_reason}</Reason> : null}
      {rollUpReason(component) ? <Reason>{rollUpReason(component)}</Reason> : null}
      <SummaryLine summary={component.summary} rolledUp={isRolledUp(component)} />
      <Layout>
        <Main>
          <Toolbar>
            <ChildrenTitle>
              {children.length === 1 ? '1 child' : `${children.length} children`}
            </ChildrenTitle>
            <CardSizeToggle size={filters.size} onChange={(size) => update({ size })} />
          </Toolbar>
          {children.length > 0 ? (
            <CardGrid components={children} size={filters.size} label={`Children of ${title}`} />
          ) : (
            <EmptyState kind="resources" />
          )}
        </Main>
        <SidePanel component={component} />
      </Layout>
    </PageRoot>
  );
}
