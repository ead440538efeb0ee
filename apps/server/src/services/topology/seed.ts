import { NAMESPACES, APPS } from '../../db/seed/demoData.ts';
import { insertRows } from '../../db/seed/insert.ts';
import { seedUuid } from '../../db/seed/random.ts';
import { type DemoSeed, need } from '../seed.ts';

/** The demo topology: a cluster, its namespaces and their services, with checks attached. */
export const seedTopology: DemoSeed = async (context) => {
  const { db, random } = context;
  const id = (s: string) => seedUuid(context.key(s));
  const adminId = need(context.estate.adminId, 'adminId');
  const topologyId = id('topology:demo');
  await insertRows(db, 'topologies', [
    {
      id: topologyId,
      name: 'demo-cluster',
      namespace: 'default',
      labels: { env: 'production' },
      source: 'UI',
      spec: { schedule: '@every 5m' },
      schedule: '@every 5m',
      created_by: adminId,
    },
  ]);
  const components: Record<string, unknown>[] = [];
  const rootId = id('component:root');
  components.push({
    id: rootId,
    topology_id: topologyId,
    parent_id: null,
    name: 'demo-cluster',
    type: 'KubernetesCluster',
    icon: 'kubernetes',
    status: 'healthy',
    health: 'healthy',
    labels: { env: 'production' },
    properties: [{ name: 'version', text: 'v1.30.2' }],
    path: '',
    created_by: adminId,
  });
  const serviceIdsByNamespace = new Map<string, string[]>();
  for (const namespace of NAMESPACES) {
    const nsId = id(`component:ns:${namespace}`);
    components.push({
      id: nsId,
      topology_id: topologyId,
      parent_id: rootId,
      name: namespace,
      type: 'Namespace',
      icon: 'namespace',
      status: 'healthy',
      health: 'healthy',
      labels: { namespace },
      properties: [],
      path: rootId,
      created_by: adminId,
    });
    const services: string[] = [];
    for (const app of APPS.slice(0, 4 + (namespace.length % 3))) {
      const serviceId = id(`component:svc:${namespace}:${app}`);
      const health = random.chance(0.85) ? 'healthy' : random.pick(['unhealthy', 'warning']);
      components.push({
        id: serviceId,
        topology_id: topologyId,
        parent_id: nsId,
        name: `${app}`,
        type: 'Service',
        icon: app,
        status: health,
        health,
        labels: { namespace, app },
        properties: [{ name: 'replicas', value: random.int(1, 6) }],
        path: `${rootId}.${nsId}`,
        created_by: adminId,
      });
      services.push(serviceId);
    }
    serviceIdsByNamespace.set(namespace, services);
  }
  await insertRows(db, 'components', components);

  // Checks attached to the service of their namespace (the first few hundred are enough to browse).
  const linked = Math.min(context.size.checks, 400);
  if (linked > 0) {
    const { rows } = await db.query<{ id: string; canary_id: string; namespace: string }>(
      'SELECT id, canary_id, namespace FROM checks ORDER BY name LIMIT $1',
      [linked],
    );
    await insertRows(
      db,
      'check_component_relationships',
      rows.map((check) => ({
        component_id: random.pick(serviceIdsByNamespace.get(check.namespace) ?? [rootId]),
        check_id: check.id,
        canary_id: check.canary_id,
      })),
    );
  }
  context.estate.topologyId = topologyId;
  context.estate.rootComponentId = rootId;
  context.estate.components = components.length;
  context.step(`topology (${components.length} components)`);
};
