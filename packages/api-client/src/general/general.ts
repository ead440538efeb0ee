import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import type { CallOptions } from '../http.ts';
import { generalKeys } from './keys.ts';
import { aboutSchema, propertiesSchema, type About, type Property } from './schemas.ts';

/** GET `/about` (`{appVersion, chartVersion}`); `service: 'canary'` asks the canary service instead. */
export function getAbout(
  client: ApiClient,
  options: CallOptions & { service?: 'general' | 'canary' } = {},
): Promise<About> {
  const group = options.service === 'canary' ? client.canary : client.general;
  return group.get('about', { schema: aboutSchema, signal: options.signal });
}

/** GET `/properties`: feature flags and settings, readable without a session. */
export function getProperties(client: ApiClient, options: CallOptions = {}): Promise<Property[]> {
  return client.general.get('properties', { schema: propertiesSchema, signal: options.signal });
}

/** The kubeconfig download; the console opens it in a new window. */
export function kubeconfigUrl(client: ApiClient): string {
  return client.general.url('kubeconfig');
}

/** `GET /api/about` → `{appVersion}` (mission-control-api reference: readable without the canary service). */
export const aboutQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: generalKeys.about(),
    queryFn: ({ signal }) => getAbout(client, { signal }),
  });

export const propertiesQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: generalKeys.properties(),
    queryFn: ({ signal }) => getProperties(client, { signal }),
  });
