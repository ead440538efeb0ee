import { useCallback, useEffect, useRef, useState } from 'react';
import { readSidebarCollapsed, shouldAutoCollapse, writeSidebarCollapsed } from '../navigation/collapse.ts';

/**
 * The sidebar's open/closed state: the user's toggle is remembered across reloads; a click outside
 * on a narrow window folds it away for now without overwriting what the user chose.
 */
export function useSidebarCollapse() {
  const [collapsed, setCollapsed] = useState(() => readSidebarCollapsed());
  const sidebarRef = useRef<HTMLDivElement>(null);

  const toggle = useCallback(() => {
    setCollapsed((current) => {
      writeSidebarCollapsed(!current);
      return !current;
    });
  }, []);
  const expand = useCallback(() => {
    writeSidebarCollapsed(false);
    setCollapsed(false);
  }, []);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const inside = sidebarRef.current?.contains(event.target as Node) ?? false;
      if (shouldAutoCollapse(window.innerWidth, collapsed, inside)) setCollapsed(true);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [collapsed]);

  return { collapsed, toggle, expand, sidebarRef };
}
