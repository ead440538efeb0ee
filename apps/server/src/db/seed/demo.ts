import type { Database, SqlRunner } from '../database';
import { insertRows, PgArray } from './insert';
import { seededRandom, seedUuid, type SeededRandom } from './random';

export const DEMO_ROLES = ['admin', 'editor', 'viewer', 'commander', 'responder', 'guest'] as const;
export const DEFAULT_DEMO_PASSWORD = 'opsdeck-demo';
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

export interface DemoSeedOptions {
  /** How many checks (default 300). */
  checks?: number;
  /** The PRNG seed: the same seed gives the same estate. */
  seed?: string;
  /** The instant history is generated back from (default: now, to the minute). */
  now?: Date;
  /** Progress lines for the CLI. */
  onProgress?: (step: string, millis: number) => void;
}

export interface DemoSeedResult {
  checks: number;
  canaries: number;
  checkStatuses: number;
  millis: number;
}

const NAMESPACES = [
  'default',
  'payments',
  'checkout',
  'platform',
  'monitoring',
  'data',
  'identity',
  'logistics',
];
const APPS = [
  'api',
  'web',
  'worker',
  'gateway',
  'db',
  'cache',
  'queue',
  'auth',
  'search',
  'billing',
  'cart',
  'inventory',
];
const CHECK_TYPES = [
  'http',
  'http',
  'http',
  'tcp',
  'dns',
  'icmp',
  'postgres',
  'kubernetes',
  'exec',
  'prometheus',
];
const ENVS = ['production', 'staging', 'dev'];
const TEAMS = ['platform', 'payments', 'sre', 'data'];

/**
 * Minutes back from now of each status row: every 5 min in the last hour (what the summary reads),
 * then sparser, out to 30 days, so every time range of the check modal has points but 50k checks stay
 * a few million rows.
 */
export function historyOffsets(): number[] {
  const offsets: number[] = [];
  for (let m = 0; m < 60; m += 5) offsets.push(m);
  for (let m = 120; m <= 24 * 60; m += 120) offsets.push(m);
  for (let m = 36 * 60; m <= 7 * 24 * 60; m += 12 * 60) offsets.push(m);
  for (let m = 9 * 24 * 60; m <= 30 * 24 * 60; m += 2 * 24 * 60) offsets.push(m);
  return offsets;
}

/** Checks whose index is a multiple of this get busyHistoryOffsets() on top of historyOffsets(). */
export const BUSY_EVERY = 25;

/** Every 10 minutes from 62 minutes to a day back: never on a historyOffsets() minute. */
export function busyHistoryOffsets(): number[] {
  const offsets: number[] = [];
  for (let m = 62; m < 24 * 60; m += 10) offsets.push(m);
  return offsets;
}

const minutesAgo = (now: Date, minutes: number) =>
  new Date(now.getTime() - minutes * 60_000).toISOString();

function titleCase(word: string) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

async function seedPeople(db: SqlRunner, key: (s: string) => string) {
  const demo = DEMO_ROLES.map((role) => ({
    id: seedUuid(key(`person:${role}`)),
    name: `${titleCase(role)} (demo)`,
    email: `${role}@local`,
    type: 'human',
  }));
  const others = [
    'Ada Lovelace',
    'Grace Hopper',
    'Linus Pauling',
    'Margaret Hamilton',
    'Alan Kay',
    'Barbara Liskov',
  ].map((name) => ({
    id: seedUuid(key(`person:${name}`)),
    name,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
    type: 'human',
  }));
  await insertRows(db, 'people', [...demo, ...others]);
  await insertRows(db, 'opsdeck.person_roles', [
    ...demo.map((person, index) => ({ person_id: person.id, role: DEMO_ROLES[index] })),
    ...others.map((person, index) => ({
      person_id: person.id,
      role: index % 2 ? 'responder' : 'editor',
    })),
  ]);
  return [...demo, ...others];
}

// Any constant shared by every instance (migrate.ts holds 4_242_001): one seeder per database.
const SEED_LOCK = 4_242_002;

/**
 * Seeds the demo into a migrated database that has no people yet, in one transaction: a process
 * killed mid-seed leaves nothing behind, so the next start seeds it whole again. Instances starting
 * together on one PostgreSQL queue on an advisory lock; the first seeds, the others then find people.
 * `onStart` runs only when this call seeds; undefined when there was nothing to do.
 */
export async function seedDemoOnce(
  db: Database,
  options: DemoSeedOptions & { onStart?: () => void } = {},
): Promise<DemoSeedResult | undefined> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const { rows } = await tx.query<{ n: number }>('SELECT count(*) AS n FROM people');
    if (rows[0]?.n !== 0) return undefined;
    options.onStart?.();
    return seedDemo(tx, options);
  });
}

/** Fills an empty, migrated database (or one transaction of it) with the demo estate. */
export async function seedDemo(
  db: SqlRunner,
  options: DemoSeedOptions = {},
): Promise<DemoSeedResult> {
  const started = Date.now();
  const checkCount = Math.max(0, Math.floor(options.checks ?? 300));
  const seed = options.seed ?? 'opsdeck';
  const now = options.now ?? new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const key = (s: string) => `${seed}:${s}`;
  const random = seededRandom(seed);
  let stepStart = Date.now();
  const step = (name: string) => {
    options.onProgress?.(name, Date.now() - stepStart);
    stepStart = Date.now();
  };

  const people = await seedPeople(db, key);
  const personIds = people.map((person) => person.id);
  const adminId = personIds[0]!;

  const agents = ['eu-west-1', 'us-east-1', 'on-prem'].map((name) => ({
    id: seedUuid(key(`agent:${name}`)),
    name,
    description: `Agent in ${name}`,
    hostname: `agent-${name}.internal`,
    version: 'v1.4.2',
    properties: { region: name },
    last_seen: minutesAgo(now, random.int(0, 3)),
    created_by: adminId,
  }));
  await insertRows(db, 'agents', agents);
  const agentIds = [LOCAL_AGENT_ID, ...agents.map((agent) => agent.id)];

  const teams = TEAMS.map((name) => ({
    id: seedUuid(key(`team:${name}`)),
    name,
    icon: 'group',
    spec: { components: [], notifications: [] },
    source: 'UI',
    created_by: adminId,
  }));
  await insertRows(db, 'teams', teams);
  await insertRows(
    db,
    'team_members',
    people.map((person, index) => ({
      team_id: teams[index % teams.length]!.id,
      person_id: person.id,
    })),
  );
  step('people, agents, teams');

  const counts = await seedChecks(db, { seed, now, checkCount, agentIds, adminId });
  step(`${checkCount} checks, ${counts.checkStatuses} statuses`);

  const estate = await seedEstate(db, {
    key,
    random,
    now,
    adminId,
    personIds,
    agentIds,
    teamIds: teams.map((t) => t.id),
    checkCount,
    seed,
  });
  step(`estate (${estate.configs} configs, ${estate.components} components)`);

  await db.exec('ANALYZE');
  step('analyze');
  return {
    checks: checkCount,
    canaries: counts.canaries,
    checkStatuses: counts.checkStatuses,
    millis: Date.now() - started,
  };
}

interface CheckSeedInput {
  seed: string;
  now: Date;
  checkCount: number;
  agentIds: string[];
  adminId: string;
}

const CHECKS_PER_CANARY = 8;
// Rows per INSERT ... SELECT of history: bounded so 50k checks never build one huge statement.
const HISTORY_CHUNK = 2_000;

async function seedChecks(
  db: SqlRunner,
  input: CheckSeedInput,
): Promise<{ canaries: number; checkStatuses: number }> {
  const { seed, now, checkCount } = input;
  if (checkCount === 0) return { canaries: 0, checkStatuses: 0 };
  const canaryCount = Math.ceil(checkCount / CHECKS_PER_CANARY);
  const nowIso = now.toISOString();
  const params = [
    seed,
    nowIso,
    input.agentIds,
    NAMESPACES,
    APPS,
    ENVS,
    TEAMS,
    CHECK_TYPES,
    input.adminId,
  ];
  // $1 seed, $2 now, $3 agents, $4 namespaces, $5 apps, $6 envs, $7 teams, $8 types, $9 admin
  // Both statements share one parameter list; Postgres must see every parameter to type it.
  const everyParam =
    'cardinality($3::uuid[]) + cardinality($4::text[]) + cardinality($5::text[]) + cardinality($6::text[]) + cardinality($7::text[]) + cardinality($8::text[]) > 0 AND $9::uuid IS NOT NULL';
  const pick = (array: string, salt: string, index: string) =>
    `(${array})[1 + opsdeck.seed_hash($1 || ':${salt}:' || ${index}) % cardinality(${array})]`;

  await db.query(
    `INSERT INTO canaries (id, agent_id, name, namespace, labels, spec, source, created_at, created_by)
     SELECT opsdeck.seed_uuid($1 || ':canary:' || i),
            ${pick('$3::uuid[]', 'cagent', 'i')},
            ${pick('$5::text[]', 'capp', 'i')} || '-' || i,
            ${pick('$4::text[]', 'cns', 'i')},
            jsonb_build_object('env', ${pick('$6::text[]', 'cenv', 'i')}, 'team', ${pick('$7::text[]', 'cteam', 'i')}),
            jsonb_build_object('interval', 300),
            'UI',
            $2::timestamptz - interval '45 days',
            $9::uuid
     FROM generate_series(0, ${canaryCount - 1}) i
     WHERE ${everyParam}`,
    params,
  );

  // Per check: profile (healthy / flaky / failing / new), base latency; pass/fail per history slot.
  const profile = `opsdeck.seed_hash($1 || ':profile:' || i) % 100`;
  const passPermille = `CASE WHEN ${profile} < 75 THEN 985 WHEN ${profile} < 90 THEN 800 ELSE 120 END`;
  const passes = (slot: string) =>
    `(opsdeck.seed_hash($1 || ':s:' || i || ':' || ${slot}) % 1000 < ${passPermille})`;
  const hasHistory = `(${profile} < 97)`;

  await db.query(
    `INSERT INTO checks (id, canary_id, agent_id, type, name, namespace, description, icon, spec, labels, owner,
                         severity, status, last_runtime, next_runtime, last_transition_time, created_at, updated_at)
     SELECT opsdeck.seed_uuid($1 || ':check:' || i),
            opsdeck.seed_uuid($1 || ':canary:' || (i / ${CHECKS_PER_CANARY})),
            ${pick('$3::uuid[]', 'cagent', `(i / ${CHECKS_PER_CANARY})`)},
            t.type,
            ${pick('$5::text[]', 'app', 'i')} || '-' || t.type || '-' || i,
            ${pick('$4::text[]', 'ns', 'i')},
            'Demo ' || t.type || ' check',
            t.type,
            jsonb_build_object('name', ${pick('$5::text[]', 'app', 'i')} || '-' || i,
              'endpoint', ${pick('$5::text[]', 'app', 'i')} || '.' || ${pick('$4::text[]', 'ns', 'i')} || '.svc.cluster.local'),
            jsonb_strip_nulls(jsonb_build_object(
              'app', ${pick('$5::text[]', 'app', 'i')},
              'critical', CASE WHEN opsdeck.seed_hash($1 || ':crit:' || i) % 4 = 0 THEN 'true' ELSE 'false' END,
              'tier', CASE WHEN opsdeck.seed_hash($1 || ':tier:' || i) % 3 = 0 THEN 'frontend'
                           WHEN opsdeck.seed_hash($1 || ':tier:' || i) % 3 = 1 THEN 'backend' END,
              'public', CASE WHEN opsdeck.seed_hash($1 || ':pub:' || i) % 5 = 0 THEN 'true' END)),
            ${pick('$7::text[]', 'owner', 'i')},
            (ARRAY['info', 'low', 'medium', 'high', 'critical'])[1 + opsdeck.seed_hash($1 || ':sev:' || i) % 5],
            CASE WHEN NOT ${hasHistory} OR ${passes('1')} THEN 'healthy' ELSE 'unhealthy' END,
            CASE WHEN ${hasHistory} THEN $2::timestamptz - make_interval(secs => opsdeck.seed_hash($1 || ':sec:' || i) % 60) END,
            $2::timestamptz + interval '5 minutes',
            $2::timestamptz - make_interval(mins => opsdeck.seed_hash($1 || ':tt:' || i) % 4000),
            $2::timestamptz - interval '40 days',
            $2::timestamptz - make_interval(mins => opsdeck.seed_hash($1 || ':upd:' || i) % 600)
     FROM generate_series(0, ${checkCount - 1}) i,
     LATERAL (SELECT ${pick('$8::text[]', 'type', 'i')} AS type) t
     WHERE ${everyParam}`,
    params,
  );

  // Every 25th check also runs every 10 minutes over the last day, so some checks have several pages
  // of history in every range (the check modal's pager), without multiplying the rows of all 50k.
  // Slots number the pass/fail draws; the busy rows take their own range so they don't repeat them.
  const busy = { offsets: busyHistoryOffsets(), where: `i % ${BUSY_EVERY} = 0`, slotBase: 1000 };
  for (const { offsets, where, slotBase } of [
    { offsets: historyOffsets(), where: 'true', slotBase: 0 },
    busy,
  ])
    for (let from = 0; from < checkCount; from += HISTORY_CHUNK) {
      const to = Math.min(checkCount, from + HISTORY_CHUNK) - 1;
      await db.query(
        `INSERT INTO check_statuses (check_id, time, status, invalid, duration, message, error, created_at)
       SELECT opsdeck.seed_uuid($1 || ':check:' || i),
              $2::timestamptz - make_interval(mins => o.minutes, secs => opsdeck.seed_hash($1 || ':sec:' || i) % 60),
              pass,
              false,
              CASE WHEN pass THEN base + opsdeck.seed_hash($1 || ':d:' || i || ':' || o.slot) % (base / 2 + 1)
                   ELSE base * 3 + opsdeck.seed_hash($1 || ':d:' || i || ':' || o.slot) % 2000 END,
              CASE WHEN pass THEN 'OK' ELSE 'Check failed' END,
              CASE WHEN pass THEN NULL
                   ELSE (ARRAY['connection refused', 'timeout after 10s', 'expected 200, got 503', 'TLS handshake error'])
                        [1 + opsdeck.seed_hash($1 || ':e:' || i || ':' || o.slot) % 4] END,
              $2::timestamptz
       FROM generate_series(${from}, ${to}) i
       CROSS JOIN LATERAL (SELECT u.minutes, u.n + ${slotBase} AS slot FROM unnest($3::int[]) WITH ORDINALITY AS u(minutes, n)) o
       CROSS JOIN LATERAL (SELECT ${passes('o.slot')} AS pass,
                                  20 + opsdeck.seed_hash($1 || ':lat:' || i) % 480 AS base) v
       WHERE ${hasHistory} AND ${where}`,
        [seed, nowIso, offsets],
      );
    }
  const { rows } = await db.query<{ count: number }>(
    'SELECT count(*) AS count FROM check_statuses',
  );
  return { canaries: canaryCount, checkStatuses: rows[0]?.count ?? 0 };
}

interface EstateInput {
  key: (s: string) => string;
  random: SeededRandom;
  now: Date;
  seed: string;
  adminId: string;
  personIds: string[];
  agentIds: string[];
  teamIds: string[];
  checkCount: number;
}

async function seedEstate(
  db: SqlRunner,
  input: EstateInput,
): Promise<{ configs: number; components: number }> {
  const { key, random, now, adminId, personIds } = input;
  const id = (s: string) => seedUuid(key(s));
  const person = () => random.pick(personIds);

  // ---- topology and components
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
  const linked = Math.min(input.checkCount, 400);
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

  // ---- catalog
  const scraperId = id('scraper:kubernetes');
  const awsScraperId = id('scraper:aws');
  await insertRows(db, 'config_scrapers', [
    {
      id: scraperId,
      name: 'kubernetes',
      namespace: 'default',
      spec: { kubernetes: [{ clusterName: 'demo-cluster' }] },
      source: 'UI',
      created_by: adminId,
    },
    {
      id: awsScraperId,
      name: 'aws',
      namespace: 'default',
      spec: { aws: [{ region: ['eu-west-1'] }] },
      source: 'UI',
      created_by: adminId,
    },
  ]);
  const configs: Record<string, unknown>[] = [];
  const config = (row: Record<string, unknown>) => {
    configs.push({
      scraper_id: scraperId,
      agent_id: random.pick(input.agentIds),
      parent_id: null,
      path: null,
      config_class: 'Kubernetes',
      status: 'Running',
      health: 'healthy',
      description: null,
      tags: {},
      properties: null,
      cost_per_minute: null,
      cost_total_1d: null,
      cost_total_7d: null,
      cost_total_30d: null,
      created_at: minutesAgo(now, random.int(60 * 24 * 10, 60 * 24 * 60)),
      updated_at: minutesAgo(now, random.int(0, 600)),
      ...row,
    });
    return row.id as string;
  };
  const clusterId = config({
    id: id('config:cluster'),
    config_class: 'Cluster',
    type: 'Kubernetes::Cluster',
    name: 'demo-cluster',
    labels: {},
    config: { kind: 'Cluster', version: 'v1.30.2' },
  });
  for (let n = 0; n < 4; n += 1) {
    config({
      id: id(`config:node:${n}`),
      config_class: 'Node',
      type: 'Kubernetes::Node',
      name: `node-${n}`,
      parent_id: clusterId,
      labels: { 'kubernetes.io/arch': 'amd64' },
      config: { kind: 'Node', status: { capacity: { cpu: '8', memory: '32Gi' } } },
      cost_per_minute: 0.0021,
      cost_total_1d: 3.02,
      cost_total_7d: 21.17,
      cost_total_30d: 90.72,
    });
  }
  const deployments: string[] = [];
  for (const namespace of NAMESPACES) {
    const nsId = config({
      id: id(`config:ns:${namespace}`),
      config_class: 'Namespace',
      type: 'Kubernetes::Namespace',
      name: namespace,
      parent_id: clusterId,
      labels: { namespace },
      config: { kind: 'Namespace', metadata: { name: namespace } },
    });
    for (const app of APPS.slice(0, 5)) {
      const health = random.chance(0.8)
        ? 'healthy'
        : random.pick(['unhealthy', 'warning', 'unknown']);
      const replicas = random.int(1, 4);
      const deploymentId = config({
        id: id(`config:deploy:${namespace}:${app}`),
        config_class: 'Deployment',
        type: 'Kubernetes::Deployment',
        name: app,
        parent_id: nsId,
        health,
        status: health === 'healthy' ? 'Running' : 'Progressing',
        labels: { namespace, app, team: random.pick(TEAMS) },
        tags: { cluster: 'demo-cluster', namespace },
        config: {
          kind: 'Deployment',
          metadata: { name: app, namespace },
          spec: {
            replicas,
            template: {
              spec: {
                containers: [
                  {
                    name: app,
                    image: `registry.example.com/${app}:1.${random.int(0, 20)}.${random.int(0, 9)}`,
                  },
                ],
              },
            },
          },
        },
      });
      deployments.push(deploymentId);
      for (let r = 0; r < Math.min(replicas, 2); r += 1) {
        config({
          id: id(`config:pod:${namespace}:${app}:${r}`),
          config_class: 'Pod',
          type: 'Kubernetes::Pod',
          name: `${app}-${random.int(10000, 99999)}-${r}`,
          parent_id: deploymentId,
          health,
          labels: { namespace, app },
          tags: { cluster: 'demo-cluster', namespace },
          config: { kind: 'Pod', metadata: { namespace }, status: { phase: 'Running' } },
        });
      }
    }
  }
  for (let n = 0; n < 6; n += 1) {
    config({
      id: id(`config:ec2:${n}`),
      scraper_id: awsScraperId,
      config_class: 'VirtualMachine',
      type: 'AWS::EC2::Instance',
      name: `i-0${(n * 7919).toString(16)}abc`,
      labels: { account: 'demo' },
      tags: { region: 'eu-west-1', 'account-name': 'demo' },
      config: { InstanceType: random.pick(['t3.medium', 'm5.large']), State: { Name: 'running' } },
      cost_per_minute: 0.0012,
      cost_total_1d: 1.73,
      cost_total_7d: 12.1,
      cost_total_30d: 51.8,
    });
  }
  for (let n = 0; n < 3; n += 1) {
    config({
      id: id(`config:rds:${n}`),
      scraper_id: awsScraperId,
      config_class: 'Database',
      type: 'AWS::RDS::DBInstance',
      name: `orders-db-${n}`,
      labels: { account: 'demo' },
      tags: { region: 'eu-west-1', 'account-name': 'demo' },
      config: { Engine: 'postgres', EngineVersion: '16.3', DBInstanceClass: 'db.r6g.large' },
      cost_per_minute: 0.004,
      cost_total_1d: 5.76,
      cost_total_7d: 40.3,
      cost_total_30d: 172.8,
    });
  }
  await insertRows(db, 'config_items', configs);

  const relationships = configs
    .filter((row) => row.parent_id)
    .map((row) => ({
      config_id: row.parent_id,
      related_id: row.id,
      relation: `${String(row.type).split('::').pop()}`,
    }));
  await insertRows(db, 'config_relationships', relationships);
  await insertRows(
    db,
    'config_component_relationships',
    NAMESPACES.map((namespace) => ({
      component_id: id(`component:ns:${namespace}`),
      config_id: id(`config:ns:${namespace}`),
    })),
  );

  const changeTypes = [
    'diff',
    'Pulled',
    'Scheduled',
    'Created',
    'BackOff',
    'Killing',
    'UPDATE',
    'RunInstances',
  ];
  const changes: Record<string, unknown>[] = [];
  const analyses: Record<string, unknown>[] = [];
  configs.forEach((row, index) => {
    const changeCount = random.int(1, 5);
    for (let c = 0; c < changeCount; c += 1) {
      const changeType = random.pick(changeTypes);
      const at = minutesAgo(now, random.int(5, 60 * 24 * 14));
      changes.push({
        id: id(`change:${index}:${c}`),
        config_id: row.id,
        change_type: changeType,
        severity: random.pick(['info', 'low', 'medium', 'high']),
        source: random.pick(['kubernetes', 'CloudTrail', 'config-db']),
        summary:
          changeType === 'diff'
            ? 'spec.template.spec.containers[0].image changed'
            : `${changeType} ${String(row.name)}`,
        diff:
          changeType === 'diff'
            ? `- image: ${String(row.name)}:1.0.0\n+ image: ${String(row.name)}:1.0.1\n`
            : null,
        details: { reason: changeType },
        patches: null,
        external_created_by: random.chance(0.4)
          ? 'system:serviceaccount:kube-system:deployment-controller'
          : null,
        created_by: random.chance(0.2) ? person() : null,
        created_at: at,
        count: random.int(1, 4),
        first_observed: at,
      });
    }
    if (index % 4 === 0) {
      analyses.push({
        id: id(`analysis:${index}`),
        config_id: row.id,
        analyzer: random.pick([
          'privileged-container',
          'image-not-pinned',
          'no-resource-limits',
          'public-ip',
        ]),
        analysis_type: random.pick(['security', 'reliability', 'cost', 'compliance']),
        severity: random.pick(['low', 'medium', 'high', 'critical']),
        status: random.pick(['open', 'open', 'resolved', 'silenced']),
        message: 'Finding reported by the demo analyzer',
        summary: 'Demo finding',
        analysis: { detail: 'Set resource limits on every container' },
        source: 'config-db',
        first_observed: minutesAgo(now, random.int(60 * 24, 60 * 24 * 20)),
        last_observed: minutesAgo(now, random.int(0, 600)),
      });
    }
  });
  await insertRows(db, 'config_changes', changes);
  await insertRows(db, 'config_analysis', analyses);

  if (input.checkCount > 0) {
    const { rows } = await db.query<{ id: string; canary_id: string }>(
      'SELECT id, canary_id FROM checks ORDER BY name LIMIT 100',
    );
    await insertRows(
      db,
      'check_config_relationships',
      rows.map((check) => ({
        config_id: random.pick(deployments),
        check_id: check.id,
        canary_id: check.canary_id,
      })),
    );
  }

  // ---- incidents
  const { rows: someChecks } = await db.query<{ id: string }>(
    'SELECT id FROM checks ORDER BY name LIMIT 20',
  );
  const incidents: Record<string, unknown>[] = [];
  const hypotheses: Record<string, unknown>[] = [];
  const evidences: Record<string, unknown>[] = [];
  const comments: Record<string, unknown>[] = [];
  const responders: Record<string, unknown>[] = [];
  const histories: Record<string, unknown>[] = [];
  const titles = [
    'Checkout latency above SLO',
    'Payments API returning 503',
    'Database replica lag',
    'Certificate expiring on gateway',
    'Search index stale',
    'Pods crash-looping in data',
    'DNS resolution failures',
    'Queue backlog growing',
    'Login errors after deploy',
    'Disk pressure on node-2',
    'Elevated 5xx on web',
    'Billing job failed',
  ];
  titles.forEach((title, n) => {
    const incidentId = id(`incident:${n}`);
    const status = random.pick(['open', 'open', 'mitigated', 'resolved', 'closed', 'cancelled']);
    const created = minutesAgo(now, random.int(30, 60 * 24 * 20));
    incidents.push({
      id: incidentId,
      incident_id: `INC-${n + 1}`,
      title,
      description: `${title}. Reported by monitoring.`,
      type: random.pick([
        'availability',
        'latency',
        'security',
        'cost',
        'compliance',
        'technical_debt',
      ]),
      status,
      severity: random.pick(['Low', 'Medium', 'High', 'Critical', 'Blocker']),
      created_by: person(),
      commander_id: person(),
      communicator_id: person(),
      acknowledged: status === 'open' ? null : created,
      resolved:
        status === 'resolved' || status === 'closed' ? minutesAgo(now, random.int(0, 20)) : null,
      closed: status === 'closed' ? minutesAgo(now, random.int(0, 10)) : null,
      created_at: created,
      updated_at: created,
    });
    const rootHypothesis = id(`hypothesis:${n}:root`);
    const factor = id(`hypothesis:${n}:factor`);
    const solution = id(`hypothesis:${n}:solution`);
    hypotheses.push(
      {
        id: rootHypothesis,
        incident_id: incidentId,
        parent_id: null,
        type: 'root',
        title,
        status: 'possible',
        created_by: person(),
      },
      {
        id: factor,
        incident_id: incidentId,
        parent_id: rootHypothesis,
        type: 'factor',
        title: 'Recent deployment changed connection pool size',
        status: random.pick(['possible', 'likely', 'proven', 'disproven']),
        created_by: person(),
      },
      {
        id: solution,
        incident_id: incidentId,
        parent_id: factor,
        type: 'solution',
        title: 'Roll back to the previous image',
        status: 'possible',
        created_by: person(),
      },
    );
    const check = someChecks[n % Math.max(1, someChecks.length)];
    if (check) {
      evidences.push({
        id: id(`evidence:${n}:check`),
        hypothesis_id: factor,
        description: 'Failing health check',
        type: 'check',
        check_id: check.id,
        evidence: { includeMessages: true },
        definition_of_done: n % 3 === 0,
        done: n % 6 === 0,
        created_by: person(),
      });
    }
    evidences.push({
      id: id(`evidence:${n}:config`),
      hypothesis_id: factor,
      description: 'Deployment changed shortly before',
      type: 'config',
      config_id: random.pick(deployments),
      evidence: { lines: [] },
      definition_of_done: false,
      done: null,
      created_by: person(),
    });
    const responderId = id(`responder:${n}`);
    responders.push({
      id: responderId,
      incident_id: incidentId,
      type: 'person',
      person_id: person(),
      team_id: null,
      properties: {},
      created_by: person(),
    });
    comments.push(
      {
        id: id(`comment:${n}:0`),
        incident_id: incidentId,
        hypothesis_id: null,
        comment: 'Looking into it now.',
        created_by: person(),
        created_at: created,
      },
      {
        id: id(`comment:${n}:1`),
        incident_id: incidentId,
        hypothesis_id: factor,
        comment: 'The pool size went from 20 to 5 in the last release.',
        created_by: person(),
        created_at: created,
      },
    );
    histories.push(
      {
        incident_id: incidentId,
        type: 'incident.created',
        description: title,
        created_by: person(),
        created_at: created,
      },
      {
        incident_id: incidentId,
        type: 'responder.created',
        responder_id: responderId,
        created_by: person(),
        created_at: created,
      },
    );
  });
  await insertRows(db, 'incidents', incidents);
  await insertRows(db, 'hypotheses', hypotheses);
  await insertRows(db, 'evidences', evidences);
  await insertRows(db, 'responders', responders);
  await insertRows(db, 'comments', comments);
  await insertRows(db, 'incident_histories', histories);

  // ---- playbooks, shaped like Mission Control Playbook specs (parameters, filters, actions)
  const playbookSpecs = demoPlaybooks();
  const playbooks = playbookSpecs.map((spec, n) => ({
    id: id(`playbook:${spec.name}`),
    namespace: 'default',
    name: spec.name,
    title: spec.title,
    icon: spec.icon,
    description: spec.spec.description,
    category: spec.category,
    spec: spec.spec,
    source: 'UI',
    created_by: adminId,
    created_at: minutesAgo(now, 60 * 24 * (30 - n)),
  }));
  await insertRows(db, 'playbooks', playbooks);
  const runs: Record<string, unknown>[] = [];
  const actions: Record<string, unknown>[] = [];
  const approvals: Record<string, unknown>[] = [];
  for (let n = 0; n < 40; n += 1) {
    const playbook = random.pick(playbooks);
    const spec = playbookSpecs.find((s) => s.name === playbook.name)!;
    const status = random.pick([
      'completed',
      'completed',
      'completed',
      'failed',
      'running',
      'pending_approval',
      'cancelled',
      'scheduled',
    ]);
    const start = now.getTime() - random.int(5, 60 * 24 * 10) * 60_000;
    const runId = id(`run:${n}`);
    const finished = ['completed', 'failed', 'cancelled'].includes(status);
    runs.push({
      id: runId,
      playbook_id: playbook.id,
      status,
      spec: spec.spec,
      parameters: spec.parameters,
      config_id: spec.resource === 'config' ? random.pick(deployments) : null,
      check_id: spec.resource === 'check' && someChecks[0] ? random.pick(someChecks).id : null,
      component_id: spec.resource === 'component' ? rootId : null,
      start_time:
        status === 'scheduled' || status === 'pending_approval'
          ? null
          : new Date(start).toISOString(),
      end_time: finished ? new Date(start + random.int(2, 300) * 1000).toISOString() : null,
      scheduled_time: new Date(start).toISOString(),
      created_by: person(),
      error: status === 'failed' ? 'exit status 1' : null,
      created_at: new Date(start).toISOString(),
    });
    if (status === 'pending_approval') approvals.push({ run_id: runId, person_id: adminId });
    if (status === 'scheduled' || status === 'pending_approval') continue;
    spec.spec.actions.forEach((action, a) => {
      const last = a === spec.spec.actions.length - 1;
      const actionStatus =
        status === 'failed' && last
          ? 'failed'
          : status === 'running' && last
            ? 'running'
            : status === 'cancelled' && last
              ? 'skipped'
              : 'completed';
      actions.push({
        id: id(`run:${n}:action:${a}`),
        playbook_run_id: runId,
        name: action.name,
        status: actionStatus,
        start_time: new Date(start + a * 2000).toISOString(),
        end_time:
          actionStatus === 'running' ? null : new Date(start + a * 2000 + 1500).toISOString(),
        scheduled_time: new Date(start).toISOString(),
        result:
          actionStatus === 'failed'
            ? { stderr: 'error: deployment not found', exitCode: 1 }
            : { stdout: `${action.name}: ok`, exitCode: 0 },
        agent_id: LOCAL_AGENT_ID,
        error: actionStatus === 'failed' ? 'exit status 1' : null,
      });
    });
  }
  await insertRows(db, 'playbook_runs', runs);
  await insertRows(db, 'playbook_run_actions', actions);
  await insertRows(db, 'playbook_approvals', approvals);

  // ---- job history
  const jobs = [
    'SyncCanaryJobs',
    'ScrapeConfigs',
    'CleanupCheckStatuses',
    'PushChecksToUpstream',
    'ComponentCheckRun',
    'RefreshCheckStatusSummary',
    'SyncTopology',
    'NotificationSend',
  ];
  const jobRows: Record<string, unknown>[] = [];
  for (let n = 0; n < 240; n += 1) {
    const status = random.pick([
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
      'WARNING',
      'FAILED',
      'SKIPPED',
      'RUNNING',
    ]);
    const start = now.getTime() - random.int(1, 60 * 24 * 7) * 60_000;
    const duration = random.int(50, 120_000);
    jobRows.push({
      id: id(`job:${n}`),
      agent_id: random.pick(input.agentIds),
      name: random.pick(jobs),
      resource_type: random.pick(['canary', 'config_scraper', 'topology']),
      resource_id: random.pick([scraperId, awsScraperId, topologyId]),
      status,
      success_count: random.int(0, 500),
      error_count: status === 'FAILED' ? random.int(1, 20) : 0,
      details: status === 'FAILED' ? { errors: ['context deadline exceeded'] } : {},
      hostname: 'opsdeck-0',
      duration_millis: duration,
      time_start: new Date(start).toISOString(),
      time_end: status === 'RUNNING' ? null : new Date(start + duration).toISOString(),
      created_at: new Date(start).toISOString(),
    });
  }
  await insertRows(db, 'job_history', jobRows);

  // ---- notifications, silences, send history
  const notifications = [
    {
      name: 'check-failed',
      events: ['check.failed', 'check.passed'],
      title: 'Check {{.check.name}} is {{.check.status}}',
      filter: "check.labels.critical == 'true'",
      team_id: input.teamIds[0],
    },
    {
      name: 'config-unhealthy',
      events: ['config.unhealthy', 'config.warning'],
      title: '{{.config.type}} {{.config.name}} is {{.config.health}}',
      filter: '',
      team_id: input.teamIds[1],
    },
    {
      name: 'incident-created',
      events: ['incident.created'],
      title: 'New incident {{.incident.title}}',
      filter: '',
      person_id: adminId,
    },
    {
      name: 'component-status',
      events: ['component.unhealthy'],
      title: 'Component {{.component.name}} unhealthy',
      filter: '',
      team_id: input.teamIds[2],
    },
    {
      name: 'pod-crashlooping',
      events: ['config.unhealthy'],
      title: 'Pod {{.config.name}} is crash-looping',
      filter: "config.type == 'Kubernetes::Pod'",
      team_id: input.teamIds[0],
      repeat_interval: '4h',
    },
  ].map((n) => ({
    id: id(`notification:${n.name}`),
    name: n.name,
    namespace: 'default',
    events: new PgArray(n.events),
    title: n.title,
    template: 'See {{.permalink}}',
    filter: n.filter,
    properties: {},
    person_id: n.person_id ?? null,
    team_id: n.team_id ?? null,
    custom_services: null,
    repeat_interval: n.repeat_interval ?? null,
    source: 'UI',
    created_by: adminId,
  }));
  await insertRows(db, 'notifications', notifications);
  const silences = [
    {
      name: 'staging-maintenance',
      description: 'Planned staging maintenance',
      filter: "check.labels.env == 'staging'",
      from: minutesAgo(now, 60),
      until: minutesAgo(now, -240),
    },
    {
      name: 'rds-readreplica-maintenance',
      description: 'RDS maintenance window and brief flaps',
      filter: "config.type == 'AWS::RDS::DBInstance'",
      from: minutesAgo(now, 60 * 24),
      until: null,
    },
    {
      name: 'old-window',
      description: 'Expired silence',
      filter: "check.type == 'dns'",
      from: minutesAgo(now, 60 * 24 * 5),
      until: minutesAgo(now, 60 * 24 * 4),
    },
  ].map((s) => ({
    id: id(`silence:${s.name}`),
    namespace: 'default',
    selectors: null,
    recursive: false,
    source: 'UI',
    created_by: adminId,
    ...s,
  }));
  await insertRows(db, 'notification_silences', silences);
  const sendHistory: Record<string, unknown>[] = [];
  for (let n = 0; n < 60; n += 1) {
    const status = random.pick([
      'sent',
      'sent',
      'sent',
      'error',
      'pending',
      'skipped',
      'silenced',
      'repeat-interval',
      'inhibited',
    ]);
    const at = minutesAgo(now, random.int(1, 60 * 24 * 7));
    sendHistory.push({
      id: id(`send:${n}`),
      notification_id: random.pick(notifications).id,
      body: 'Demo notification body',
      error: status === 'error' ? 'slack: channel_not_found' : null,
      status,
      count: random.int(1, 3),
      source_event: random.pick(['check.failed', 'config.unhealthy', 'incident.created']),
      resource_id: someChecks[0] ? random.pick(someChecks).id : rootId,
      person_id: null,
      silenced_by: status === 'silenced' ? silences[1]!.id : null,
      duration_millis: random.int(20, 900),
      first_observed: at,
      created_at: at,
    });
  }
  await insertRows(db, 'notification_send_history', sendHistory);

  // ---- connections, permissions, properties, event queue, logging backends
  await insertRows(db, 'connections', [
    {
      id: id('connection:slack'),
      name: 'slack-alerts',
      namespace: 'default',
      type: 'slack',
      url: 'slack://hooks',
      username: null,
      password: 'demo-secret',
      certificate: null,
      properties: { channel: '#alerts' },
      insecure_tls: false,
      source: 'UI',
      created_by: adminId,
    },
    {
      id: id('connection:postgres'),
      name: 'orders-db',
      namespace: 'default',
      type: 'postgres',
      url: 'postgres://orders-db.internal:5432/orders',
      username: 'readonly',
      password: 'demo-secret',
      certificate: null,
      properties: {},
      insecure_tls: false,
      source: 'UI',
      created_by: adminId,
    },
    {
      id: id('connection:github'),
      name: 'github',
      namespace: 'default',
      type: 'github',
      url: 'https://api.github.com',
      username: null,
      password: 'demo-token',
      certificate: null,
      properties: {},
      insecure_tls: false,
      source: 'UI',
      created_by: adminId,
    },
    {
      id: id('connection:prometheus'),
      name: 'prometheus',
      namespace: 'monitoring',
      type: 'prometheus',
      url: 'http://prometheus.monitoring.svc:9090',
      username: null,
      password: null,
      certificate: null,
      properties: {},
      insecure_tls: true,
      source: 'UI',
      created_by: adminId,
    },
  ]);
  await insertRows(db, 'permissions', [
    {
      id: id('permission:editor-playbooks'),
      name: 'editors-run-playbooks',
      namespace: 'default',
      description: 'Editors may run playbooks',
      source: 'UI',
      action: 'playbook:run',
      object: 'playbooks',
      deny: false,
      subject: 'editor',
      subject_type: 'role',
      created_by: adminId,
    },
    {
      id: id('permission:team-platform'),
      name: 'platform-read-catalog',
      namespace: 'default',
      description: 'Platform team reads the catalog',
      source: 'UI',
      action: 'read',
      object: 'catalog',
      deny: false,
      subject: input.teamIds[0],
      subject_type: 'team',
      team_id: input.teamIds[0],
      created_by: adminId,
    },
  ]);
  await insertRows(db, 'properties', [
    { name: 'incidents.disable', value: 'false' },
    { name: 'logs.disable', value: 'true' },
    { name: 'playbooks.disable', value: 'false' },
    { name: 'topology.disable', value: 'false' },
    { name: 'settings.logging_backends.disable', value: 'false' },
    { name: 'check.retention.days', value: '30' },
  ]);
  await insertRows(db, 'event_queue', [
    {
      name: 'notification.send',
      properties: { id: notifications[0]!.id },
      error: 'slack: rate limited',
      attempts: 3,
      last_attempt: minutesAgo(now, 2),
      priority: 10,
      created_at: minutesAgo(now, 30),
    },
    {
      name: 'playbook.action',
      properties: {},
      error: null,
      attempts: 0,
      last_attempt: null,
      priority: 5,
      created_at: minutesAgo(now, 1),
    },
  ]);
  await insertRows(db, 'logging_backends', [
    {
      id: id('logging:loki'),
      name: 'loki',
      labels: { env: 'production' },
      spec: { loki: { url: 'http://loki.monitoring.svc:3100' } },
      source: 'UI',
      created_by: adminId,
    },
  ]);
  return { configs: configs.length, components: components.length };
}

interface DemoPlaybook {
  name: string;
  title: string;
  icon: string;
  category: string;
  resource: 'config' | 'check' | 'component' | 'none';
  parameters: Record<string, unknown>;
  spec: {
    description: string;
    parameters?: unknown[];
    configs?: unknown[];
    checks?: unknown[];
    components?: unknown[];
    approval?: unknown;
    actions: { name: string; [k: string]: unknown }[];
  };
}

function demoPlaybooks(): DemoPlaybook[] {
  return [
    {
      name: 'restart-deployment',
      title: 'Restart deployment',
      icon: 'kubernetes',
      category: 'Kubernetes',
      resource: 'config',
      parameters: { reason: 'stuck pods' },
      spec: {
        description: 'Rolls the pods of a deployment',
        configs: [{ types: ['Kubernetes::Deployment'] }],
        parameters: [{ name: 'reason', label: 'Reason', type: 'text', required: true }],
        actions: [
          {
            name: 'rollout restart',
            exec: {
              script:
                'kubectl rollout restart deployment/{{.config.name}} -n {{.config.tags.namespace}}',
            },
          },
          {
            name: 'wait for rollout',
            exec: { script: 'kubectl rollout status deployment/{{.config.name}}' },
          },
        ],
      },
    },
    {
      name: 'scale-deployment',
      title: 'Scale deployment',
      icon: 'scale',
      category: 'Kubernetes',
      resource: 'config',
      parameters: { replicas: '3' },
      spec: {
        description: 'Sets the replica count',
        configs: [{ types: ['Kubernetes::Deployment'] }],
        parameters: [{ name: 'replicas', label: 'Replicas', type: 'text', default: '2' }],
        approval: { type: 'any', approvers: { people: ['admin@local'] } },
        actions: [
          {
            name: 'scale',
            exec: {
              script: 'kubectl scale --replicas={{.params.replicas}} deployment/{{.config.name}}',
            },
          },
        ],
      },
    },
    {
      name: 'retention-window',
      title: 'Log retention window',
      icon: 'clock',
      category: 'Maintenance',
      resource: 'none',
      parameters: { retention: '15m' },
      spec: {
        description: 'Echoes the chosen retention',
        parameters: [
          {
            name: 'retention',
            label: 'Retention window',
            type: 'duration',
            default: '15m',
            properties: { min: '5m', options: ['5m', '15m', '1h', '1d', '7d'] },
          },
        ],
        actions: [{ name: 'log retention window', exec: { script: 'echo {{.params.retention}}' } }],
      },
    },
    {
      name: 'rerun-check',
      title: 'Re-run health check',
      icon: 'health',
      category: 'Health',
      resource: 'check',
      parameters: {},
      spec: {
        description: 'Runs the check again and posts the result',
        checks: [{ types: ['http', 'tcp'] }],
        actions: [
          {
            name: 'run check',
            http: {
              url: 'http://localhost:8080/api/canary/run/check/{{.check.id}}',
              method: 'POST',
            },
          },
          {
            name: 'notify',
            notification: {
              title: 'Check {{.check.name}} re-run',
              connection: 'connection://slack/slack-alerts',
              message: 'Done',
            },
          },
        ],
      },
    },
    {
      name: 'config-changes-report',
      title: 'Changes report',
      icon: 'report',
      category: 'Catalog',
      resource: 'config',
      parameters: { since: '24h' },
      spec: {
        description: 'Counts recent changes of a config',
        configs: [{ types: ['Kubernetes::Pod', 'Kubernetes::Deployment'] }],
        parameters: [{ name: 'since', label: 'Since', type: 'duration', default: '24h' }],
        actions: [
          {
            name: 'fetch changes',
            sql: {
              query: "SELECT count(*) FROM config_changes WHERE config_id = '{{.config.id}}'",
              driver: 'postgres',
              connection: 'connection://postgres/orders-db',
            },
          },
          {
            name: 'summarise',
            if: 'last_result().count > 0',
            exec: { script: 'echo {{.last_result.count}} changes' },
          },
        ],
      },
    },
    {
      name: 'component-diagnose',
      title: 'Diagnose component',
      icon: 'search',
      category: 'Topology',
      resource: 'component',
      parameters: {},
      spec: {
        description: 'Collects events for a component',
        components: [{ types: ['Service'] }],
        actions: [
          {
            name: 'collect events',
            exec: { script: 'kubectl get events -n {{.component.labels.namespace}}' },
          },
        ],
      },
    },
    {
      name: 'ec2-stop-instance',
      title: 'Stop EC2 instance',
      icon: 'aws-ec2-instance',
      category: 'AWS',
      resource: 'config',
      parameters: { confirm: 'yes' },
      spec: {
        description: 'Stops an EC2 instance after approval',
        configs: [{ types: ['AWS::EC2::Instance'] }],
        parameters: [
          { name: 'confirm', label: 'Type yes to confirm', type: 'text', required: true },
        ],
        approval: { type: 'all', approvers: { teams: ['sre'] } },
        actions: [
          {
            name: 'stop instance',
            exec: { script: 'aws ec2 stop-instances --instance-ids {{.config.name}}' },
          },
        ],
      },
    },
    {
      name: 'create-github-issue',
      title: 'Open GitHub issue',
      icon: 'github',
      category: 'Incidents',
      resource: 'none',
      parameters: { title: 'Follow-up' },
      spec: {
        description: 'Opens an issue for follow-up work',
        parameters: [
          { name: 'title', label: 'Title', type: 'text' },
          { name: 'body', label: 'Body', type: 'code', properties: { language: 'markdown' } },
        ],
        actions: [
          {
            name: 'open issue',
            github: { connection: 'connection://github/github', title: '{{.params.title}}' },
          },
        ],
      },
    },
  ];
}
