import {
  createServiceGroup,
  createTransport,
  serviceGroupPaths,
  type ApiClientOptions,
  type ServiceGroup,
  type ServiceGroupName,
} from './http.ts';

/**
 * The one client the console and every package use to reach a backend. Every group, db included,
 * is a plain service group: the PostgREST query builder is `db(client)` from `./db`, so an app pays
 * for it only where it builds a query.
 */
export type ApiClient = { readonly [K in ServiceGroupName]: ServiceGroup } & {
  /** The base every group sits under: `baseUrl` (default `/api`) or, in direct mode, `backendUrl`. */
  readonly baseUrl: string;
  /** True when `backendUrl` is set (requests carry `Authorization: Bearer`). */
  readonly direct: boolean;
};

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const transport = createTransport(options);
  const group = (name: ServiceGroupName) => createServiceGroup(transport, serviceGroupPaths[name]);
  return {
    baseUrl: transport.base,
    direct: options.backendUrl !== undefined,
    general: group('general'),
    db: group('db'),
    config: group('config'),
    catalog: group('catalog'),
    snapshot: group('snapshot'),
    agent: group('agent'),
    logs: group('logs'),
    apmSearch: group('apmSearch'),
    auth: group('auth'),
    people: group('people'),
    playbook: group('playbook'),
    rbac: group('rbac'),
    notification: group('notification'),
    canary: group('canary'),
  };
}
