import { crc32, inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { seedUuid } from '../../db/seed/random.ts';
import { freshPGlite } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';

interface Node {
  id: string;
  name: string;
  type: string;
  status: string;
  health: string;
  properties: { name?: string; value?: number; max?: number; text?: string; unit?: string }[];
  summary: {
    healthy?: number;
    unhealthy?: number;
    warning?: number;
    checks?: Record<string, number>;
    incidents?: Record<string, Record<string, number>>;
  };
  children: string[];
  components: Node[];
}

/** The files of a zip, read by its central directory (APPNOTE 4.3.12), each checked by its CRC. */
function unzip(zip: Buffer): Record<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files: Record<string, string> = {};
  for (let n = 0; n < count; n += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const checksum = zip.readUInt32LE(at + 16);
    const packedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const packed = zip.subarray(dataAt, dataAt + packedSize);
    const raw = method === 8 ? inflateRawSync(packed) : packed;
    expect(crc32(raw)).toBe(checksum);
    files[name] = raw.toString('utf8');
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

describe('the demo topologies over HTTP, by role', () => {
  let db: Database;
  let server: TestServer;
  const id = (key: string) => seedUuid(`opsdeck:${key}`);
  beforeAll(async () => {
    db = await freshPGlite();
    await seedDemo(db, { checks: 120, components: 60, now: new Date('2025-03-01T12:00:00Z') });
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  const get = (path: string, who = 'viewer@local') =>
    fetch(`${server.url}${path}`, { headers: basic(who) });
  const topology = async (query = '', who = 'viewer@local') => {
    const response = await get(`/api/canary/api/topology?${query}`, who);
    expect(response.status).toBe(200);
    return (await response.json()) as { components: Node[]; types: string[]; tags: object };
  };

  it('lets every role but guest read the tree; a guest gets 403 and no session 401', async () => {
    for (const who of ['admin@local', 'editor@local', 'viewer@local', 'responder@local'])
      expect((await get('/api/canary/api/topology', who)).status).toBe(200);
    const guest = await get('/api/canary/api/topology', 'guest@local');
    expect(guest.status).toBe(403);
    expect(await guest.json()).toMatchObject({ error: 'forbidden' });
    expect((await fetch(`${server.url}/api/canary/api/topology`)).status).toBe(401);
    expect(
      (await get(`/api/snapshot/topology/${id('component:root')}`, 'guest@local')).status,
    ).toBe(403);
  });

  it('has the cluster, the AWS account and the payments service, with the benchmark topology', async () => {
    const reply = await topology('depth=2&sortBy=name');
    // The Opsdeck server (the logs module's seed) carries the server's own log selectors.
    expect(reply.components.map((node) => node.name)).toEqual([
      'Opsdeck server',
      'bench-estate',
      'demo-account',
      'demo-cluster',
      'payments',
    ]);
    const aws = reply.components.find((node) => node.name === 'demo-account')!;
    expect(aws.components.map((node) => node.name)).toEqual(['EC2', 'RDS', 'S3']);
    const cluster = reply.components.find((node) => node.name === 'demo-cluster')!;
    // Eight namespaces and three nodes.
    expect(cluster.components).toHaveLength(11);
    const memory = cluster.properties.find((property) => property.name === 'memory')!;
    expect(memory.unit).toBe('bytes');
    expect(memory.max).toBeGreaterThan(memory.value!);
    // The rolled-up counts: every namespace is counted, and the linked checks add up.
    const counted =
      (cluster.summary.healthy ?? 0) +
      (cluster.summary.unhealthy ?? 0) +
      (cluster.summary.warning ?? 0);
    expect(counted).toBe(11);
    const checks = Object.values(cluster.summary.checks ?? {}).reduce((a, b) => a + b, 0);
    expect(checks).toBe(120);
    // --components 60: the generated topology has 60 components.
    const bench = await topology(`id=${id('component:bench')}&depth=3`);
    const count = (nodes: Node[]): number =>
      nodes.reduce((sum, node) => sum + 1 + count(node.components), 0);
    expect(count(bench.components)).toBe(60);
  });

  it('runs pods on nodes by relationship, and names the teams that own components', async () => {
    const reply = (await topology('depth=2')) as unknown as {
      teams: string[];
      components: (Node & { team_names: string[] })[];
    };
    expect(reply.teams).toEqual(['data', 'payments', 'platform', 'sre']);
    const cluster = reply.components.find((node) => node.name === 'demo-cluster')!;
    expect(cluster.team_names).toEqual(['platform', 'sre']);
    const node = await topology(`id=${id('component:node:0')}`);
    const pods = node.components[0]!.components as (Node & {
      parent_id: string;
      parents: string[];
    })[];
    expect(pods.length).toBeGreaterThan(3);
    expect(pods.every((pod) => pod.type === 'KubernetesPod')).toBe(true);
    // A pod's parent stays its deployment; the node is a parent by relationship.
    expect(pods[0]!.parents).toContain(id('component:node:0'));
    expect(pods[0]!.parent_id).not.toBe(id('component:node:0'));
    // Our extension: the team filter keeps the cards a team owns.
    const payments = await topology('team=payments');
    expect(payments.components.map((component) => component.name)).toEqual(['payments']);
  });

  it('gives the payments service its checks and open incidents, and its parts a status of their own', async () => {
    const reply = await topology(`id=${id('component:payments')}`);
    const payments = reply.components[0]!;
    expect(payments.components.map((node) => node.name).sort()).toEqual([
      'card-gateway',
      'ledger',
      'payments-api',
      'payments-db',
      'payments-worker',
    ]);
    expect(payments.components.find((node) => node.name === 'card-gateway')!.status).toBe(
      'warning',
    );
    expect(payments.status).not.toBe('healthy');
    expect(Object.keys(payments.summary.checks ?? {}).length).toBeGreaterThan(0);
  });

  it('answers the component page reads through /api/db', async () => {
    const json = async (path: string) => {
      const response = await get(`/api/db/${path}`);
      expect(response.status, path).toBe(200);
      return (await response.json()) as Record<string, unknown>[];
    };
    const root = id('component:root');
    const ns = id('component:ns:payments');
    // The breadcrumb's ancestors.
    expect(
      await json(`components?select=id,name,icon,type&id=in.(${root},${ns})&order=name.asc`),
    ).toEqual([
      { id: root, name: 'demo-cluster', icon: 'kubernetes', type: 'KubernetesCluster' },
      { id: ns, name: 'payments', icon: 'namespace', type: 'KubernetesNamespace' },
    ]);
    // A deployment's checks.
    const deployment = id('component:svc:payments:api');
    const { rows: linked } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM check_component_relationships WHERE component_id = $1',
      [deployment],
    );
    const checks = await json(`checks_by_component?component_id=eq.${deployment}`);
    expect(checks).toHaveLength(linked[0]!.n);
    expect(checks[0]).toMatchObject({ component_id: deployment, canary_id: expect.any(String) });
    // Its configs, with the config_items embed.
    expect(
      await json(
        `config_component_relationships?select=config_id,configs:config_items(id,name,type)&component_id=eq.${deployment}`,
      ),
    ).toEqual([
      {
        config_id: id('config:deploy:payments:api'),
        configs: {
          id: id('config:deploy:payments:api'),
          name: 'api',
          type: 'Kubernetes::Deployment',
        },
      },
    ]);
    // Incidents whose evidence names a component.
    const { rows: named } = await db.query<{ component_id: string }>(
      'SELECT component_id FROM evidences WHERE component_id IS NOT NULL ORDER BY id LIMIT 1',
    );
    const incidents = await json(
      `incidents_by_component?component_id=eq.${named[0]!.component_id}&order=created_at.desc`,
    );
    expect(incidents.length).toBeGreaterThan(0);
    expect(incidents[0]).toMatchObject({ title: expect.any(String), severity: expect.any(String) });
    // The filters' lists.
    expect(await json('component_labels?key=eq.cloud&order=value.asc')).toEqual([
      { key: 'cloud', value: 'aws' },
    ]);
    expect((await json('component_names?name=eq.payments-db'))[0]).toMatchObject({
      type: 'Database',
    });
    // A guest reads none of it.
    expect(
      (await get(`/api/db/checks_by_component?component_id=eq.${deployment}`, 'guest@local'))
        .status,
    ).toBe(403);
  });

  it('zips the snapshot: the tree, its checks and configs, and with related its incidents', async () => {
    const root = id('component:ns:payments');
    const response = await get(`/api/snapshot/topology/${root}?start=1h&related=true`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const files = unzip(Buffer.from(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      'checks.json',
      'components.json',
      'config_changes.json',
      'configs.json',
      'incidents.json',
    ]);
    const tree = JSON.parse(files['components.json']!) as Node[];
    expect(tree[0]!.name).toBe('payments');
    expect(tree[0]!.components.length).toBeGreaterThan(3);
    const configs = JSON.parse(files['configs.json']!) as { name: string }[];
    expect(configs.map((config) => config.name)).toContain('payments');
    const checks = JSON.parse(files['checks.json']!) as { component_id: string }[];
    const ids = new Set<string>();
    const collect = (nodes: Node[]) =>
      nodes.forEach((node) => {
        ids.add(node.id);
        collect(node.components);
      });
    collect(tree);
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.filter((check) => !ids.has(check.component_id))).toEqual([]);

    const plain = unzip(
      Buffer.from(await (await get(`/api/snapshot/topology/${root}`)).arrayBuffer()),
    );
    expect(Object.keys(plain).sort()).toEqual(['checks.json', 'components.json', 'configs.json']);
  });

  it('reuses the estate for a few seconds, and forgets it when a component is written through the API', async () => {
    const roots = async (query: string) =>
      (await topology(query)).components.map((node) => node.name);
    expect(await roots('depth=1&sortBy=name')).not.toContain('written-behind');
    // Behind the API (as another instance or the scheduler writes): the window's estate stands,
    // whatever the sort, filter or depth asked.
    await db.query(
      `INSERT INTO components (id, name, type, status) VALUES ($1, 'written-behind', 'Service', 'healthy')`,
      [id('component:test:behind')],
    );
    expect(await roots('depth=2&sortBy=status&sortOrder=desc')).not.toContain('written-behind');
    // A write through /api/db forgets it at once.
    const patched = await fetch(`${server.url}/api/db/components?id=eq.${id('component:root')}`, {
      method: 'PATCH',
      headers: {
        ...basic('admin@local'),
        'Content-Type': 'application/json',
        Prefer: 'return=minimal',
      },
      body: JSON.stringify({ description: 'the demo cluster' }),
    });
    expect(patched.status).toBeLessThan(300);
    expect(await roots('depth=1&sortBy=name')).toContain('written-behind');
    await db.query(`DELETE FROM components WHERE id = $1`, [id('component:test:behind')]);
  });

  it.each([
    ['/api/snapshot/topology/nope', 400],
    [`/api/snapshot/topology/${seedUuid('missing')}`, 404],
    [`/api/snapshot/topology/${seedUuid('x')}?start=soon`, 400],
    [`/api/snapshot/topology/${seedUuid('x')}?related=maybe`, 400],
  ])('refuses %s with %i', async (path, status) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error: expect.any(String) });
  });
});
