import type { ApiClient } from './client.ts';
import {
  aboutSchema,
  checkSummaryReplySchema,
  propertiesSchema,
  whoamiSchema,
  type About,
  type CheckSummaryReply,
  type Property,
  type Whoami,
} from './schemas.ts';

export interface CallOptions {
  signal?: AbortSignal;
}

export interface CheckSummaryQuery {
  labels?: Record<string, string>;
  sortBy?: 'name' | '-name';
  /** RFC 3339: also return checks deleted after this time. */
  deleteFrom?: string;
}

/** GET `/canary/api/summary`; with a query, POST it as the JSON body. */
export function getCheckSummary(client: ApiClient, query?: CheckSummaryQuery, options: CallOptions = {}): Promise<CheckSummaryReply> {
  const request = { schema: checkSummaryReplySchema, signal: options.signal };
  return query === undefined
    ? client.canary.get('api/summary', request)
    : client.canary.post('api/summary', { ...request, json: query });
}

/** GET `/about` (`{appVersion, chartVersion}`); `service: 'canary'` asks the canary service instead. */
export function getAbout(client: ApiClient, options: CallOptions & { service?: 'general' | 'canary' } = {}): Promise<About> {
  const group = options.service === 'canary' ? client.canary : client.general;
  return group.get('about', { schema: aboutSchema, signal: options.signal });
}

/** GET `/properties`: feature flags and settings, readable without a session. */
export function getProperties(client: ApiClient, options: CallOptions = {}): Promise<Property[]> {
  return client.general.get('properties', { schema: propertiesSchema, signal: options.signal });
}

/** GET `/auth/whoami`: the user, roles and permissions; 401 without a session. */
export function getWhoami(client: ApiClient, options: CallOptions = {}): Promise<Whoami> {
  return client.auth.get('whoami', { schema: whoamiSchema, signal: options.signal });
}

/** The kubeconfig download; the console opens it in a new window. */
export function kubeconfigUrl(client: ApiClient): string {
  return client.general.url('kubeconfig');
}
