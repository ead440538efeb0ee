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
            jsonb_strip_nulls(jsonb_build_object('name', ${pick('$5::text[]', 'app', 'i')} || '-' || i,
              'endpoint', ${pick('$5::text[]', 'app', 'i')} || '.' || ${pick('$4::text[]', 'ns', 'i')} || '.svc.cluster.local',
              -- Run Now really probes something: this server's own endpoints (a path is sent to the
              -- server's origin), one in four an address it does not serve, so that one fails.
              'url', CASE WHEN t.type = 'http' THEN
                       CASE WHEN opsdeck.seed_hash($1 || ':url:' || i) % 4 = 0 THEN '/api/about/missing'
                            ELSE '/api/about' END END)),
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
