import {
  createFakeBackend,
  fixturePath,
  json,
  readJsonFixture,
  type FakeBackend,
} from '@opsdeck/testing';
import { readdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../client.ts';
import {
  getComponentChecks,
  getComponentConfigs,
  getComponentIncidents,
  getComponentNames,
} from './componentCalls.ts';
import { topologyKeys } from './keys.ts';
import { topologyReplySchema, type TopologyComponent } from './schemas.ts';
import { getTopology, topologyQuery, topologySearchParams } from './topology.ts';

interface RawComponent {
  id: string;
  name: string;
  components?: RawComponent[];
  [key: string]: unknown;
}
interface RawReply {
  components: RawComponent[];
  tags: Record<string, string[]> | null;
  [key: string]: unknown;
}

const expectations = readdirSync(fixturePath('mission-control/expectations')).filter((name) =>
  name.startsWith('topology_'),
);
const read = (name: string) => readJsonFixture<RawReply>(`mission-control/expectations/${name}`);

/** Every node as `depth:name`, depth first: the tree's shape and order. */
function walk(components: readonly { name: string; components?: unknown }[], depth = 0): string[] {
  return components.flatMap((component) => [
    `${depth}:${component.name}`,
    ...walk((component.components ?? []) as RawComponent[], depth + 1),
  ]);
}

let backend: FakeBackend;
let client: ApiClient;
beforeAll(async () => {
  backend = await createFakeBackend({ '* /*': [] });
  client = createApiClient({ baseUrl: `${backend.url}/api` });
});
afterAll(() => backend.close());
afterEach(() => backend.reset());

describe('the real topology replies', () => {
  it('finds the expectation files', () => {
    expect(expectations.length).toBeGreaterThanOrEqual(14);
  });

  it.each(expectations)('%s parses with its tree, lists and unknown fields intact', (name) => {
    const raw = read(name);
    const reply = topologyReplySchema.parse(raw);
    expect(walk(reply.components)).toEqual(walk(raw.components));
    expect(reply.tags).toEqual(raw.tags ?? {});
    expect(reply.healthStatuses).toEqual(raw.healthStatuses);
    expect(reply.types).toEqual(raw.types);
    expect(reply.teams).toEqual([]);
    const [first] = reply.components;
    const [rawFirst] = raw.components;
    // Loose objects: fields the schema does not name (agent_id, external_id...) come through as sent.
    expect(first?.agent_id).toBe(rawFirst?.agent_id);
    expect(first?.external_id).toBe(rawFirst?.external_id);
  });

  it('reads properties, summaries and the child and parent ids', () => {
    const reply = topologyReplySchema.parse(read('topology_child_tree.json'));
    const node = reply.components[0]!;
    expect(node.children).toEqual(node.components.map((child) => child.id));
    const pod = node.components[0] as TopologyComponent;
    expect(pod.properties).toEqual([{ name: 'memory', value: 100, unit: 'bytes', links: [] }]);
    expect(pod.parents).toEqual([node.id]);
    expect(pod.components).toEqual([]);
    const root = topologyReplySchema.parse(read('topology_root_tree.json')).components[0]!;
    expect(root.summary).toMatchObject({
      healthy: 1,
      warning: 1,
      incidents: { availability: { Blocker: 1 } },
      insights: { security: { critical: 1 } },
      checks: { healthy: 2, unhealthy: 1 },
    });
  });
});

describe('getTopology', () => {
  it('sends the filters as the endpoint reads them and parses the reply', async () => {
    backend.on('GET /api/canary/api/topology', read('topology_tree_with_label_filter.json'));
    const reply = await getTopology(client, {
      depth: 2,
      status: ['warning', '!unhealthy'],
      type: ['Entity'],
      labels: { telemetry: 'enabled', team: 'a b' },
      owner: 'logistics-team',
      team: 'payments',
      sortBy: 'field:memory',
      sortOrder: 'desc',
      flatten: true,
      hidePassing: true,
    });
    expect(backend.last().path).toBe('/api/canary/api/topology');
    expect([...backend.last().query]).toEqual([
      ['depth', '2'],
      ['status', 'warning,!unhealthy'],
      ['type', 'Entity'],
      ['labels', 'telemetry=enabled,team=a b'],
      ['owner', 'logistics-team'],
      ['team', 'payments'],
      ['sortBy', 'field:memory'],
      ['sortOrder', 'desc'],
      ['flatten', 'true'],
      ['hidePassing', 'true'],
    ]);
    expect(reply.components.map((c) => c.name)).toEqual(['logistics']);
  });

  it('asks for one component by id and reads a null body as an empty topology', async () => {
    backend.on('GET /api/canary/api/topology', json(null));
    expect(await getTopology(client, { id: 'c-1' })).toEqual({
      components: [],
      healthStatuses: [],
      teams: [],
      tags: {},
      types: [],
    });
    expect(backend.last().url).toBe('/api/canary/api/topology?id=c-1');
  });

  it('fails with a validation error naming the path of a malformed node', async () => {
    backend.on('GET /api/canary/api/topology', {
      components: [{ id: 'a', name: 'a', components: [{ id: 'b', name: 7 }] }],
    });
    await expect(getTopology(client)).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringMatching(/components\.0\.components\.0\.name/),
    });
  });

  it('keys the query by its filters, under the topology root', () => {
    const options = topologyQuery(client, { id: 'x', depth: 3 });
    expect(options.queryKey).toEqual(['opsdeck-api', 'topology', 'tree', { id: 'x', depth: 3 }]);
    expect(topologyKeys.checks('x').slice(0, 4)).toEqual(topologyKeys.component('x'));
    expect(topologySearchParams({}).toString()).toBe('');
  });
});

describe('component reads', () => {
  it('names ancestors in the order asked, from one request', async () => {
    backend.on('GET /api/db/components', [
      { id: 'b', name: 'Nodes', icon: null, type: 'KubernetesNodes' },
      { id: 'a', name: 'cluster', icon: 'icon-cluster', type: 'KubernetesCluster' },
    ]);
    const names = await getComponentNames(client, ['a', 'b']);
    expect(names.map((n) => n.name)).toEqual(['cluster', 'Nodes']);
    expect([...backend.last().query]).toEqual([
      ['select', 'id,name,icon,type'],
      ['id', 'in.(a,b)'],
    ]);
    expect(await getComponentNames(client, [])).toEqual([]);
  });

  it('reads checks, configs and incidents of a component', async () => {
    backend.on('GET /api/db/checks_by_component', [
      { component_id: 'c', id: 'k1', name: 'api-health', status: 'unhealthy', type: 'http' },
    ]);
    backend.on('GET /api/db/config_component_relationships', [
      {
        config_id: 'f1',
        configs: { id: 'f1', name: 'deploy/api', type: 'Kubernetes::Deployment' },
      },
      { config_id: 'gone', configs: null },
    ]);
    backend.on('GET /api/db/incidents_by_component', [
      { id: 'i1', title: 'API down', status: 'open', severity: 'High', component_id: 'c' },
    ]);
    expect((await getComponentChecks(client, 'c'))[0]).toMatchObject({
      id: 'k1',
      status: 'unhealthy',
    });
    expect(backend.last().url).toBe('/api/db/checks_by_component?component_id=eq.c');
    expect(await getComponentConfigs(client, 'c')).toEqual([
      { id: 'f1', name: 'deploy/api', type: 'Kubernetes::Deployment' },
    ]);
    expect([...backend.last().query]).toEqual([
      ['select', 'config_id,configs:config_items(id,name,type)'],
      ['component_id', 'eq.c'],
    ]);
    expect((await getComponentIncidents(client, 'c'))[0]).toMatchObject({ title: 'API down' });
    expect([...backend.last().query]).toEqual([
      ['component_id', 'eq.c'],
      ['order', 'created_at.desc'],
    ]);
  });
});
