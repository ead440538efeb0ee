import { ApiClientProvider } from '@opsdeck/api-client/react';
import { KratosProvider } from '@opsdeck/auth/react';
import {
  isModifiedClick,
  OpsdeckThemeProvider,
  ToastProvider,
  useToast,
  type ToastLink,
} from '@opsdeck/ui';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { ConnectionBanner } from '../connection/ConnectionBanner.tsx';
import { ConnectionContext } from '../connection/ConnectionContext.tsx';
import { invalidRowsMessage, type InvalidRowsNotices } from '../errors/invalidRows.ts';
import { useApiErrorToasts } from '../errors/useApiErrorToasts.ts';
import { THEME_STORAGE_KEY } from '../ssr/view.ts';
import { ConsoleContext } from './ConsoleContext.tsx';
import type { Console } from './createConsole.ts';

function ApiErrorToasts({
  queryClient,
  messageFor,
  invalidRows,
}: {
  queryClient: QueryClient;
  messageFor: (error: unknown) => string | null;
  invalidRows: InvalidRowsNotices;
}) {
  useApiErrorToasts(queryClient, messageFor);
  const toast = useToast();
  useEffect(
    () => invalidRows.subscribe((report) => toast.error(invalidRowsMessage(report))),
    [invalidRows, toast],
  );
  return null;
}

export interface ConsoleAppProps {
  console: Console;
  /** In place of the browser's router (a server render's static one). */
  routerElement?: ReactNode;
  /**
   * The theme a server render showed: the first render (the server's, and the browser's hydrating
   * one) shows it; the user's own preference takes over once mounted, and main.tsx has checked it
   * resolves to the same.
   */
  renderedTheme?: 'light' | 'dark';
}

/** The providers every page shares, around the router. */
export function ConsoleApp({ console: app, routerElement, renderedTheme }: ConsoleAppProps) {
  const [firstTheme, setFirstTheme] = useState(renderedTheme);
  useEffect(() => {
    if (firstTheme) setFirstTheme(undefined);
    // Once, after the first render; a console that was not server-rendered changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const context = useMemo(
    () => ({ registry: app.registry, session: app.session, createApiClient: app.createApiClient }),
    [app],
  );
  // The toasts sit outside the router's tree, so their links navigate through the router object:
  // a plain click stays in the app (no reload); a modified click opens a tab as any link.
  const renderToastLink = useCallback(
    (link: ToastLink) => (
      <a
        href={link.href}
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          if (isModifiedClick(event)) return;
          event.preventDefault();
          void app.router.navigate(link.href);
        }}
      >
        {link.label}
      </a>
    ),
    [app.router],
  );
  return (
    <QueryClientProvider client={app.queryClient}>
      <ApiClientProvider client={app.apiClient}>
        <KratosProvider flows={app.kratos}>
          <ConsoleContext.Provider value={context}>
            <ConnectionContext.Provider value={app.connection}>
              <OpsdeckThemeProvider storageKey={THEME_STORAGE_KEY} mode={firstTheme}>
                <ToastProvider renderLink={renderToastLink}>
                  <ApiErrorToasts
                    queryClient={app.queryClient}
                    messageFor={app.toastMessage}
                    invalidRows={app.invalidRows}
                  />
                  <ConnectionBanner />
                  {routerElement ?? <RouterProvider router={app.router} />}
                </ToastProvider>
              </OpsdeckThemeProvider>
            </ConnectionContext.Provider>
          </ConsoleContext.Provider>
        </KratosProvider>
      </ApiClientProvider>
    </QueryClientProvider>
  );
}
