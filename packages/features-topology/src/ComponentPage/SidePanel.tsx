import { checkModalSearch } from '@opsdeck/features-health/slots';
import { topologySlots } from '../slots.ts';
import type { TopologyComponent } from '@opsdeck/api-client/topology';

import { useRouteLink, useSlot } from '@opsdeck/extensions/react';
import { formatTypePath, QueryRows, SkeletonText, StatusDot, TagList } from '@opsdeck/ui';
import { Suspense, useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { PropertyValue } from '../components/PropertyValue.tsx';
import {
  useComponentChecks,
  useComponentConfigs,
  useComponentIncidents,
} from '../hooks/panelQueries.ts';
import { visibleProperties } from '../model/properties.ts';
import { isRolledUp } from '../model/status.ts';
import { topologyExternalRoutes } from '../routes.ts';
import { topologyTestIds } from '../testIds.ts';

const Panel = styled.aside`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.sm};
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(80px, max-content) minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    min-width: 0;
  }
`;

const Rows = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSize.sm};

  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

function PanelSection({
  title,
  note,
  children,
}: {
  title: string;
  /** What the section counts, when the header's roll-up counts more. */
  note?: string | undefined;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {note ? <Muted>{note}</Muted> : null}
      {children}
    </Section>
  );
}

/** A section's rows once its read is in (ui's QueryRows), in the panel's list. */
function Loaded<T>({
  query,
  what,
  children,
}: {
  query: { data: T[] | undefined; error: unknown; isPending: boolean };
  what: string;
  children: (rows: readonly T[]) => ReactNode;
}) {
  return (
    <QueryRows query={query} what={what}>
      {(rows) => <Rows>{children(rows)}</Rows>}
    </QueryRows>
  );
}

// The header's summary rolls its children's checks, incidents and insights in; the panel's lists
// are the component's own, and say so where the two could differ.
const ownNote = (rolledUp: boolean) =>
  rolledUp ? 'Linked to this component itself, not its children' : undefined;

function Checks({ componentId, rolledUp }: { componentId: string; rolledUp: boolean }) {
  const checks = useComponentChecks(componentId);
  const toHealth = useRouteLink(topologyExternalRoutes.healthPage);
  return (
    <PanelSection title="Checks" note={ownNote(rolledUp)}>
      <Loaded query={checks} what="checks">
        {(rows) =>
          rows.map((check) => (
            <li key={check.id}>
              <StatusDot status={check.status} label={`Status: ${check.status ?? 'unknown'}`} />
              {toHealth ? (
                <Link to={toHealth({}, checkModalSearch(check.id))}>{check.name}</Link>
              ) : (
                <span>{check.name}</span>
              )}
            </li>
          ))
        }
      </Loaded>
    </PanelSection>
  );
}

function Configs({ componentId }: { componentId: string }) {
  const configs = useComponentConfigs(componentId);
  const toConfig = useRouteLink(topologyExternalRoutes.configPage);
  return (
    <PanelSection title="Configs">
      <Loaded query={configs} what="configs">
        {(rows) =>
          rows.map((config) => (
            <li key={config.id}>
              {toConfig ? (
                <Link to={toConfig({ id: config.id })}>{config.name}</Link>
              ) : (
                <span>{config.name}</span>
              )}
              {config.type ? (
                <Muted as="span" title={config.type}>
                  {formatTypePath(config.type)}
                </Muted>
              ) : null}
            </li>
          ))
        }
      </Loaded>
    </PanelSection>
  );
}

function Incidents({ componentId, rolledUp }: { componentId: string; rolledUp: boolean }) {
  const incidents = useComponentIncidents(componentId);
  const toIncident = useRouteLink(topologyExternalRoutes.incidentPage);
  return (
    <PanelSection title="Incidents" note={ownNote(rolledUp)}>
      <Loaded query={incidents} what="incidents">
        {(rows) =>
          rows.map((incident) => (
            <li key={incident.id}>
              {toIncident ? (
                <Link to={toIncident({ id: incident.id })}>{incident.title}</Link>
              ) : (
                <span>{incident.title}</span>
              )}
              <Muted as="span">
                {[incident.severity, incident.status].filter(Boolean).join(' · ')}
              </Muted>
            </li>
          ))
        }
      </Loaded>
    </PanelSection>
  );
}

/** The component's insights by type and severity, from the reply's summary. */
function Insights({ component }: { component: TopologyComponent }) {
  const insights = Object.entries(component.summary?.insights ?? {});
  if (insights.length === 0) return null;
  return (
    <PanelSection
      title="Insights"
      note={isRolledUp(component) ? 'Here and below: its children’s included' : undefined}
    >
      <Rows>
        {insights.map(([type, bySeverity]) => (
          <li key={type}>
            {type}:{' '}
            {Object.entries(bySeverity)
              .map(([severity, count]) => `${count} ${severity}`)
              .join(', ')}
          </li>
        ))}
      </Rows>
    </PanelSection>
  );
}

/**
 * The component's details beside its children: facts and properties, labels, the linked checks
 * (opening the health modal), configs (to the catalog), incidents and insights, and the tabs other
 * features contribute (topologySlots.componentTabs), each as a section.
 */
export function SidePanel({ component }: { component: TopologyComponent }) {
  const properties = visibleProperties(component.properties);
  const tabs = useSlot(topologySlots.componentTabs);
  const ref = { id: component.id, name: component.name };
  const facts: Array<[string, string]> = [
    ['Type', formatTypePath(component.type)],
    ['Owner', component.owner ?? ''],
    ['Namespace', component.namespace ?? ''],
    ['Description', component.description ?? ''],
  ].filter((fact): fact is [string, string] => Boolean(fact[1]));
  return (
    <Panel aria-label="Details" data-testid={topologyTestIds.component.panel}>
      {facts.length > 0 || properties.length > 0 ? (
        <PanelSection title="Properties">
          <Facts>
            {facts.map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
            {properties.map((property) => (
              <div key={property.key} style={{ display: 'contents' }}>
                <dt>{property.label}</dt>
                <dd>
                  <PropertyValue property={property} />
                </dd>
              </div>
            ))}
          </Facts>
        </PanelSection>
      ) : null}
      {component.labels && Object.keys(component.labels).length > 0 ? (
        <PanelSection title="Labels">
          <TagList tags={component.labels} aria-label="Labels" />
        </PanelSection>
      ) : null}
      <Checks componentId={component.id} rolledUp={isRolledUp(component)} />
      <Configs componentId={component.id} />
      <Incidents componentId={component.id} rolledUp={isRolledUp(component)} />
      <Insights component={component} />
      {tabs.map(({ id, title, Component }) => (
        <PanelSection key={id} title={title}>
          <Suspense fallback={<SkeletonText lines={2} label={`Loading ${title}`} />}>
            <Component component={ref} />
          </Suspense>
        </PanelSection>
      ))}
    </Panel>
  );
}
