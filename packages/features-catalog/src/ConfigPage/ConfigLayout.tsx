import { catalogSlots } from '../slots.ts';
import {
  configComponentsQuery,
  configDetailQuery,
  relatedConfigsQuery,
} from '@opsdeck/api-client/catalog';
import { useApiClient } from '@opsdeck/api-client/react';

import { SlotOutlet, usePageTitle, useRouteLink, useSlot } from '@opsdeck/extensions/react';
import { isNotFoundError } from '@opsdeck/api-client';
import { ErrorPage, Moment, NotFoundPage, SkeletonPage, TagList } from '@opsdeck/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link, NavLink, Outlet, useLocation, useParams } from 'react-router';
import styled from 'styled-components';
import { Health } from '../components/Health.tsx';
import { Muted, PageRoot } from '../components/PageLayout.ts';
import { TypePath } from '../components/TypePath.tsx';
import { tagEntries } from '../model/format.ts';
import { relatedQueryOf, relationshipsViewOf } from '../model/relationships.ts';
import { catalogRoutes, configTypeSearch } from '../routes.ts';
import { catalogTestIds } from '../testIds.ts';
import type { ConfigOutletContext, ConfigRef } from './configContext.ts';
import { useConfigTabCounts } from './tabCounts.ts';

const Header = styled.header`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Name = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.xl};
  overflow-wrap: anywhere;
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

const Tabs = styled.nav`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  overflow-x: auto;
  overscroll-behavior-x: contain;
  box-shadow: inset 0 -1px 0 ${({ theme }) => theme.colors.border};

  a {
    flex-shrink: 0;
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    border-bottom: 2px solid transparent;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
    text-decoration: none;
    white-space: nowrap;
  }

  a[aria-current='page'] {
    border-bottom-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.fontWeight.medium};
  }
`;

const withCount = (label: string, count: number | null | undefined) =>
  count ? `${label} (${count})` : label;

/**
 * On the relationships sub-page, its walk (the slowest request of the config's pages: a depth-10
 * recursive rpc) and its components start beside the config's own request: the sub-page mounts
 * only once the config has arrived, and asking then made a waterfall. Same queries as the
 * sub-page's, which finds them under way or answered.
 */
function useRelationshipsAlongside(id: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const onRelationships = pathname.endsWith('/relationships');
  useEffect(() => {
    if (!onRelationships || !id) return;
    const view = relationshipsViewOf(new URLSearchParams(search));
    void queryClient.prefetchQuery(relatedConfigsQuery(client, relatedQueryOf(id, view)));
    void queryClient.prefetchQuery(configComponentsQuery(client, id));
  }, [client, queryClient, id, onRelationships, search]);
}

/**
 * `/catalog/:id`: the config's header (name, type, health, status, tags, agent) with the other
 * features' actions, its sub-pages as tabs, and the sub-page below them (console §2).
 */
export function ConfigLayout() {
  const { id = '' } = useParams();
  const client = useApiClient();
  const detail = useQuery(configDetailQuery(client, id));
  useRelationshipsAlongside(id);
  const counts = useConfigTabCounts(id);
  const config = detail.data;
  usePageTitle(config ? (config.name ?? config.id) : undefined);
  const slotTabs = useSlot(catalogSlots.configTabs);
  const ref = useMemo<ConfigRef | undefined>(
    () =>
      config
        ? { id: config.id, name: config.name ?? config.id, type: config.type ?? null }
        : undefined,
    [config],
  );
  const context = useMemo<ConfigOutletContext | undefined>(
    () => (config && ref ? { config, ref } : undefined),
    [config, ref],
  );
  const listLink = useRouteLink(catalogRoutes.list);

  if (detail.isPending) {
    return (
      <PageRoot data-testid={catalogTestIds.config.root}>
        <SkeletonPage label="Loading the config" />
      </PageRoot>
    );
  }
  if (!config || !context || !ref) {
    return (
      <PageRoot data-testid={catalogTestIds.config.root}>
        {detail.isError && !isNotFoundError(detail.error) ? (
          <ErrorPage error={detail.error} />
        ) : (
          <NotFoundPage what="config" back={<Link to="/catalog">All configs</Link>} />
        )}
      </PageRoot>
    );
  }

  const base = `/catalog/${encodeURIComponent(config.id)}`;
  const tabs = [
    { to: base, label: 'Spec', end: true },
    // Each count is what its tab opens on (tabCounts.ts); the Playbooks tab lists playbooks,
    // which no count here covers (config.summary's playbook_runs counts runs), so it has none.
    { to: `${base}/changes`, label: withCount('Changes', counts.changes) },
    { to: `${base}/insights`, label: withCount('Insights', counts.insights) },
    { to: `${base}/relationships`, label: withCount('Relationships', counts.relationships) },
    { to: `${base}/playbooks`, label: 'Playbooks' },
    { to: `${base}/checks`, label: withCount('Checks', counts.checks) },
    // Other features' sub-pages (the Playbooks contribution fills the Playbooks tab itself).
    ...slotTabs
      .filter((tab) => tab.path && tab.path !== 'playbooks')
      .map((tab) => ({ to: `${base}/${tab.path}`, label: tab.title })),
  ];

  // The list narrowed to this config's type, through the list route's typed search.
  const typeLink = config.type ? listLink?.({}, configTypeSearch(config.type)) : undefined;
  return (
    <PageRoot data-testid={catalogTestIds.config.root}>
      <Header data-testid={catalogTestIds.config.header}>
        <Line>
          <Name>{config.name ?? config.id}</Name>
          <Actions data-testid={catalogTestIds.config.actions}>
            <SlotOutlet slot={catalogSlots.configActions} props={{ config: ref }} />
          </Actions>
        </Line>
        <Line>
          {typeLink ? (
            <Link to={typeLink} aria-label={`Every ${config.type} config`}>
              <TypePath type={config.type} />
            </Link>
          ) : (
            <TypePath type={config.type} />
          )}
          <Health health={config.health ?? 'unknown'} />
          {config.status ? <span>{config.status}</span> : null}
          {config.agent_name ? <Muted>Agent: {config.agent_name}</Muted> : null}
          {config.last_scraped_time ? (
            <Muted>
              <Moment value={config.last_scraped_time} prefix="Scraped" />
            </Muted>
          ) : null}
          {config.deleted_at ? (
            <Muted>
              <Moment value={config.deleted_at} prefix="Deleted" />
            </Muted>
          ) : null}
        </Line>
        <TagList tags={tagEntries(config.tags)} aria-label="Tags" />
      </Header>
      <Tabs aria-label="Config sections" data-testid={catalogTestIds.config.tabs}>
        {tabs.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={'end' in tab ? tab.end : false}>
            {tab.label}
          </NavLink>
        ))}
      </Tabs>
      <Outlet context={context} />
    </PageRoot>
  );
}
