import type { ResourceKind } from '../resources/kinds.ts';
import type { RpcDeclaration, Service, TableDeclaration } from './defineService.ts';

/**
 * Paths the server mounts itself, outside any module: a module's route base may be neither one of
 * them nor under one.
 */
const RESERVED_BASES: ReadonlyMap<string, string> = new Map([
  ['/api/db', 'the PostgREST engine'],
  ['/api/.ory', 'the identity flows'],
  ['/api/kratos', 'the identity flows'],
  ['/api/dev', 'the identity outbox'],
]);

/** A service list that cannot run: two owners of one name, table, function or route base. */
export class ServiceRegistryError extends Error {}

export interface Owned<T> {
  service: string;
  declaration: T;
}

export interface ServiceRegistry {
  /** In the order given: the order of migrations, seeds and route mounting. */
  readonly services: readonly Service[];
  table(name: string): Owned<TableDeclaration> | undefined;
  rpc(name: string): Owned<RpcDeclaration> | undefined;
  /** Every declared table and view with its owner (the role matrix test walks them). */
  tables(): ReadonlyMap<string, Owned<TableDeclaration>>;
  rpcs(): ReadonlyMap<string, Owned<RpcDeclaration>>;
  /** The kinds `--resources DIR` loads, by kind name, with the module that loads each. */
  resourceKinds(): ReadonlyMap<string, Owned<ResourceKind>>;
}

/**
 * Checks a service list once, at start-up, and answers who owns what. Refuses, naming both owners:
 * two services of one name, a table, rpc function or resource kind declared twice, one route base
 * path twice, and a dependency that is unknown or listed after its dependent.
 */
export function createServiceRegistry(services: readonly Service[]): ServiceRegistry {
  const byName = new Map<string, number>();
  services.forEach((service, index) => {
    if (byName.has(service.name))
      throw new ServiceRegistryError(`two services are named ${service.name}`);
    byName.set(service.name, index);
  });
  services.forEach((service, index) => {
    for (const dependency of service.dependsOn ?? []) {
      const at = byName.get(dependency);
      if (at === undefined)
        throw new ServiceRegistryError(
          `service ${service.name} depends on ${dependency}, which is not in the service list`,
        );
      if (at > index)
        throw new ServiceRegistryError(
          `service ${service.name} depends on ${dependency}, which must come before it in the service list`,
        );
    }
  });

  const tables = claim(services, 'table', (service) => service.tables);
  const rpcs = claim(services, 'rpc function', (service) => service.rpc);
  const resourceKinds = claim(services, 'resource kind', (service) => service.resources);
  const bases = new Map<string, string>();
  for (const service of services) {
    for (const route of service.routes ?? []) {
      const base = route.base.replace(/\/+$/, '') || '/';
      for (const [reserved, holder] of RESERVED_BASES)
        if (base === reserved || base.startsWith(`${reserved}/`))
          throw new ServiceRegistryError(
            `route base ${base} of ${service.name} is under ${reserved}, which ${holder} serves`,
          );
      const owner = bases.get(base);
      if (owner !== undefined)
        throw new ServiceRegistryError(
          `route base ${base} is claimed by both ${owner} and ${service.name}`,
        );
      bases.set(base, service.name);
    }
  }

  return {
    services,
    table: (name) => (tables.has(name) ? tables.get(name) : undefined),
    rpc: (name) => (rpcs.has(name) ? rpcs.get(name) : undefined),
    tables: () => tables,
    rpcs: () => rpcs,
    resourceKinds: () => resourceKinds,
  };
}

function claim<T>(
  services: readonly Service[],
  kind: string,
  declared: (service: Service) => Readonly<Record<string, T>> | undefined,
): Map<string, Owned<T>> {
  const owners = new Map<string, Owned<T>>();
  for (const service of services) {
    for (const [name, declaration] of Object.entries(declared(service) ?? {})) {
      const owner = owners.get(name);
      if (owner)
        throw new ServiceRegistryError(
          `${kind} ${name} is claimed by both ${owner.service} and ${service.name}`,
        );
      owners.set(name, { service: service.name, declaration });
    }
  }
  return owners;
}
