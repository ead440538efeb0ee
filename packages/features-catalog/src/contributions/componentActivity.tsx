import { useRouteLink } from '@opsdeck/extensions/react';
import type { ComponentRef } from '@opsdeck/features-topology/slots';
import {
  componentConfigChangesQuery,
  componentConfigInsightsQuery,
  type CatalogChange,
  type ConfigInsight,
} from '@opsdeck/api-client/catalog';
import { useApiClient } from '@opsdeck/api-client/react';
import { componentConfigsQuery } from '@opsdeck/api-client/topology';

import { Moment, QueryRows } from '@opsdeck/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Health } from '../components/Health.tsx';
import { Muted } from '../components/PageLayout.ts';
import { catalogRoutes } from '../routes.ts';
import { humanize, severityStatus } from '../model/format.ts';

const Rows = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Row = styled.li`
  display: grid;
  gap: 2px;
  min-width: 0;
`;

const Line = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`;

const Summary = styled.span`
  overflow-wrap: anywhere;
`;

/** The names of the component's linked configs (the same read as the panel's Configs section). */
function useConfigNames(componentId: string): ReadonlyMap<string, string> {
  const { data } = useQuery(componentConfigsQuery(useApiClient(), componentId));
  return useMemo(() => new Map((data ?? []).map((config) => [config.id, config.name])), [data]);
}

/** A row's config: a link to its page in the catalog, under its name once known. */
function ConfigLink({
  id,
  names,
  tab,
}: {
  id: string | null | undefined;
  names: ReadonlyMap<string, string>;
  tab: typeof catalogRoutes.itemChanges;
}) {
  const toTab = useRouteLink(tab);
  if (!id) return null;
  const name = names.get(id) ?? 'config';
  return toTab ? <Link to={toTab({ id })}>{name}</Link> : <span>{name}</span>;
}

/** The newest changes of the configs linked to a topology component, each opening its config's changes. */
export function ComponentConfigChanges({ component }: { component: ComponentRef }) {
  const changes = useQuery(componentConfigChangesQuery(useApiClient(), component.id));
  const names = useConfigNames(component.id);
  return (
    <QueryRows query={changes} what="config changes">
      {(rows: readonly CatalogChange[]) => (
        <Rows>
          {rows.map((change) => (
            <Row key={change.id}>
              <Line>
                <ConfigLink id={change.config_id} names={names} tab={catalogRoutes.itemChanges} />
                <span>{humanize(change.change_type ?? '')}</span>
                {change.severity && change.severity !== 'info' ? (
                  <Health health={severityStatus(change.severity)} label={change.severity} />
                ) : null}
                <Muted>
                  <Moment value={change.created_at} />
                </Muted>
              </Line>
              {change.summary ? <Summary>{change.summary}</Summary> : null}
            </Row>
          ))}
        </Rows>
      )}
    </QueryRows>
  );
}

/** The open insights of the configs linked to a topology component, newest first. */
export function ComponentConfigInsights({ component }: { component: ComponentRef }) {
  const insights = useQuery(componentConfigInsightsQuery(useApiClient(), component.id));
  const names = useConfigNames(component.id);
  return (
    <QueryRows query={insights} what="open config insights">
      {(rows: readonly ConfigInsight[]) => (
        <Rows>
          {rows.map((insight) => (
            <Row key={insight.id}>
              <Line>
                <ConfigLink id={insight.config_id} names={names} tab={catalogRoutes.itemInsights} />
                {insight.severity ? (
                  <Health health={severityStatus(insight.severity)} label={insight.severity} />
                ) : null}
                <Muted>{insight.analyzer ?? humanize(insight.analysis_type ?? '')}</Muted>
              </Line>
              <Summary>{insight.summary ?? insight.message}</Summary>
            </Row>
          ))}
        </Rows>
      )}
    </QueryRows>
  );
}
