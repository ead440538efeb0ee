import { createApiClient } from '@opsdeck/api-client';
import { ApiClientProvider } from '@opsdeck/api-client/react';
import { StandaloneHealthPage } from '@opsdeck/features-health';
import { createAuthorizer } from '@opsdeck/rbac';
import { RbacProvider } from '@opsdeck/rbac/react';
import { OpsdeckThemeProvider } from '@opsdeck/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { EmbedConfig } from './config.ts';

/** Spec §9: query cache stale time 300000 ms. */
const staleTime = 300_000;

/**
 * Only the health page and its modal: no sign-in, no sidebar, every path shows the page. The URL
 * state lives on history and the query string directly: no router runtime in the first load.
 */
export function App({ config }: { config: EmbedConfig }) {
  const queryClient = useMemo(
    () => new QueryClient({ defaultOptions: { queries: { staleTime } } }),
    [],
  );
  const client = useMemo(() => createApiClient({ baseUrl: config.baseUrl }), [config.baseUrl]);
  const authorizer = useMemo(() => createAuthorizer({ roles: config.roles }), [config.roles]);
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>
        <RbacProvider authorizer={authorizer}>
          <OpsdeckThemeProvider storageKey="opsdeck.health-embed.theme">
            <main style={{ height: '100vh' }}>
              <StandaloneHealthPage />
            </main>
          </OpsdeckThemeProvider>
        </RbacProvider>
      </ApiClientProvider>
    </QueryClientProvider>
  );
}
