import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  type HTMLAttributes,
  type RefObject,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { X } from 'lucide-react';
import { IconButton } from '../IconButton/IconButton.tsx';
import { focusableElements, initialFocusTarget } from '../focusable.ts';
import { useDismissableLayer } from '../Overlay/useDismissableLayer.ts';
import { testIds } from '../testIds.ts';
import { modalWidth, type ModalSize } from './modalSize.ts';

interface ModalContextValue {
  titleId: string;
  onClose: () => void;
}

const ModalContext = createContext<ModalContextValue | null>(null);

function useModalContext(part: string): ModalContextValue {
  const value = useContext(ModalContext);
  if (!value) throw new Error(`Modal.${part} must be used inside <Modal.Root>`);
  return value;
}

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.modal};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space.lg} 0;
  background: ${({ theme }) => theme.colors.overlay};
`;

const Dialog = styled.div<{ $size: ModalSize }>`
  display: flex;
  flex-direction: column;
  width: ${({ $size }) => modalWidth($size)};
  max-height: ${({ $size }) => ($size === 'full' ? '95vh' : '90vh')};
  height: ${({ $size }) => ($size === 'full' ? '95vh' : 'auto')};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadow.lg};
  outline: none;
`;

const HeaderBar = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  h2 {
    flex: 1;
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.lg};
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
  }
`;

const BodyArea = styled.div`
  flex: 1;
  overflow: auto;
  padding: ${({ theme }) => theme.space.lg};
`;

const FooterBar = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

export interface ModalRootProps {
  open: boolean;
  /** Called on Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  size?: ModalSize;
  children?: ReactNode;
  /** Defaults to true. */
  closeOnBackdropClick?: boolean;
  /** Where focus goes on open; defaults to the first control of the body, then of the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  'data-testid'?: string;
}

function Root({
  open,
  onClose,
  size = 'medium',
  children,
  closeOnBackdropClick = true,
  initialFocusRef,
  'data-testid': testId = testIds.modal.root,
}: ModalRootProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  // The modal is a layer too: a menu or a confirm open above it takes Escape and clicks first.
  // Only the backdrop is outside (a toast over the page is not).
  useDismissableLayer(open, {
    ref: overlayRef,
    onDismiss: onClose,
    isOutside: (target) => closeOnBackdropClick && target === overlayRef.current,
  });

  useEffect(() => {
    if (!open) return;
    const previouslyFocused =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) {
      const body = dialog.querySelector<HTMLElement>('[data-slot="modal-body"]');
      const target =
        initialFocusRef?.current ??
        (body && initialFocusTarget(body)) ??
        initialFocusTarget(dialog) ??
        dialog;
      target.focus();
    }
    // Keep the page behind from scrolling while the modal is up.
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      // Give focus back to whatever opened the modal.
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [open, initialFocusRef]);

  if (!open || typeof document === 'undefined') return null;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    // Trap Tab and Shift+Tab inside the dialog.
    const items = focusableElements(dialogRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <ModalContext.Provider value={{ titleId, onClose }}>
      <Overlay ref={overlayRef} data-testid={testIds.modal.overlay}>
        <Dialog
          ref={dialogRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          $size={size}
          data-size={size}
          data-slot="modal"
          data-testid={testId}
          onKeyDown={onKeyDown}
        >
          {children}
        </Dialog>
      </Overlay>
    </ModalContext.Provider>,
    document.body,
  );
}

export interface ModalHeaderProps {
  children: ReactNode;
  /** Extra controls next to the title, e.g. a refresh button. */
  actions?: ReactNode;
  /** Defaults to true. */
  showCloseButton?: boolean;
}

function Header({ children, actions, showCloseButton = true }: ModalHeaderProps) {
  const { titleId, onClose } = useModalContext('Header');
  return (
    <HeaderBar data-slot="modal-header">
      <h2 id={titleId}>{children}</h2>
      {actions}
      {showCloseButton && <IconButton label="Close" icon={<X size={18} />} onClick={onClose} />}
    </HeaderBar>
  );
}

function Body({ children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  useModalContext('Body');
  return (
    <BodyArea data-slot="modal-body" {...rest}>
      {children}
    </BodyArea>
  );
}

function Footer({ children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  useModalContext('Footer');
  return (
    <FooterBar data-slot="modal-footer" {...rest}>
      {children}
    </FooterBar>
  );
}

/** A modal dialog in parts: `Modal.Root` holds `Modal.Header`, `Modal.Body` and `Modal.Footer`. */
export const Modal = { Root, Header, Body, Footer };
