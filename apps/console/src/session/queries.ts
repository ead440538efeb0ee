import { apiQueryKeys, getAbout, getProperties, getWhoami, type ApiClient } from '@opsdeck/api-client';

// Query options shared by the shell's hooks and anything that prefetches them.

export const whoamiQuery = (client: ApiClient) => ({
  queryKey: apiQueryKeys.auth.whoami(),
  queryFn: ({ signal }: { signal: AbortSignal }) => getWhoami(client, { signal }),
  // A 401 redirects to the state checker instead of a toast; nothing else should retry it.
  retry: false,
});

export const propertiesQuery = (client: ApiClient) => ({
  queryKey: apiQueryKeys.properties(),
  queryFn: ({ signal }: { signal: AbortSignal }) => getProperties(client, { signal }),
});

/** `GET /api/about` → `{appVersion}` (mission-control-api reference: readable without the canary service). */
export const aboutQuery = (client: ApiClient) => ({
  queryKey: apiQueryKeys.about(),
  queryFn: ({ signal }: { signal: AbortSignal }) => getAbout(client, { signal }),
  meta: { toast: false },
});
