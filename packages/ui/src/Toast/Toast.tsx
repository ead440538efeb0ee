import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { CircleCheck, CircleX, X } from 'lucide-react';
import { testIds } from '../testIds.ts';

/** Toasts last 5000 ms (console spec §9). */
export const TOAST_DURATION_MS = 5000;

export type ToastKind = 'success' | 'error';

// The region is portalled into document.body: not on a server, and not in a render hydrating a
// server's markup (React would look for it among body's children), only once that is done.
const noSubscription = () => () => undefined;
const inBrowser = () => typeof document !== 'undefined';
const onServer = () => false;

export interface ToastLink {
  href: string;
  label: string;
}

export interface ToastOptions {
  link?: ToastLink;
  /** Milliseconds before the toast goes away by itself. */
  duration?: number;
}

export interface ToastMessage extends ToastOptions {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface ToastApi {
  show: (kind: ToastKind, message: string, options?: ToastOptions) => number;
  success: (message: string, options?: ToastOptions) => number;
  error: (message: string, options?: ToastOptions) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export interface ToastProviderProps {
  children?: ReactNode;
  /** Draws a toast's link; pass one that uses the app router to avoid a full page load. */
  renderLink?: (link: ToastLink) => ReactNode;
}

const Region = styled.section`
  position: fixed;
  top: ${({ theme }) => theme.space.lg};
  right: ${({ theme }) => theme.space.lg};
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  width: min(380px, calc(100vw - 32px));
  pointer-events: none;

  /* On a phone the top of the screen is the page's or a dialog's title and close button: toasts
     come up from the bottom, as a phone's own notices do. */
  @media ${({ theme }) => theme.media.phone} {
    top: auto;
    bottom: ${({ theme }) => theme.space.lg};
    right: ${({ theme }) => theme.space.md};
    width: calc(100vw - 2 * ${({ theme }) => theme.space.md});
  }
`;

const Item = styled.div<{ $kind: ToastKind }>`
  pointer-events: auto;
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid
    ${({ theme, $kind }) => ($kind === 'success' ? theme.colors.status.green : theme.colors.status.red)};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadow.md};
  font-size: ${({ theme }) => theme.fontSize.sm};

  > svg {
    flex-shrink: 0;
    color: ${({ theme, $kind }) => ($kind === 'success' ? theme.colors.status.green : theme.colors.status.red)};
  }
`;

const Text = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
`;

const Close = styled.button`
  border: none;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  padding: 0;
  line-height: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
`;

/** One failure reported twice (two queries, a retry) is one toast: same kind, words and link. */
const toastKey = (kind: ToastKind, message: string, options: ToastOptions) =>
  `${kind}\u0000${message}\u0000${options.link?.href ?? ''}`;

export function ToastProvider({ children, renderLink }: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const shown = useRef(new Map<string, number>());
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
    for (const [key, shownId] of shown.current) if (shownId === id) shown.current.delete(key);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (kind: ToastKind, message: string, options: ToastOptions = {}) => {
      const duration = options.duration ?? TOAST_DURATION_MS;
      const key = toastKey(kind, message, options);
      const existing = shown.current.get(key);
      // The same toast while it is still shown stays one toast, kept up for another full duration.
      const id = existing ?? nextId.current++;
      if (existing === undefined) {
        shown.current.set(key, id);
        setToasts((current) => [...current, { id, kind, message, ...options, duration }]);
      } else clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), duration),
      );
      return id;
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      pending.forEach((timer) => clearTimeout(timer));
      pending.clear();
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (message, options) => show('success', message, options),
      error: (message, options) => show('error', message, options),
      dismiss,
    }),
    [show, dismiss],
  );

  const region = (
    <Region aria-label="Notifications" data-testid={testIds.toast.region}>
      {toasts.map((toast) => (
        // Errors interrupt (alert); successes wait their turn (status).
        <Item
          key={toast.id}
          $kind={toast.kind}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-testid={testIds.toast.item}
        >
          {toast.kind === 'success' ? (
            <CircleCheck size={18} aria-hidden="true" />
          ) : (
            <CircleX size={18} aria-hidden="true" />
          )}
          <Text>
            <span>{toast.message}</span>
            {toast.link &&
              (renderLink ? (
                renderLink(toast.link)
              ) : (
                <a href={toast.link.href}>{toast.link.label}</a>
              ))}
          </Text>
          <Close type="button" aria-label="Dismiss notification" onClick={() => dismiss(toast.id)}>
            <X size={16} aria-hidden="true" />
          </Close>
        </Item>
      ))}
    </Region>
  );

  const portalReady = useSyncExternalStore(noSubscription, inBrowser, onServer);
  return (
    <ToastContext.Provider value={api}>
      {children}
      {portalReady ? createPortal(region, document.body) : null}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
