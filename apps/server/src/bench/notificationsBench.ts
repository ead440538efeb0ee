// The notifications section of `pnpm bench` (issue 34): check transitions at 1,000 a minute (the
// canary runner's own recordResult, so the database's trigger queues each event) through the
// notification engine with 100 rules and 50 silences, sends going as real POSTs to a loopback
// receiver. Prints sends per second, the p95 decision latency (a transition written to all its
// rules decided) against a baseline of one rule and no silence measured first in the same run, and
// what was lost or duplicated: decisions per rule and sends received, each counted against what the
// rules and silences say it must be.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGliteDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { recordResult } from '../services/canary/runner.ts';
import { NotificationEngine } from '../services/notifications/engine.ts';

const TRANSITIONS = Number(process.env.BENCH_NOTIFICATION_TRANSITIONS ?? 1000);
const PER_MINUTE = Number(process.env.BENCH_NOTIFICATION_RATE ?? 1000);
const RULES = 100;
const SILENCES = 50;
const CHECKS = 200;
const TEAMS = 10;
// Checks 0…SILENCED-1 are silenced by id; the other silences are CEL filters matching nothing.
const SILENCED = SILENCES / 2;
const BASELINE_TRANSITIONS = 50;
const LOOPBACK = { allowPrivate: true, allowLinkLocal: false };

function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;
const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

interface Rule {
  id: string;
  event: 'check.failed' | 'check.passed';
  team: number;
}

interface Run {
  transitions: number;
  decisions: number[];
  sent: number;
  sendSeconds: number;
  lost: number;
  duplicated: number;
  statuses: Record<string, number>;
}

/** What the runs share: one database with the checks, and the receiver of the webhooks. */
interface Bench {
  db: PGliteDatabase;
  checks: { id: string }[];
  healthy: boolean[];
  hook: string;
  /** POSTs the receiver answered. */
  received: number;
  close(): Promise<void>;
}

async function setUp(): Promise<Bench> {
  const db = await PGliteDatabase.open();
  await migrate(db);
  const { rows: checks } = await db.query<{ id: string }>(
    `WITH c AS (
       INSERT INTO canaries (name, namespace)
       SELECT 'bench-' || g, 'bench' FROM generate_series(0, $1::int - 1) AS g RETURNING id, name)
     INSERT INTO checks (canary_id, type, name, namespace, labels, status)
     SELECT c.id, 'http', c.name, 'bench',
            jsonb_build_object('team', 'team-' || (substr(c.name, 7)::int % $2::int)), 'healthy'
     FROM c ORDER BY substr(c.name, 7)::int RETURNING id`,
    [CHECKS, TEAMS],
  );
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      bench.received += 1;
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const bench: Bench = {
    db,
    checks,
    healthy: checks.map(() => true),
    hook: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    received: 0,
    close: async () => {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
      await db.close();
    },
  };
  return bench;
}

/** One engine run: `rules` rules and `silences` silences over CHECKS checks, paced at `perMinute`. */
async function engineRun(
  bench: Bench,
  options: { rules: number; silences: number; transitions: number; perMinute: number },
): Promise<Run> {
  const { db, checks, healthy, hook } = bench;
  // Each run with its own rules, silences and history only.
  await db.query(`UPDATE notifications SET deleted_at = now() WHERE deleted_at IS NULL`);
  await db.query(`UPDATE notification_silences SET deleted_at = now() WHERE deleted_at IS NULL`);
  await db.query(`DELETE FROM notification_send_history`);
  bench.received = 0;
  // Rule i listens to one event for one team: each transition matches rules/20 of them.
  const rules: Rule[] = [];
  for (let i = 0; i < options.rules; i += 1) {
    const rule = {
      event: Math.floor(i / TEAMS) % 2 === 0 ? 'check.failed' : 'check.passed',
      team: i % TEAMS,
    } as const;
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO notifications (name, namespace, events, filter, title, template, custom_services, source)
         VALUES ($1, 'bench', ARRAY[$2]::text[], $3, $4, 'status {{.check.status}}', $5::jsonb, 'UI')
         RETURNING id`,
      [
        `rule-${i}`,
        rule.event,
        `check.labels.team == 'team-${rule.team}'`,
        `rule-${i}: {{.check.name}} {{.check.status}}`,
        JSON.stringify([{ url: hook }]),
      ],
    );
    rules.push({ ...rule, id: rows[0]!.id });
  }
  for (let k = 0; k < options.silences; k += 1)
    await db.query(
      k < SILENCED
        ? `INSERT INTO notification_silences (name, namespace, check_id, source)
             VALUES ($1, 'bench', $2, 'UI')`
        : `INSERT INTO notification_silences (name, namespace, filter, source)
             VALUES ($1, 'bench', $2, 'UI')`,
      [`silence-${k}`, k < SILENCED ? checks[k]!.id : `check.labels.env == 'maintenance-${k}'`],
    );

  const engine = new NotificationEngine({ db, log: () => undefined, outbound: LOOPBACK });
  const emitted: number[] = [];
  const expected = new Map<string, { decided: number; sent: number }>();
  for (const rule of rules) expected.set(rule.id, { decided: 0, sent: 0 });
  let produced = false;
  let clock = Date.now();

  // The producer: one check after another turns, at the given rate.
  const producer = (async () => {
    const started = performance.now();
    for (let n = 0; n < options.transitions; n += 1) {
      const due = (n * 60_000) / options.perMinute;
      const wait = due - (performance.now() - started);
      if (wait > 0) await sleep(wait);
      const index = n % checks.length;
      const pass = !healthy[index];
      healthy[index] = pass;
      emitted.push(performance.now());
      await recordResult(db, checks[index]!.id, {
        name: 'bench',
        start: new Date((clock = Math.max(clock + 1, Date.now()))).toISOString(),
        pass,
        invalid: false,
        duration: 5,
        message: pass ? 'ok' : '',
        error: pass ? '' : 'connection refused',
      });
      const event = pass ? 'check.passed' : 'check.failed';
      for (const rule of rules) {
        if (rule.event !== event) continue;
        const counts = expected.get(rule.id)!;
        counts.decided += 1;
        if (rule.team === index % TEAMS && !(index < SILENCED && options.silences > 0))
          counts.sent += 1;
      }
    }
    produced = true;
  })();

  // The engine, as its job runs it: decide what is queued, then send what is due. Events are
  // taken in the order they were written, so the n-th taken is the n-th transition.
  const decisions: number[] = [];
  let taken = 0;
  let firstSend: number | undefined;
  let lastSend = 0;
  for (;;) {
    while ((await engine.takeEvents(1)) > 0) {
      decisions.push(performance.now() - emitted[taken]!);
      taken += 1;
    }
    const before = performance.now();
    const { sent } = await engine.sendDue();
    if (sent > 0) {
      firstSend ??= before;
      lastSend = performance.now();
    }
    if (produced && taken >= emitted.length) {
      const { rows } = await db.query<{ pending: number }>(
        `SELECT count(*)::int AS pending FROM notification_send_history WHERE status = 'pending'`,
      );
      if (rows[0]!.pending === 0) break;
    }
    if (sent === 0) await sleep(20);
  }
  await producer;

  // Lost and duplicated: each rule's decisions and sends against what it had to make, and each
  // send received once.
  // A rule's decision is a send-history row, or (its filter did not match) an entry in its event's
  // record of unmatched rules (notifications migration 005).
  const { rows: history } = await db.query<{ id: string; decided: number; sent: number }>(
    `SELECT id::text AS id, count(*)::int AS decided, count(*) FILTER (WHERE sent)::int AS sent
       FROM (SELECT notification_id AS id, status = 'sent' AS sent FROM notification_send_history
             UNION ALL
             SELECT (u->>'rule_id')::uuid, false FROM opsdeck.notification_decided_events e,
                    jsonb_array_elements(e.unmatched) u) d
      GROUP BY id`,
  );
  const byRule = new Map(history.map((row) => [row.id, row]));
  let lost = 0;
  let duplicated = 0;
  for (const [id, want] of expected) {
    const got = byRule.get(id) ?? { decided: 0, sent: 0 };
    lost += Math.max(0, want.decided - got.decided) + Math.max(0, want.sent - got.sent);
    duplicated += Math.max(0, got.decided - want.decided) + Math.max(0, got.sent - want.sent);
  }
  // Each send row's POST arrives once: more is a duplicate, fewer a loss (a send is recorded sent
  // only once its receiver answered).
  const sentRows = history.reduce((sum, row) => sum + row.sent, 0);
  duplicated += Math.max(0, bench.received - sentRows);
  lost += Math.max(0, sentRows - bench.received);
  const { rows: statuses } = await db.query<{ status: string; count: number }>(
    `SELECT status || coalesce(' (' || min(error) || ')', '') AS status, count(*)::int AS count
       FROM notification_send_history GROUP BY status
     UNION ALL
     SELECT 'not matched (one record per event)', coalesce(sum(jsonb_array_length(unmatched)), 0)::int
       FROM opsdeck.notification_decided_events
     ORDER BY status`,
  );
  return {
    transitions: taken,
    decisions,
    sent: bench.received,
    sendSeconds: firstSend === undefined ? 0 : (lastSend - firstSend) / 1000,
    lost,
    duplicated,
    statuses: Object.fromEntries(statuses.map((row) => [row.status, row.count])),
  };
}

export async function notificationsSection(report: (line: string) => void): Promise<void> {
  const bench = await setUp();
  try {
    await sections(bench, report);
  } finally {
    await bench.close();
  }
}

async function sections(bench: Bench, report: (line: string) => void): Promise<void> {
  const baseline = await engineRun(bench, {
    rules: 1,
    silences: 0,
    transitions: BASELINE_TRANSITIONS,
    perMinute: PER_MINUTE,
  });
  const baseP95 = percentile(baseline.decisions, 95);
  report(
    `notifications baseline: ${baseline.transitions} transitions, 1 rule, no silence: p95 decision ${ms(baseP95)}`,
  );
  const started = performance.now();
  const run = await engineRun(bench, {
    rules: RULES,
    silences: SILENCES,
    transitions: TRANSITIONS,
    perMinute: PER_MINUTE,
  });
  const seconds = (performance.now() - started) / 1000;
  const p95 = percentile(run.decisions, 95);
  report(
    `notifications: ${run.transitions} check transitions at ${PER_MINUTE}/min through ${RULES} rules and ${SILENCES} silences in ${seconds.toFixed(1)} s: ` +
      `${run.sent} sends, ${(run.sendSeconds > 0 ? run.sent / run.sendSeconds : 0).toFixed(1)} sends/s, ` +
      `p50 decision ${ms(percentile(run.decisions, 50))}, p95 decision ${ms(p95)} (x${(p95 / baseP95).toFixed(1)} of the baseline), ` +
      `lost ${run.lost}, duplicated ${run.duplicated}`,
  );
  report(
    `notifications outcomes: ${Object.entries(run.statuses)
      .map(([status, count]) => `${status} ${count}`)
      .join(', ')}`,
  );
  if (run.lost > 0 || run.duplicated > 0)
    throw new Error(`notifications: lost ${run.lost}, duplicated ${run.duplicated}`);
}
