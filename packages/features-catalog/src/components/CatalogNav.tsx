import { NavLink } from 'react-router';
import styled from 'styled-components';
import { catalogTestIds } from '../testIds.ts';

const Nav = styled.nav`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  overflow-x: auto;
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

const areas = [
  { to: '/catalog', label: 'Configs', end: true },
  { to: '/catalog/changes', label: 'Changes', end: false },
  { to: '/catalog/insights', label: 'Insights', end: false },
  { to: '/catalog/scrapers', label: 'Scrapers', end: false },
] as const;

/** The catalog's areas (console §2): the list, changes, insights and scrapers. */
export function CatalogNav() {
  return (
    <Nav aria-label="Catalog" data-testid={catalogTestIds.nav}>
      {areas.map((area) => (
        <NavLink key={area.to} to={area.to} end={area.end}>
          {area.label}
        </NavLink>
      ))}
    </Nav>
  );
}
