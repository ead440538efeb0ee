import { ChevronDown, ChevronLeft, ChevronRight, Settings, SkeletonText } from '@opsdeck/ui';
import { useId, useState, type RefObject } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import styled from 'styled-components';
import { SIDEBAR_WIDTH } from '../navigation/collapse.ts';
import type { SidebarEntry, SidebarGroup, SidebarLink } from '../navigation/sidebarModel.ts';
import { testIds } from '../testIds.ts';

const Aside = styled.div<{ $collapsed: boolean }>`
  position: sticky;
  top: 0;
  height: 100vh;
  flex-shrink: 0;
  width: ${({ $collapsed }) => ($collapsed ? SIDEBAR_WIDTH.collapsed : SIDEBAR_WIDTH.expanded)}px;
  display: flex;
  flex-direction: column;
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  transition: width 150ms ease;
  overflow: hidden;
  z-index: 10;
`;

const Logo = styled(Link)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  height: 56px;
  padding: 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeight.bold};
  font-size: ${({ theme }) => theme.fontSize.lg};
  text-decoration: none;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  img {
    width: 32px;
    height: 32px;
    flex-shrink: 0;
  }
`;

const Nav = styled.nav`
  flex: 1;
  overflow-y: auto;
  overflow-x: hidden;
  padding: ${({ theme }) => theme.space.sm} 0;

  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
`;

const itemStyle = `
  display: flex;
  align-items: center;
  width: 100%;
  min-height: 40px;
  border: none;
  background: transparent;
  font: inherit;
  text-align: left;
  cursor: pointer;
  text-decoration: none;
  white-space: nowrap;
`;

const ItemLink = styled(NavLink)`
  ${itemStyle}
  gap: ${({ theme }) => theme.space.md};
  padding: 0 ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
    color: ${({ theme }) => theme.colors.text};
  }
  &.active {
    color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.statusSoft.primary.background};
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
  }
  svg {
    flex-shrink: 0;
  }
`;

const GroupButton = styled.button`
  ${itemStyle}
  gap: ${({ theme }) => theme.space.md};
  padding: 0 ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
    color: ${({ theme }) => theme.colors.text};
  }
  > span {
    flex: 1;
  }
`;

const SubList = styled.ul`
  a {
    padding-left: ${({ theme }) => theme.space.xxxl};
  }
`;

const Toggle = styled.button`
  ${itemStyle}
  justify-content: center;
  height: 44px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

const Loader = styled.div`
  padding: ${({ theme }) => theme.space.lg};
`;

function Item({ link, collapsed }: { link: SidebarLink; collapsed: boolean }) {
  const Icon = link.icon;
  return (
    <li>
      {/* Collapsed, the label is gone from view; aria-label and the tooltip keep the name. */}
      <ItemLink to={link.path} data-testid={testIds.sidebar.item} aria-label={collapsed ? link.label : undefined} title={collapsed ? link.label : undefined}>
        <Icon size={20} aria-hidden="true" />
        {!collapsed && <span>{link.label}</span>}
      </ItemLink>
    </li>
  );
}

function Group({ group, collapsed, onExpandSidebar }: { group: SidebarGroup; collapsed: boolean; onExpandSidebar: () => void }) {
  const { pathname } = useLocation();
  const id = useId();
  const containsCurrent = group.items.some((item) => pathname.startsWith(item.path));
  const [open, setOpen] = useState(containsCurrent);
  const shown = open && !collapsed;
  return (
    <li data-testid={testIds.sidebar.group}>
      <GroupButton
        type="button"
        aria-expanded={shown}
        aria-controls={id}
        aria-label={collapsed ? group.label : undefined}
        title={collapsed ? group.label : undefined}
        onClick={() => {
          // A collapsed sidebar has no room for the submenu: opening it opens the sidebar too.
          if (collapsed) {
            onExpandSidebar();
            setOpen(true);
          } else setOpen(!open);
        }}
      >
        <Settings size={20} aria-hidden="true" />
        {!collapsed && <span>{group.label}</span>}
        {!collapsed && <ChevronDown size={16} aria-hidden="true" style={{ transform: open ? 'rotate(180deg)' : undefined }} />}
      </GroupButton>
      <SubList id={id} hidden={!shown}>
        {group.items.map((item) => (
          <Item key={item.name} link={item} collapsed={false} />
        ))}
      </SubList>
    </li>
  );
}

export interface SidebarProps {
  /** Undefined while the user is not known yet: a loader shows (spec §2). */
  entries: readonly SidebarEntry[] | undefined;
  collapsed: boolean;
  onToggle: () => void;
  onExpand: () => void;
  sidebarRef: RefObject<HTMLDivElement | null>;
}

export function Sidebar({ entries, collapsed, onToggle, onExpand, sidebarRef }: SidebarProps) {
  const navId = useId();
  return (
    <Aside ref={sidebarRef} $collapsed={collapsed} data-testid={testIds.sidebar.root} data-collapsed={collapsed}>
      <Logo to="/" aria-label="Opsdeck home">
        <img src="/logo.svg" alt="" />
        {!collapsed && <span>Opsdeck</span>}
      </Logo>
      <Nav id={navId} aria-label="Main">
        {entries === undefined ? (
          <Loader data-testid={testIds.sidebar.loader}>
            <SkeletonText lines={5} label="Loading navigation" />
          </Loader>
        ) : (
          <ul>
            {entries.map((entry) =>
              entry.kind === 'link' ? (
                <Item key={entry.name} link={entry} collapsed={collapsed} />
              ) : (
                <Group key={entry.label} group={entry} collapsed={collapsed} onExpandSidebar={onExpand} />
              ),
            )}
          </ul>
        )}
      </Nav>
      <Toggle
        type="button"
        onClick={onToggle}
        aria-expanded={!collapsed}
        aria-controls={navId}
        aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        data-testid={testIds.sidebar.toggle}
      >
        {collapsed ? <ChevronRight size={18} aria-hidden="true" /> : <ChevronLeft size={18} aria-hidden="true" />}
      </Toggle>
    </Aside>
  );
}
