import type { TopologyComponent } from '@opsdeck/api-client/topology';
import { formatTypePath, StatusDot } from '@opsdeck/ui';
import { useId } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { cardLinkAttribute } from '../hooks/useCardGridKeyboard.ts';
import { childRows, componentPath, componentTitle } from '../model/cards.ts';
import type { CardSize } from '../model/filters.ts';
import { headlineProperties, visibleProperties } from '../model/properties.ts';
import {
  componentColor,
  componentState,
  dotStatus,
  isRolledUp,
  rollUpReason,
} from '../model/status.ts';
import type { StatusColor } from '@opsdeck/ui';
import { topologyTestIds } from '../testIds.ts';
import { ComponentIcon } from './ComponentIcon.tsx';
import { PropertyValue } from './PropertyValue.tsx';
import { SummaryLine } from './SummaryLine.tsx';

const Card = styled.article<{ $color: StatusColor }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  height: 100%;
  min-width: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-top: 4px solid ${({ theme, $color }) => theme.colors.status[$color]};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};

  &:focus-within {
    box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.focusRing};
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
`;

const Title = styled.h3`
  flex: 1;
  min-width: 0;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.md};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;

  a {
    color: inherit;
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
  a:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
  overflow-wrap: anywhere;
`;

const Metrics = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.xs};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.sm};
    font-weight: ${({ theme }) => theme.fontWeight.medium};
  }
`;

const Children = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSize.sm};

  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    min-width: 0;
  }
  a {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    color: inherit;
  }
`;

/** Child rows shown on a card before "+N more". */
const childRowLimit = 5;

export interface TopologyCardProps {
  component: TopologyComponent;
  size?: CardSize;
  /** `_top` in the standalone card: a link leaves the iframe for the console's own page. */
  linkTarget?: '_top';
}

function ComponentLink({
  id,
  children,
  target,
  card = false,
}: {
  id: string;
  children: string;
  target?: '_top';
  card?: boolean;
}) {
  const marker = card ? { [cardLinkAttribute]: '' } : {};
  return target ? (
    <a href={componentPath(id)} target={target} {...marker}>
      {children}
    </a>
  ) : (
    <Link to={componentPath(id)} {...marker}>
      {children}
    </Link>
  );
}

/**
 * One component as a card (reference §4): top border in its health colour, icon, name linked to its
 * page, status and reason, headline properties as metrics, the summary counts and its child rows,
 * worst first. Small cards keep the name, status and counts; large ones list every property.
 */
export function TopologyCard({ component, size = 'medium', linkTarget }: TopologyCardProps) {
  const titleId = useId();
  const state = componentState(component);
  const metrics = headlineProperties(component.properties);
  const details =
    size === 'large'
      ? visibleProperties(component.properties).filter((p) => !metrics.some((m) => m.key === p.key))
      : [];
  const rows = size === 'small' ? [] : childRows(component);
  return (
    <Card
      $color={componentColor(component)}
      aria-labelledby={titleId}
      data-testid={topologyTestIds.card}
      data-status={state}
    >
      <Header>
        <ComponentIcon icon={component.icon} type={component.type} />
        <Title id={titleId}>
          <ComponentLink id={component.id} target={linkTarget} card>
            {componentTitle(component)}
          </ComponentLink>
        </Title>
        <StatusDot status={dotStatus(component)} label={`Status: ${state || 'unknown'}`} />
      </Header>
      {size !== 'small' && component.type ? (
        <Muted title={component.type}>{formatTypePath(component.type)}</Muted>
      ) : null}
      {component.status_reason ? <Muted>{component.status_reason}</Muted> : null}
      {rollUpReason(component) ? <Muted>{rollUpReason(component)}</Muted> : null}
      {metrics.length > 0 && size !== 'small' ? (
        <Metrics aria-label="Headline properties">
          {metrics.map((property) => (
            <div key={property.key}>
              <dt>{property.label}</dt>
              <dd>
                <PropertyValue property={property} />
              </dd>
            </div>
          ))}
        </Metrics>
      ) : null}
      {details.length > 0 ? (
        <Metrics aria-label="Properties">
          {details.map((property) => (
            <div key={property.key}>
              <dt>{property.label}</dt>
              <dd>
                <PropertyValue property={property} />
              </dd>
            </div>
          ))}
        </Metrics>
      ) : null}
      <SummaryLine summary={component.summary} rolledUp={isRolledUp(component)} />
      {rows.length > 0 ? (
        <Children aria-label={`Children of ${componentTitle(component)}`}>
          {rows.slice(0, childRowLimit).map((child) => (
            <li key={child.id}>
              <StatusDot
                status={dotStatus(child)}
                size={8}
                label={`Status: ${componentState(child) || 'unknown'}`}
              />
              <ComponentLink id={child.id} target={linkTarget}>
                {componentTitle(child)}
              </ComponentLink>
            </li>
          ))}
          {rows.length > childRowLimit ? <li>+{rows.length - childRowLimit} more</li> : null}
        </Children>
      ) : null}
    </Card>
  );
}
