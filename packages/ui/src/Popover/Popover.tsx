import type * as FloatingUiDom from '@floating-ui/dom';
import type { Placement } from '@floating-ui/dom';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import type { DismissReason } from '../Overlay/layerStack.ts';
import { useDismissableLayer } from '../Overlay/useDismissableLayer.ts';

type Contains = (node: Node) => boolean;

/**
 * The popovers open inside this one, by the React tree rather than the DOM: a popover's content is
 * portalled to the body, so its parent learns of it here and counts it as inside its own layer.
 */
interface PopoverScope {
  register(contains: Contains): () => void;
}

const PopoverScopeContext = createContext<PopoverScope | null>(null);

const Surface = styled.div`
  z-index: ${({ theme }) => theme.zIndex.popover};
  display: flex;
  flex-direction: column;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadow.md};
`;

export interface PopoverProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  open: boolean;
  /** Escape or a pointer-down outside (the anchor and nested popovers count as inside). */
  onDismiss: (reason: DismissReason) => void;
  /** What the popover is placed against (its trigger or field). */
  anchor: RefObject<Element | null>;
  /** Default `bottom-start`; it flips and shifts to stay on screen. */
  placement?: Placement;
  /** At least as wide as the anchor (a select's list); default true. */
  matchAnchorWidth?: boolean;
  /** The largest height wanted; the space left on screen caps it further. Default 320. */
  maxHeight?: number;
  children: ReactNode;
}

const screenPadding = 8;

let floatingUi: Promise<typeof FloatingUiDom> | undefined;
const loadFloatingUi = () => (floatingUi ??= import('@floating-ui/dom'));

/**
 * A floating panel portalled to the body and placed against its anchor by Floating UI, so no
 * `overflow` of a modal body or a table cell clips it. It joins the one dismiss stack; popovers
 * opened from inside it (in the React tree) count as inside it.
 */
export function Popover({
  open,
  onDismiss,
  anchor,
  placement = 'bottom-start',
  matchAnchorWidth = true,
  maxHeight = 320,
  children,
  style,
  ...rest
}: PopoverProps) {
  const children$ = useRef(new Set<Contains>());
  const [scope] = useState<PopoverScope>(() => ({
    register(contains) {
      children$.current.add(contains);
      return () => children$.current.delete(contains);
    },
  }));
  // Set by the ref itself (not Floating UI's state) so the stack sees the box in the first commit.
  const floatingRef = useRef<HTMLElement | null>(null);
  const [floating, setFloatingNode] = useState<HTMLElement | null>(null);
  const setFloating = useCallback((node: HTMLElement | null) => {
    floatingRef.current = node;
    setFloatingNode(node);
  }, []);
  const [position, setPosition] = useState<{ x: number; y: number } | null>(null);
  // Floating UI's engine is loaded when a popover first opens, not with the page: a page's first load
  // (the health embed's budget) does not carry it. Until it has placed the box, the box is transparent (still in the accessibility tree).
  useLayoutEffect(() => {
    const reference = anchor.current;
    if (!open || !floating || !reference) return;
    let stopped = false;
    let stop = () => {};
    void loadFloatingUi().then(({ autoUpdate, computePosition, flip, offset, shift, size }) => {
      if (stopped) return;
      stop = autoUpdate(reference, floating, () => {
        void computePosition(reference, floating, {
          placement,
          strategy: 'fixed',
          middleware: [
            offset(4),
            flip({ padding: screenPadding }),
            shift({ padding: screenPadding }),
            size({
              padding: screenPadding,
              apply({ availableHeight, rects, elements: placed }) {
                Object.assign(placed.floating.style, {
                  maxHeight: `${Math.max(80, Math.min(maxHeight, availableHeight))}px`,
                  minWidth: matchAnchorWidth ? `${rects.reference.width}px` : '',
                });
              },
            }),
          ],
        }).then(({ x, y }) => {
          if (!stopped) setPosition({ x, y });
        });
      });
    });
    return () => {
      stopped = true;
      stop();
      setPosition(null);
    };
  }, [open, floating, anchor, placement, maxHeight, matchAnchorWidth]);
  const contains = useCallback(
    (node: Node) =>
      Boolean(anchor.current?.contains(node)) ||
      Boolean(floatingRef.current?.contains(node)) ||
      [...children$.current].some((child) => child(node)),
    [anchor],
  );
  const parent = useContext(PopoverScopeContext);
  useEffect(
    () => (open && parent ? parent.register(contains) : undefined),
    [open, parent, contains],
  );
  useDismissableLayer(open, { ref: floatingRef, contains, onDismiss });

  if (!open || typeof document === 'undefined') return null;
  return createPortal(
    <PopoverScopeContext.Provider value={scope}>
      <Surface
        ref={setFloating}
        data-slot="popover"
        {...rest}
        style={{
          position: 'fixed',
          left: 0,
          top: 0,
          transform: position ? `translate(${position.x}px, ${position.y}px)` : undefined,
          opacity: position ? undefined : 0,
          ...style,
        }}
      >
        {children}
      </Surface>
    </PopoverScopeContext.Provider>,
    document.body,
  );
}
