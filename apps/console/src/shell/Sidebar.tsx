import { ChevronDown, ChevronLeft, ChevronRight, Settings, SkeletonText, X } from '@opsdeck/ui';
import { useEffect, useId, useState, type RefObject } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import styled from 'styled-components';
import { SIDEBAR_WIDTH, type SidebarLayout } from '../navigation/collapse.ts';
import type { SidebarEntry, SidebarGroup, SidebarLink } from '../navigation/sidebarModel.ts';
import { testIds } from '../testIds.ts';

// The place the sidebar holds in the row: its width when docked, a 56 px rail under 1024 px (the
// open sidebar then lies over the content) and nothing on a phone, where it is a drawer.
const Slot = styled.div<{ $width: number }>`
  flex-shrink: 0;
  width: ${({ $width }) => $width}px;
  transition: width 150ms ease;
`;

// Over the page and its sticky header, under menus, dialogs and toasts.
const overlayZIndex = 100;

// An <aside>, so the logo and the collapse button sit in a landmark too (axe's `region`), not
// only the navigation between them.
const Aside = styled.aside<{ $collapsed: boolean; $layout: SidebarLayout }>`
  position: fixed;
  top: 0;
  left: 0;
  bottom: 0;
  width: ${({ $collapsed }) => ($collapsed ? SIDEBAR_WIDTH.collapsed : SIDEBAR_WIDTH.expanded)}px;
  display: flex;
  flex-direction: column;
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  transition:
    width 150ms ease,
    transform 150ms ease;
  overflow: hidden;
  z-index: ${({ $layout }) => ($layout === 'docked' ? 10 : overlayZIndex)};
  box-shadow: ${({ theme, $layout, $collapsed }) => ($layout !== 'docked' && !$collapsed ? theme.shadow.lg : 'none')};

  /* A closed drawer slides out, then hides (its links leave the tab order); an opening one is
     visible at once, so it can take focus straight away. */
  &[data-layout='drawer'][data-collapsed='true'] {
    transform: translateX(-100%);
    visibility: hidden;
    transition:
      transform 150ms ease,
      visibility 0s linear 150ms;
  }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${overlayZIndex - 1};
  background: ${({ theme }) => theme.colors.overlay};
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
    /* The soft primary pair, text and background together: the dark theme's primary on that
       background is 3.99:1, under WCAG AA's 4.5:1 (axe on /playbooks in dark). */
    color: ${({ theme }) => theme.colors.statusSoft.primary.text};
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
      <ItemLink
        to={link.path}
        data-testid={testIds.sidebar.item}
        aria-label={collapsed ? link.label : undefined}
        title={collapsed ? link.label : undefined}
      >
        <Icon size={20} aria-hidden="true" />
        {!collapsed && <span>{link.label}</span>}
      </ItemLink>
    </li>
  );
}

function Group({
  group,
  collapsed,
  onExpandSidebar,
}: {
  group: SidebarGroup;
  collapsed: boolean;
  onExpandSidebar: () => void;
}) {
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
        {!collapsed && (
          <ChevronDown
            size={16}
            aria-hidden="true"
            style={{ transform: open ? 'rotate(180deg)' : undefined }}
          />
        )}
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
  layout: SidebarLayout;
  collapsed: boolean;
  onToggle: () => void;
  onExpand: () => void;
  /** A link in the sidebar was followed. */
  onLinkFollowed: () => void;
  sidebarRef: RefObject<HTMLElement | null>;
  /** The nav's id, for the header's menu button to point at. */
  navId: string;
}

const toggleLabel = (layout: SidebarLayout, collapsed: boolean) => {
  if (layout === 'drawer') return 'Close navigation';
  return collapsed ? 'Expand sidebar' : 'Collapse sidebar';
};

export function Sidebar({
  entries,
  layout,
  collapsed,
  onToggle,
  onExpand,
  onLinkFollowed,
  sidebarRef,
  navId,
}: SidebarProps) {
  const slotWidth =
    layout === 'drawer'
      ? 0
      : layout === 'rail'
        ? SIDEBAR_WIDTH.collapsed
        : collapsed
          ? SIDEBAR_WIDTH.collapsed
          : SIDEBAR_WIDTH.expanded;
  const label = toggleLabel(layout, collapsed);
  const drawerOpen = layout === 'drawer' && !collapsed;
  // An opened drawer takes focus, so a keyboard user starts at the first page in it.
  useEffect(() => {
    if (drawerOpen) sidebarRef.current?.querySelector<HTMLElement>('nav a, nav button')?.focus();
  }, [drawerOpen, sidebarRef]);
  return (
    <Slot $width={slotWidth}>
      {drawerOpen && <Backdrop data-testid={testIds.sidebar.backdrop} />}
      <Aside
        ref={sidebarRef}
        $collapsed={collapsed}
        $layout={layout}
        data-testid={testIds.sidebar.root}
        data-collapsed={collapsed}
        data-layout={layout}
        // On a phone the open drawer is modal: the shell makes the rest of the page inert meanwhile.
        role={drawerOpen ? 'dialog' : undefined}
        aria-modal={drawerOpen || undefined}
        aria-label={drawerOpen ? 'Navigation' : undefined}
      >
        <Logo to="/" aria-label="Opsdeck home">
          <img src="/logo.svg" alt="" />
          {!collapsed && <span>Opsdeck</span>}
        </Logo>
        <Nav
          id={navId}
          aria-label="Main"
          onClick={(event) => (event.target as Element).closest('a') && onLinkFollowed()}
        >
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
                  <Group
                    key={entry.label}
                    group={entry}
                    collapsed={collapsed}
                    onExpandSidebar={onExpand}
                  />
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
          aria-label={label}
          title={label}
          data-testid={testIds.sidebar.toggle}
        >
          {layout === 'drawer' ? (
            <X size={18} aria-hidden="true" />
          ) : collapsed ? (
            <ChevronRight size={18} aria-hidden="true" />
          ) : (
            <ChevronLeft size={18} aria-hidden="true" />
          )}
        </Toggle>
      </Aside>
    </Slot>
  );
}
