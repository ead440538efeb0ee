import { NavLink } from 'react-router';
import styled from 'styled-components';
import { notificationsTestIds } from '../testIds.ts';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  a {
    padding: ${({ theme }) => `${theme.space.xs} 0`};
    color: ${({ theme }) => theme.colors.textMuted};
    text-decoration: none;
    border-bottom: 2px solid transparent;
  }

  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.text};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
`;

/** The area's pages (console §2 /notifications…): the send history, the rules and the silences. */
export function NotificationsNav() {
  return (
    <Nav aria-label="Notifications" data-testid={notificationsTestIds.nav}>
      <NavLink to="/notifications" end>
        Notifications
      </NavLink>
      <NavLink to="/notifications/rules">Rules</NavLink>
      <NavLink to="/notifications/silences">Silences</NavLink>
      <NavLink to="/notifications/trace">Trace</NavLink>
    </Nav>
  );
}
