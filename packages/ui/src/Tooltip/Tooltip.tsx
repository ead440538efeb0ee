import { cloneElement, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import styled from 'styled-components';
import { useDismissableLayer } from '../Overlay/useDismissableLayer.ts';

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element (a button, a link); it gets aria-describedby pointing at the tooltip. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  placement?: 'top' | 'bottom';
  /** Start shown (for stories and screenshots). */
  defaultOpen?: boolean;
}

const Anchor = styled.span`
  position: relative;
  display: inline-flex;
`;

const Bubble = styled.span<{ $placement: 'top' | 'bottom' }>`
  position: absolute;
  left: 50%;
  ${({ $placement }) => ($placement === 'top' ? 'bottom: calc(100% + 6px);' : 'top: calc(100% + 6px);')}
  transform: translateX(-50%);
  z-index: ${({ theme }) => theme.zIndex.tooltip};
  max-width: 280px;
  width: max-content;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.textInverse};
  font-size: ${({ theme }) => theme.fontSize.xs};
  line-height: ${({ theme }) => theme.lineHeight.tight};
  pointer-events: none;
`;

/** Shows on hover and keyboard focus, hides on leave, blur and Escape (WCAG 1.4.13). */
export function Tooltip({
  content,
  children,
  placement = 'top',
  defaultOpen = false,
}: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(defaultOpen);
  const anchorRef = useRef<HTMLSpanElement>(null);
  // A layer for Escape only: a shown tooltip hides first, and clicks pass to the layer below.
  useDismissableLayer(open, {
    ref: anchorRef,
    onDismiss: () => setOpen(false),
    takesPointers: false,
  });

  const describedBy =
    [children.props['aria-describedby'], open ? id : undefined].filter(Boolean).join(' ') ||
    undefined;
  return (
    <Anchor
      ref={anchorRef}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
    >
      {cloneElement(children, { 'aria-describedby': describedBy })}
      {open && (
        <Bubble role="tooltip" id={id} $placement={placement}>
          {content}
        </Bubble>
      )}
    </Anchor>
  );
}
