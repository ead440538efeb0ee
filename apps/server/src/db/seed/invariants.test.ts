// The demo estate agrees with itself (issue 29, "A demo estate an SRE would believe"): what the
// console shows of the seeded database must never contradict itself, on PGlite and PostgreSQL.
// Each invariant is a query for the rows that break it, so a failure names them.
import { createAuthorizer } from '@opsdeck/rbac';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases.ts';
import type { Database } from '../database.ts';
import { seedDemo } from './demo.ts';

const NOW = new Date('2025-03-01T12:00:00Z');

// What a probe of each type plausibly takes when it passes, in ms: a resolver or a ping answers in
// milliseconds, an exec or a Kubernetes query may take seconds.
const PASSING_MAX_MS: Record<string, number> = {
  dns: 300,
  icmp: 300,
  tcp: 500,
  postgres: 1_000,
  http: 3_000,
  prometheus: 3_000,
  kubernetes: 5_000,
  exec: 30_000,
};

describe.each(testDatabases('one'))('the demo estate on $engine', (target) => {
  let db: Database;
  // Every person's roles, as the role matrix reads them.
  let roles: Map<string, string[]>;
  const may = (
    person: string | null,
    check: (can: ReturnType<typeof createAuthorizer>) => boolean,
  ) => person !== null && check(createAuthorizer({ roles: roles.get(person) ?? [] }));

  beforeAll(async () => {
    db = await target.open();
    await seedDemo(db, { checks: 120, now: NOW });
    const { rows } = await db.query<{ person_id: string; role: string }>(
      'SELECT person_id, role FROM opsdeck.person_roles',
    );
    roles = new Map();
    for (const row of rows)
      roles.set(row.person_id, [...(roles.get(row.person_id) ?? []), row.role]);
  });
  afterAll(() => target.release());

  const rows = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    (await db.query<T & Record<string, unknown>>(sql, params)).rows as T[];

  describe('playbook runs', () => {
    it('has runs in every state the console shows', async () => {
      const statuses = await rows<{ status: string }>(
        'SELECT DISTINCT status FROM playbook_runs ORDER BY status',
      );
      expect(statuses.map((row) => row.status)).toEqual(
        expect.arrayContaining([
          'completed',
          'failed',
          'running',
          'scheduled',
          'pending_approval',
          'cancelled',
        ]),
      );
    });

    it('runs nothing past its timeout, nor once its actions have all ended', async () => {
      expect(
        await rows(
          `SELECT r.id, r.start_time, r.timeout FROM playbook_runs r
           WHERE r.status = 'running'
             AND (r.start_time IS NULL OR r.start_time > $1::timestamptz OR r.timeout IS NULL
                  OR r.start_time + make_interval(secs => r.timeout / 1e9) <= $1::timestamptz
                  OR NOT EXISTS (SELECT 1 FROM playbook_run_actions a
                                 WHERE a.playbook_run_id = r.id AND a.end_time IS NULL))`,
          [NOW],
        ),
      ).toEqual([]);
    });

    it('has no scheduled run due in the past that never started, and nothing ends in the future', async () => {
      expect(
        await rows(
          `SELECT id, status, scheduled_time FROM playbook_runs
           WHERE (status = 'scheduled' AND (scheduled_time < $1::timestamptz OR start_time IS NOT NULL))
              OR (status = 'pending_approval' AND start_time IS NOT NULL)`,
          [NOW],
        ),
      ).toEqual([]);
      expect(
        await rows(
          `SELECT id, status, start_time, end_time FROM playbook_runs
           WHERE created_at > $1::timestamptz OR start_time > $1::timestamptz
              OR end_time > $1::timestamptz OR start_time < created_at
              OR (end_time IS NOT NULL AND (start_time IS NULL OR end_time < start_time))
              OR ((status IN ('completed', 'failed', 'cancelled', 'timed_out')) <> (end_time IS NOT NULL))`,
          [NOW],
        ),
      ).toEqual([]);
    });

    it('was asked for by someone the role matrix lets run playbooks', async () => {
      const runs = await rows<{ id: string; created_by: string | null }>(
        'SELECT id, created_by FROM playbook_runs',
      );
      expect(runs.length).toBeGreaterThan(0);
      expect(
        runs.filter((run) => !may(run.created_by, (can) => can.canDo('playbooks.run'))),
      ).toEqual([]);
    });

    it('times every action within its run', async () => {
      expect(
        await rows(
          `SELECT a.id, a.name, a.start_time, a.end_time, r.start_time AS run_start, r.end_time AS run_end
           FROM playbook_run_actions a JOIN playbook_runs r ON r.id = a.playbook_run_id
           WHERE r.start_time IS NULL
              OR a.start_time < r.start_time
              OR a.end_time < a.start_time
              OR a.end_time > coalesce(r.end_time, $1::timestamptz)
              OR (r.end_time IS NOT NULL AND a.start_time IS NOT NULL AND a.end_time IS NULL)`,
          [NOW],
        ),
      ).toEqual([]);
    });

    it('was approved only by a listed approver who may approve and did not ask for it', async () => {
      const approvals = await rows<{
        run: string;
        requester: string | null;
        approver: string | null;
        email: string | null;
        team: string | null;
        in_team: boolean;
        people: string[] | null;
        teams: string[] | null;
        in_time: boolean;
      }>(
        `SELECT r.id AS run, r.created_by AS requester, a.person_id AS approver, p.email, t.name AS team,
                EXISTS (SELECT 1 FROM team_members m WHERE m.team_id = a.team_id AND m.person_id = a.person_id) AS in_team,
                ARRAY(SELECT jsonb_array_elements_text(r.spec->'approval'->'approvers'->'people')) AS people,
                ARRAY(SELECT jsonb_array_elements_text(r.spec->'approval'->'approvers'->'teams')) AS teams,
                (a.created_at >= r.created_at AND a.created_at <= coalesce(r.start_time, $1::timestamptz)) AS in_time
         FROM playbook_approvals a JOIN playbook_runs r ON r.id = a.run_id
         LEFT JOIN people p ON p.id = a.person_id LEFT JOIN teams t ON t.id = a.team_id`,
        [NOW],
      );
      expect(approvals.length).toBeGreaterThan(0);
      const wrong = approvals.filter(
        (a) =>
          !a.in_time ||
          a.approver === a.requester ||
          !may(a.approver, (can) => can.canDo('playbooks.approve')) ||
          (a.team ? !a.in_team || !a.teams?.includes(a.team) : !a.people?.includes(a.email ?? '')),
      );
      expect(wrong).toEqual([]);
    });
  });

  describe('checks', () => {
    it('transitioned when their history last changed status, and show their newest result', async () => {
      expect(
        await rows(
          `WITH ordered AS (
             SELECT check_id, time, status,
                    lag(status) OVER (PARTITION BY check_id ORDER BY time) AS before
             FROM check_statuses),
           summary AS (
             SELECT check_id,
                    coalesce(max(time) FILTER (WHERE before IS NOT NULL AND status <> before), min(time)) AS turned,
                    max(time) AS newest
             FROM ordered GROUP BY check_id)
           SELECT c.name, c.last_transition_time, s.turned, c.status, c.last_runtime, s.newest
           FROM checks c JOIN summary s ON s.check_id = c.id
           WHERE c.last_transition_time IS DISTINCT FROM s.turned
              OR c.last_runtime IS DISTINCT FROM s.newest
              OR c.status <> (SELECT CASE WHEN x.status THEN 'healthy' ELSE 'unhealthy' END
                              FROM check_statuses x WHERE x.check_id = c.id AND x.time = s.newest LIMIT 1)`,
        ),
      ).toEqual([]);
      // A check never run has no transition to show.
      expect(
        await rows(
          `SELECT name FROM checks c WHERE last_transition_time IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM check_statuses s WHERE s.check_id = c.id)`,
        ),
      ).toEqual([]);
    });

    it('turn and recover: some checks failed and passed again within the history', async () => {
      const [recovered] = await rows<{ n: number }>(
        `SELECT count(DISTINCT check_id)::int AS n FROM (
           SELECT check_id, status, lag(status) OVER (PARTITION BY check_id ORDER BY time) AS before
           FROM check_statuses) s WHERE status AND before = false`,
      );
      expect(recovered!.n).toBeGreaterThan(5);
    });

    it('take as long as their type plausibly takes, and as long as their error says', async () => {
      const durations = await rows<{
        type: string;
        status: boolean;
        duration: number;
        error: string | null;
      }>(
        `SELECT c.type, s.status, s.duration, s.error FROM check_statuses s JOIN checks c ON c.id = s.check_id`,
      );
      const implausible = durations.filter((row) => {
        if (row.duration <= 0) return true;
        if (row.status) return row.duration > (PASSING_MAX_MS[row.type] ?? 0);
        const timeout = /timeout after (\d+)s/.exec(row.error ?? '');
        if (timeout) return row.duration < Number(timeout[1]) * 1000;
        if (/connection refused/.test(row.error ?? '')) return row.duration > 1_000;
        return row.duration > (PASSING_MAX_MS[row.type] ?? 0) * 2;
      });
      expect(implausible.slice(0, 10)).toEqual([]);
      // Failures are not all alike: a refused connection fails fast, a timeout takes its time.
      const failing = durations.filter((row) => !row.status).map((row) => row.duration);
      expect(Math.min(...failing)).toBeLessThan(100);
      expect(Math.max(...failing)).toBeGreaterThanOrEqual(5_000);
    });

    it('are grouped (by canary) with related checks: one app, namespace and agent', async () => {
      expect(
        await rows(
          `SELECT k.name, count(DISTINCT c.namespace) AS namespaces,
                  count(DISTINCT c.labels->>'app') AS apps, count(DISTINCT c.agent_id) AS agents
           FROM canaries k JOIN checks c ON c.canary_id = k.id
           GROUP BY k.id, k.name
           HAVING count(DISTINCT c.namespace) > 1 OR count(DISTINCT c.labels->>'app') > 1
               OR count(DISTINCT c.agent_id) > 1 OR bool_or(c.namespace <> k.namespace)
               OR bool_or(c.agent_id <> k.agent_id)`,
        ),
      ).toEqual([]);
    });
  });

  describe('incidents', () => {
    it('began after a check they name had failed, and that check was failing when they did', async () => {
      const named = await rows<{ title: string; check: string; failing: boolean | null }>(
        `SELECT DISTINCT i.title, c.name AS check,
                (SELECT s.status = false FROM check_statuses s
                  WHERE s.check_id = e.check_id AND s.time <= i.created_at
                  ORDER BY s.time DESC LIMIT 1) AS failing
         FROM incidents i JOIN hypotheses h ON h.incident_id = i.id JOIN evidences e ON e.hypothesis_id = h.id
         JOIN checks c ON c.id = e.check_id`,
      );
      expect(named.length).toBeGreaterThan(0);
      expect(named.filter((row) => row.failing !== true)).toEqual([]);
    });

    it('has its history, comments and evidence after it began, before now, by people who may act', async () => {
      const parts = await rows<{
        part: string;
        id: string;
        created_by: string | null;
        in_time: boolean;
      }>(
        `SELECT 'incident' AS part, i.id::text, i.created_by, i.created_at <= $1::timestamptz AS in_time FROM incidents i
         UNION ALL
         SELECT 'history:' || h.type, h.id::text, h.created_by, h.created_at BETWEEN i.created_at AND $1::timestamptz
           FROM incident_histories h JOIN incidents i ON i.id = h.incident_id
         UNION ALL
         SELECT 'comment', c.id::text, c.created_by, c.created_at BETWEEN i.created_at AND $1::timestamptz
           FROM comments c JOIN incidents i ON i.id = c.incident_id
         UNION ALL
         SELECT 'evidence', e.id::text, e.created_by, e.created_at BETWEEN i.created_at AND $1::timestamptz
           FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id JOIN incidents i ON i.id = h.incident_id
         UNION ALL
         SELECT 'hypothesis', x.id::text, x.created_by, x.created_at BETWEEN i.created_at AND $1::timestamptz
           FROM hypotheses x JOIN incidents i ON i.id = x.incident_id
         UNION ALL
         SELECT 'responder', r.id::text, r.created_by, r.created_at BETWEEN i.created_at AND $1::timestamptz
           FROM responders r JOIN incidents i ON i.id = r.incident_id`,
        [NOW],
      );
      expect(parts.length).toBeGreaterThan(0);
      expect(
        parts.filter(
          (part) =>
            !part.in_time ||
            (part.created_by !== null &&
              !may(part.created_by, (can) => can.can('incident', 'write'))),
        ),
      ).toEqual([]);
      // The incident was created by someone: the history's first word has an author.
      expect(parts.filter((part) => part.part === 'incident' && part.created_by === null)).toEqual(
        [],
      );
    });

    it('moves through its statuses in the workflow’s order', async () => {
      const changes = await rows<{
        incident: string;
        status: string;
        acknowledged: string | null;
        resolved: string | null;
        closed: string | null;
        created_at: string;
      }>(
        `SELECT id AS incident, status, acknowledged, resolved, closed, created_at FROM incidents`,
      );
      for (const row of changes) {
        const times = [row.created_at, row.acknowledged, row.resolved, row.closed]
          .filter((time): time is string => time !== null)
          .map((time) => new Date(time).getTime());
        expect(times, row.incident).toEqual([...times].sort((a, b) => a - b));
        expect(Math.max(...times), row.incident).toBeLessThanOrEqual(NOW.getTime());
      }
    });
  });
});
