import { useEffect } from 'react';
import { useNavigate } from 'react-router';

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="dialog"]') !== null
  );
}

/**
 * Backspace goes up to `parentPath` (the component's parent, or the index from a root). Keys typed
 * into a field or inside a dialog are theirs; a page shortcut, not an overlay, so it listens on the
 * window while the page is shown.
 */
export function useBackspaceToParent(parentPath: string | undefined) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!parentPath) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Backspace' || event.defaultPrevented || isEditable(event.target)) return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      void navigate(parentPath);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate, parentPath]);
}
