import { CHECK_TYPES, ENVS, NAMESPACES, APPS, TEAMS } from '../../db/seed/demoData.ts';
import type { SqlRunner } from '../../db/database.ts';
import { type DemoSeed, need } from '../seed.ts';

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

/**
 * The demo's canaries, `--checks N` checks and their history, generated in SQL (50k checks stay a
 * few statements). Draws nothing from the shared PRNG: the checks are hashed from the seed.
 */
export const seedCanaries: DemoSeed = async (context) => {
  const checkCount = context.size.checks;
  const counts = await seedChecks(context.db, {
    seed: context.seed,
    now: context.now,
    checkCount,
    agentIds: need(context.estate.agentIds, 'agentIds'),
    adminId: need(context.estate.adminId, 'adminId'),
  });
  context.estate.canaries = counts.canaries;
  context.estate.checkStatuses = counts.checkStatuses;
  context.step(`${checkCount} checks, ${counts.checkStatuses} statuses`);
};

interface CheckSeedInput {
  seed: string;
  now: Date;
  checkCount: number;
  agentIds: string[];
  adminId: string;
}

const CHECKS_PER_CANARY = 8;
// Checks per INSERT ... SELECT of history: bounded so 50k checks never build one huge statement.
const HISTORY_CHUNK = 1_000;

/**
 * How long a probe of each type takes when it passes (ms): `low` plus up to `span`, then each run
 * up to half again. A resolver answers in milliseconds, an exec or a Kubernetes query in seconds.
 */
const LATENCY: Record<string, { low: number; span: number }> = {
  dns: { low: 2, span: 40 },
  icmp: { low: 1, span: 60 },
  tcp: { low: 2, span: 80 },
  postgres: { low: 3, span: 120 },
  http: { low: 40, span: 600 },
  prometheus: { low: 20, span: 400 },
  kubernetes: { low: 80, span: 1_200 },
  exec: { low: 150, span: 4_000 },
};

/**
 * Two ways each type of check fails, and how long the failing run then takes: a refused connection
 * at once, a timeout after its timeout, a wrong answer about as long as a right one
 * (`fixed` ms, plus `ofBase` percent of the check's own latency, plus up to `spread` ms).
 */
const FAILURES: Record<string, { error: string; fixed: number; ofBase: number; spread: number }[]> =
  {
    dns: [
      { error: 'NXDOMAIN: no such host', fixed: 0, ofBase: 100, spread: 20 },
      { error: 'timeout after 5s', fixed: 5_000, ofBase: 0, spread: 300 },
    ],
    icmp: [
      { error: 'host unreachable', fixed: 1, ofBase: 0, spread: 20 },
      { error: 'timeout after 3s', fixed: 3_000, ofBase: 0, spread: 200 },
    ],
    tcp: [
      { error: 'connection refused', fixed: 1, ofBase: 0, spread: 15 },
      { error: 'timeout after 5s', fixed: 5_000, ofBase: 0, spread: 300 },
    ],
    postgres: [
      { error: 'connection refused', fixed: 1, ofBase: 0, spread: 15 },
      { error: 'password authentication failed', fixed: 0, ofBase: 100, spread: 50 },
    ],
    http: [
      { error: 'expected 200, got 503', fixed: 0, ofBase: 50, spread: 200 },
      { error: 'timeout after 10s', fixed: 10_000, ofBase: 0, spread: 400 },
      { error: 'connection refused', fixed: 1, ofBase: 0, spread: 20 },
      { error: 'TLS handshake error', fixed: 0, ofBase: 50, spread: 100 },
    ],
    prometheus: [
      { error: 'query returned no data', fixed: 0, ofBase: 100, spread: 100 },
      { error: 'timeout after 30s', fixed: 30_000, ofBase: 0, spread: 500 },
    ],
    kubernetes: [
      { error: 'deployment has 0/3 ready replicas', fixed: 0, ofBase: 100, spread: 300 },
      { error: 'timeout after 30s', fixed: 30_000, ofBase: 0, spread: 500 },
    ],
    exec: [
      { error: 'exit status 1', fixed: 0, ofBase: 100, spread: 500 },
      { error: 'timeout after 60s', fixed: 60_000, ofBase: 0, spread: 1_000 },
    ],
  };

/** At most this many outages per check; which of them happen is the check's profile. */
const MAX_OUTAGES = 8;
const HISTORY_MINUTES = 30 * 24 * 60;

/**
 * The estate over time, in SQL (50k checks stay a few statements). Each canary watches one app in
 * one namespace from one agent, and its checks are that app's (their group on the health page holds
 * related checks). Each check has a profile and outages: a healthy check had a couple of short ones,
 * a flaky one many, a failing one is in an outage now; most outages are recent. A history row fails
 * when its time falls in an outage, with the check's way of failing and the latency that goes with
 * it; the check's status, last run and last transition are then read from its own history.
 */
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
  // A check's canary, and what the canary watches: its app, namespace and agent.
  const canary = `(i / ${CHECKS_PER_CANARY})`;
  const app = pick('$5::text[]', 'capp', canary);
  // The canaries take the demo's namespaces in turn, so even a small demo has checks in each of the
  // first ones (the payments checks other modules link to among them).
  const inTurn = (index: string) => `($4::text[])[1 + ${index} % cardinality($4::text[])]`;
  const namespace = inTurn(canary);

  await db.query(
    `INSERT INTO canaries (id, agent_id, name, namespace, labels, spec, source, created_at, created_by)
     SELECT opsdeck.seed_uuid($1 || ':canary:' || i),
            ${pick('$3::uuid[]', 'cagent', 'i')},
            ${pick('$5::text[]', 'capp', 'i')} || '-' || i,
            ${inTurn('i')},
            jsonb_build_object('env', ${pick('$6::text[]', 'cenv', 'i')}, 'team', ${pick('$7::text[]', 'cteam', 'i')}),
            jsonb_build_object('interval', 300),
            'UI',
            $2::timestamptz - interval '45 days',
            $9::uuid
     FROM generate_series(0, ${canaryCount - 1}) i
     WHERE ${everyParam}`,
    params,
  );

  // Profile per check (of 100): below 70 healthy (up to two short outages), below 88 flaky (three
  // to eight, up to six hours), below 97 failing (in an outage now, begun up to three days ago),
  // else new (never run). An outage ends `ago` minutes back, most of them recently.
  const profile = `opsdeck.seed_hash($1 || ':profile:' || i) % 100`;
  const outages = `CASE WHEN ${profile} < 70 THEN opsdeck.seed_hash($1 || ':n:' || i) % 3
                        WHEN ${profile} < 97 THEN 3 + opsdeck.seed_hash($1 || ':n:' || i) % 6 ELSE 0 END`;
  const u = `(opsdeck.seed_hash($1 || ':ago:' || i || ':' || k) % 1000)::bigint`;
  const outageSql = `
    SELECT CASE WHEN k = 0 AND ${profile} >= 88 THEN 0 ELSE (${u} * ${u} * ${u} * ${HISTORY_MINUTES}) / 1000000000 END AS ago,
           CASE WHEN k = 0 AND ${profile} >= 88 THEN 10 + opsdeck.seed_hash($1 || ':len:' || i || ':' || k) % 4320
                WHEN ${profile} < 70 THEN 5 + opsdeck.seed_hash($1 || ':len:' || i || ':' || k) % 120
                ELSE 5 + opsdeck.seed_hash($1 || ':len:' || i || ':' || k) % 360 END AS length
    FROM generate_series(0, ${MAX_OUTAGES - 1}) k WHERE k < ${outages}`;
  // The checks: unhealthy when an outage is on now (it ends 0 minutes back); last run and last
  // transition come from their history below.
  await db.query(
    `INSERT INTO checks (id, canary_id, agent_id, type, name, namespace, description, icon, spec, labels, owner,
                         severity, status, last_runtime, next_runtime, last_transition_time, created_at, updated_at)
     SELECT opsdeck.seed_uuid($1 || ':check:' || i),
            opsdeck.seed_uuid($1 || ':canary:' || ${canary}),
            ${pick('$3::uuid[]', 'cagent', canary)},
            t.type,
            ${app} || '-' || t.type || '-' || i,
            ${namespace},
            'Demo ' || t.type || ' check',
            t.type,
            -- The check as its canary's spec lists it (below): its own name, what its type's form
            -- requires, its description and labels, so a save of the canary keeps it as it is.
            jsonb_strip_nulls(jsonb_build_object('name', ${app} || '-' || t.type || '-' || i,
              'description', 'Demo ' || t.type || ' check',
              'endpoint', ${app} || '.' || ${namespace} || '.svc.cluster.local',
              -- Run Now really probes something: this server's own endpoints (a path is sent to the
              -- server's origin), one in four an address it does not serve, so that one fails.
              'url', CASE WHEN t.type = 'http' THEN
                       CASE WHEN opsdeck.seed_hash($1 || ':url:' || i) % 4 = 0 THEN '/api/about/missing'
                            ELSE '/api/about' END
                     WHEN t.type = 'postgres' THEN
                       'postgres://' || ${app} || '-db.' || ${namespace} || '.svc.cluster.local:5432/' || ${app}
                     WHEN t.type = 'prometheus' THEN 'http://prometheus.monitoring.svc.cluster.local:9090' END,
              'server', CASE WHEN t.type = 'dns' THEN 'kube-dns.kube-system.svc.cluster.local' END,
              'query', CASE WHEN t.type = 'dns' THEN ${app} || '.' || ${namespace} || '.svc.cluster.local'
                            WHEN t.type = 'postgres' THEN 'SELECT 1'
                            WHEN t.type = 'prometheus' THEN 'up{app="' || ${app} || '"}' END,
              'kind', CASE WHEN t.type = 'kubernetes' THEN 'Deployment' END,
              'script', CASE WHEN t.type = 'exec' THEN 'test -n ' || ${app} END,
              'labels', l.labels)),
            l.labels,
            ${pick('$7::text[]', 'owner', canary)},
            (ARRAY['info', 'low', 'medium', 'high', 'critical'])[1 + opsdeck.seed_hash($1 || ':sev:' || i) % 5],
            CASE WHEN ${profile} < 97 AND EXISTS (SELECT 1 FROM (${outageSql}) x WHERE x.ago = 0)
                 THEN 'unhealthy' ELSE 'healthy' END,
            NULL,
            $2::timestamptz + interval '5 minutes',
            NULL,
            $2::timestamptz - interval '40 days',
            $2::timestamptz - make_interval(mins => opsdeck.seed_hash($1 || ':upd:' || i) % 600)
     FROM generate_series(0, ${checkCount - 1}) i,
     LATERAL (SELECT ${pick('$8::text[]', 'type', 'i')} AS type) t,
     LATERAL (SELECT
              jsonb_strip_nulls(jsonb_build_object(
              'app', ${app},
              'critical', CASE WHEN opsdeck.seed_hash($1 || ':crit:' || i) % 4 = 0 THEN 'true' ELSE 'false' END,
              'tier', CASE WHEN opsdeck.seed_hash($1 || ':tier:' || i) % 3 = 0 THEN 'frontend'
                           WHEN opsdeck.seed_hash($1 || ':tier:' || i) % 3 = 1 THEN 'backend' END,
              'public', CASE WHEN opsdeck.seed_hash($1 || ':pub:' || i) % 5 = 0 THEN 'true' END)) AS labels) l
     WHERE ${everyParam}`,
    params,
  );
  // Each canary's spec lists its checks (a spec without them would delete them softly on its
  // first save from the editor); they are already as listed, so the sync trigger changes none.
  await db.query(
    `UPDATE canaries c SET spec = c.spec || listed.checks
     FROM (SELECT canary_id, jsonb_object_agg(type, entries) AS checks
           FROM (SELECT canary_id, type, jsonb_agg(spec ORDER BY name) AS entries
                 FROM checks WHERE deleted_at IS NULL GROUP BY canary_id, type) by_type
           GROUP BY canary_id) listed
     WHERE c.id = listed.canary_id
       AND c.id IN (SELECT opsdeck.seed_uuid($1 || ':canary:' || i) FROM generate_series(0, ${canaryCount - 1}) i)`,
    [seed],
  );

  // Whether a slot falls in one of the check's outages (unrolled: no set-returning call per row).
  const inOutage = Array.from(
    { length: MAX_OUTAGES },
    (_, k) =>
      `coalesce(o.minutes BETWEEN c.ends[${k + 1}] AND c.ends[${k + 1}] + c.lengths[${k + 1}], false)`,
  ).join(' OR ');
  const latency = Object.entries(LATENCY)
    .map(([type, { low, span }]) => `('${type}', ${low}, ${span})`)
    .join(', ');
  const failures = Object.entries(FAILURES)
    .flatMap(([type, modes]) =>
      modes.map(
        (mode, n) =>
          `('${type}', ${n}, ${modes.length}, '${mode.error}', ${mode.fixed}, ${mode.ofBase}, ${mode.spread})`,
      ),
    )
    .join(', ');

  // Every 25th check also runs every 10 minutes over the last day, so some checks have several pages
  // of history in every range (the check modal's pager), without multiplying the rows of all 50k.
  // Slots number the per-run draws; the busy rows take their own range so they don't repeat them.
  // Per check, its type, latency, way of failing and outages are worked out once (materialized).
  for (let from = 0; from < checkCount; from += HISTORY_CHUNK) {
    const to = Math.min(checkCount, from + HISTORY_CHUNK) - 1;
    await db.query(
      `WITH c AS MATERIALIZED (
         SELECT i, opsdeck.seed_uuid($1 || ':check:' || i) AS id,
                opsdeck.seed_hash($1 || ':sec:' || i) % 60 AS secs,
                b.base, f.error, f.fixed, f.of_base, f.spread, d.ends, d.lengths
         FROM generate_series(${from}, ${to}) i
         CROSS JOIN LATERAL (SELECT ${pick('$4::text[]', 'type', 'i')} AS type) t
         CROSS JOIN LATERAL (SELECT l.low + opsdeck.seed_hash($1 || ':lat:' || i) % l.span AS base
                             FROM (VALUES ${latency}) l(type, low, span) WHERE l.type = t.type) b
         CROSS JOIN LATERAL (SELECT f.* FROM (VALUES ${failures}) f(type, n, modes, error, fixed, of_base, spread)
                             WHERE f.type = t.type AND f.n = opsdeck.seed_hash($1 || ':fail:' || i) % f.modes) f
         CROSS JOIN LATERAL (SELECT array_agg(ago) AS ends, array_agg(length) AS lengths FROM (${outageSql}) x) d
         WHERE ${profile} < 97),
       slots AS (
         SELECT u.minutes, u.n AS slot, false AS busy FROM unnest($3::int[]) WITH ORDINALITY AS u(minutes, n)
         UNION ALL
         SELECT u.minutes, u.n + 1000, true FROM unnest($5::int[]) WITH ORDINALITY AS u(minutes, n))
       INSERT INTO check_statuses (check_id, time, status, invalid, duration, message, error, created_at)
       SELECT c.id,
              $2::timestamptz - make_interval(mins => o.minutes, secs => c.secs),
              pass,
              false,
              CASE WHEN pass THEN base + opsdeck.seed_hash($1 || ':d:' || i || ':' || o.slot) % (base / 2 + 1)
                   ELSE c.fixed + base * c.of_base / 100 + opsdeck.seed_hash($1 || ':d:' || i || ':' || o.slot) % (c.spread + 1) END,
              CASE WHEN pass THEN 'OK' ELSE 'Check failed' END,
              CASE WHEN pass THEN NULL ELSE c.error END,
              $2::timestamptz
       FROM c JOIN slots o ON NOT o.busy OR c.i % ${BUSY_EVERY} = 0
       CROSS JOIN LATERAL (SELECT NOT (${inOutage}) AS pass) v`,
      [seed, nowIso, historyOffsets(), CHECK_TYPES, busyHistoryOffsets()],
    );
    // What the health page shows of a check is its newest run, and when its status last turned (its
    // status was set as it was made: an update of it would be stamped with the clock's now()).
    const fromHistory = `
       FROM (SELECT check_id,
                    max(time) AS newest,
                    coalesce(max(time) FILTER (WHERE status <> before), min(time)) AS turned
             FROM (SELECT check_id, time, status,
                          lag(status) OVER (PARTITION BY check_id ORDER BY time) AS before
                   FROM check_statuses
                   WHERE check_id IN (SELECT opsdeck.seed_uuid($1 || ':check:' || i)
                                      FROM generate_series(${from}, ${to}) i)) w
             GROUP BY check_id) s
       WHERE c.id = s.check_id`;
    await db.query(
      `UPDATE checks c SET last_runtime = s.newest, last_transition_time = s.turned ${fromHistory}`,
      [seed],
    );
  }
  const { rows } = await db.query<{ count: number }>(
    'SELECT count(*) AS count FROM check_statuses',
  );
  return { canaries: canaryCount, checkStatuses: rows[0]?.count ?? 0 };
}
