import type { ComponentName } from '@opsdeck/api-client/topology';
import { Link } from 'react-router';
import styled from 'styled-components';
import { componentPath } from '../model/cards.ts';
import { topologyTestIds } from '../testIds.ts';

const Trail = styled.ol`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};

  li + li::before {
    content: '/';
    margin-right: ${({ theme }) => theme.space.xs};
  }
  a {
    color: ${({ theme }) => theme.colors.link};
  }
  [aria-current] {
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.fontWeight.medium};
  }
`;

/** Topology / each ancestor / this component; an ancestor whose name is not in yet shows as "…". */
export function Breadcrumb({
  ancestors,
  names,
  current,
}: {
  ancestors: readonly string[];
  names: readonly ComponentName[] | undefined;
  current: string;
}) {
  const nameOf = new Map((names ?? []).map((row) => [row.id, row.name]));
  return (
    <nav aria-label="Breadcrumb" data-testid={topologyTestIds.component.breadcrumb}>
      <Trail>
        <li>
          <Link to="/topology">Topology</Link>
        </li>
        {ancestors.map((id) => (
          <li key={id}>
            <Link to={componentPath(id)}>{nameOf.get(id) ?? '…'}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </Trail>
    </nav>
  );
}
