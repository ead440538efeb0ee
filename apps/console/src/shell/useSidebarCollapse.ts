import { useDismissableLayer } from '@opsdeck/ui';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import {
  readSidebarCollapsed,
  sidebarLayout,
  writeSidebarCollapsed,
  type SidebarLayout,
} from '../navigation/collapse.ts';

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const currentLayout = (): SidebarLayout => sidebarLayout(window.innerWidth);
const serverLayout = (): SidebarLayout => 'docked';

/**
 * The sidebar's open/closed state (spec §2). Docked (1024 px and up) it follows the user's toggle,
 * remembered across reloads. Under 1024 px it starts collapsed and opens over the content, as a
 * rail or, on a phone, a drawer; Escape, a click outside or going to another page folds it away,
 * and none of that overwrites the remembered choice.
 */
export function useSidebarCollapse() {
  const layout = useSyncExternalStore(subscribeToResize, currentLayout, serverLayout);
  const { pathname } = useLocation();
  const [dockedCollapsed, setDockedCollapsed] = useState(() => readSidebarCollapsed());
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [openedFor, setOpenedFor] = useState({ layout, pathname });
  const sidebarRef = useRef<HTMLElement>(null);
  // What had focus when the overlay opened: Escape gives focus back to it, once the page behind
  // the drawer is no longer inert (after the commit that closes it).
  const opener = useRef<HTMLElement | null>(null);
  const refocusOpener = useRef(false);
  const docked = layout === 'docked';

  // Another page, or the window crossing a breakpoint, closes an open overlay.
  if (openedFor.layout !== layout || openedFor.pathname !== pathname) {
    setOpenedFor({ layout, pathname });
    setOverlayOpen(false);
  }

  const openOverlay = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOverlayOpen(true);
  }, []);
  const closeOverlay = useCallback((returnFocus: boolean) => {
    refocusOpener.current = returnFocus;
    setOverlayOpen(false);
  }, []);
  useEffect(() => {
    if (overlayOpen || !refocusOpener.current) return;
    refocusOpener.current = false;
    opener.current?.focus();
  }, [overlayOpen]);

  const toggle = useCallback(() => {
    if (!docked) {
      if (overlayOpen) closeOverlay(false);
      else openOverlay();
      return;
    }
    setDockedCollapsed((current) => {
      writeSidebarCollapsed(!current);
      return !current;
    });
  }, [docked, overlayOpen, openOverlay, closeOverlay]);

  const expand = useCallback(() => {
    if (!docked) return openOverlay();
    writeSidebarCollapsed(false);
    setDockedCollapsed(false);
  }, [docked, openOverlay]);

  // Following a link folds the overlay away, the current page's own link included.
  const linkFollowed = useCallback(() => {
    if (!docked) closeOverlay(false);
  }, [docked, closeOverlay]);

  // The open overlay joins the ui layer stack: only the topmost layer hears Escape and outside clicks.
  useDismissableLayer(!docked && overlayOpen, {
    ref: sidebarRef,
    onDismiss: (reason) => closeOverlay(reason === 'escape'),
  });

  const collapsed = docked ? dockedCollapsed : !overlayOpen;
  return {
    layout,
    collapsed,
    drawerOpen: layout === 'drawer' && overlayOpen,
    toggle,
    expand,
    linkFollowed,
    sidebarRef,
  };
}
