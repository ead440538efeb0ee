import { ApiClientProvider } from '@opsdeck/api-client/react';
import { KratosProvider } from '@opsdeck/auth/react';
import { OpsdeckThemeProvider, ToastProvider } from '@opsdeck/ui';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { useApiErrorToasts } from '../errors/useApiErrorToasts.ts';
import { ConsoleContext } from './ConsoleContext.tsx';
import type { Console } from './createConsole.ts';

function ApiErrorToasts({
  queryClient,
  messageFor,
}: {
  queryClient: QueryClient;
  messageFor: (error: unknown) => string | null;
}) {
  useApiErrorToasts(queryClient, messageFor);
  return null;
}

/** The providers every page shares, around the router. */
export function ConsoleApp({ console: app }: { console: Console }) {
  const context = useMemo(
    () => ({ registry: app.registry, session: app.session, createApiClient: app.createApiClient }),
    [app],
  );
  return (
    <QueryClientProvider client={app.queryClient}>
      <ApiClientProvider client={app.apiClient}>
        <KratosProvider flows={app.kratos}>
          <ConsoleContext.Provider value={context}>
            <OpsdeckThemeProvider storageKey="opsdeck.console.theme">
              <ToastProvider>
                <ApiErrorToasts queryClient={app.queryClient} messageFor={app.toastMessage} />
                <RouterProvider router={app.router} />
              </ToastProvider>
            </OpsdeckThemeProvider>
          </ConsoleContext.Provider>
        </KratosProvider>
      </ApiClientProvider>
    </QueryClientProvider>
  );
}
