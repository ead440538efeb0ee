import { Hono } from 'hono';
import { requireAccess } from '../../auth/middleware.ts';
import type { SqlRunner } from '../../db/database.ts';
import type { AppEnv } from '../../http/env.ts';
import { badRequest, notFound } from '../../http/errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INCIDENT_ID = /^INC-[0-9]{1,9}$/;

/** At most this many entries of each source: a check flapping for weeks must not make a 50 MB reply. */
export const TIMELINE_LIMIT = 1000;

/** Who did something, as the console's avatars draw them. */
interface Actor {
  id: string;
  name: string;
  avatar: string | null;
}

/** A row of incident_histories, with what it names. */
export interface HistoryEntry {
  kind: 'history';
  at: string;
  id: string;
  type: string;
  description: string | null;
  created_by: Actor | null;
  hypothesis: { id: string; title: string; type: string; status: string | null } | null;
  evidence: { id: string; description: string | null; type: string } | null;
  responder: { id: string; person: Actor | null; team: Actor | null } | null;
  comment: { id: string; comment: string } | null;
}

/** An attached check whose status turned (or its first result) inside the window. */
export interface CheckStatusEntry {
  kind: 'check_status';
  at: string;
  evidence_id: string;
  check: { id: string; name: string; type: string | null; icon: string | null };
  status: 'healthy' | 'unhealthy';
  message: string | null;
  error: string | null;
}

/** A change of an attached config inside the window. */
export interface ConfigChangeEntry {
  kind: 'config_change';
  at: string;
  evidence_id: string;
  config: { id: string; name: string | null; type: string | null };
  change: {
    id: string;
    change_type: string;
    severity: string | null;
    source: string | null;
    summary: string | null;
  };
}

export type TimelineEntry = HistoryEntry | CheckStatusEntry | ConfigChangeEntry;

export interface Timeline {
  incident: {
    id: string;
    incident_id: string | null;
    title: string;
    status: string;
    created_at: string;
  };
  /** From the incident's creation to when it was resolved, closed or cancelled (else now). */
  window: { from: string; to: string; open: boolean };
  /** Oldest first. */
  entries: TimelineEntry[];
  /** Some check statuses or config changes were left out (more than TIMELINE_LIMIT of one source). */
  truncated: boolean;
}

interface IncidentRow {
  id: string;
  incident_id: string | null;
  title: string;
  status: string;
  created_at: string;
  window_to: string | null;
}

// The incident, and the end of its window: the closed or resolved time, else the last history row
// that moved it to a final status, while its status is still final.
const incidentSql = `
SELECT i.id, i.incident_id, i.title, i.status, i.created_at,
       CASE WHEN i.status IN ('resolved', 'closed', 'cancelled') THEN coalesce(i.closed, i.resolved, (
         SELECT max(h.created_at) FROM incident_histories h
          WHERE h.incident_id = i.id AND h.type = 'incident.status_updated'
            AND h.description IN ('resolved', 'closed', 'cancelled')), i.updated_at)
       END AS window_to
  FROM incidents i`;

// One pass over the three sources, each row a JSON entry, in time order. $1 the incident's id,
// $2 and $3 the window, $4 the per-source limit (one more than returned, to tell a cut).
const entriesSql = `
WITH attached AS (
  SELECT e.id, e.created_at, e.check_id,
         coalesce(e.config_id, (SELECT cc.config_id FROM config_changes cc
                                 WHERE cc.id = e.config_change_id)) AS config_id
    FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id
   WHERE h.incident_id = $1
), attached_checks AS (
  SELECT DISTINCT ON (check_id) check_id, id AS evidence_id
    FROM attached WHERE check_id IS NOT NULL ORDER BY check_id, created_at, id
), attached_configs AS (
  SELECT DISTINCT ON (config_id) config_id, id AS evidence_id
    FROM attached WHERE config_id IS NOT NULL ORDER BY config_id, created_at, id
), statuses AS (
  SELECT a.evidence_id, s.check_id, s.time, s.status, s.message, s.error,
         lag(s.status) OVER (PARTITION BY s.check_id ORDER BY s.time) AS previous
    FROM attached_checks a
    CROSS JOIN LATERAL (
      (SELECT check_id, time, status, message, error FROM check_statuses
        WHERE check_id = a.check_id AND time < $2 ORDER BY time DESC LIMIT 1)
      UNION ALL
      (SELECT check_id, time, status, message, error FROM check_statuses
        WHERE check_id = a.check_id AND time >= $2 AND time <= $3)
    ) s
), check_entries AS (
  SELECT s.time AS at, 1 AS rank, s.check_id::text AS tie,
         json_build_object(
           'kind', 'check_status', 'at', s.time, 'evidence_id', s.evidence_id,
           'check', json_build_object('id', c.id, 'name', c.name, 'type', c.type, 'icon', c.icon),
           'status', CASE WHEN s.status THEN 'healthy' ELSE 'unhealthy' END,
           'message', s.message, 'error', s.error) AS entry
    FROM statuses s JOIN checks c ON c.id = s.check_id
   WHERE s.time >= $2 AND s.status IS NOT NULL AND s.status IS DISTINCT FROM s.previous
   ORDER BY s.time, s.check_id
   LIMIT $4
), change_entries AS (
  SELECT cc.created_at AS at, 2 AS rank, cc.id::text AS tie,
         json_build_object(
           'kind', 'config_change', 'at', cc.created_at, 'evidence_id', a.evidence_id,
           'config', json_build_object('id', ci.id, 'name', ci.name, 'type', ci.type),
           'change', json_build_object('id', cc.id, 'change_type', cc.change_type,
                                       'severity', cc.severity, 'source', cc.source,
                                       'summary', cc.summary)) AS entry
    FROM attached_configs a
    JOIN config_changes cc ON cc.config_id = a.config_id
    JOIN config_items ci ON ci.id = cc.config_id
   WHERE cc.created_at >= $2 AND cc.created_at <= $3
   ORDER BY cc.created_at, cc.id
   LIMIT $4
), history_entries AS (
  SELECT h.created_at AS at, 0 AS rank, h.id::text AS tie,
         json_build_object(
           'kind', 'history', 'at', h.created_at, 'id', h.id, 'type', h.type,
           'description', h.description,
           'created_by', (SELECT json_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar)
                            FROM people p WHERE p.id = h.created_by),
           'hypothesis', (SELECT json_build_object('id', y.id, 'title', y.title, 'type', y.type,
                                                   'status', y.status)
                            FROM hypothesis_records y WHERE y.id = h.hypothesis_id),
           'evidence', (SELECT json_build_object('id', e.id, 'description', e.description,
                                                 'type', e.type)
                          FROM evidence_records e WHERE e.id = h.evidence_id),
           'responder', (SELECT json_build_object(
                                  'id', r.id,
                                  'person', (SELECT json_build_object('id', p.id, 'name', p.name,
                                                                      'avatar', p.avatar)
                                               FROM people p WHERE p.id = r.person_id),
                                  'team', (SELECT json_build_object('id', t.id, 'name', t.name,
                                                                    'avatar', t.icon)
                                             FROM teams t WHERE t.id = r.team_id))
                           FROM responders r WHERE r.id = h.responder_id),
           'comment', (SELECT json_build_object('id', m.id, 'comment', m.comment)
                         FROM comment_records m WHERE m.id = h.comment_id)) AS entry
    FROM incident_histories h
   WHERE h.incident_id = $1
)
SELECT rank, entry::text AS entry FROM (
  SELECT * FROM history_entries
  UNION ALL SELECT * FROM check_entries
  UNION ALL SELECT * FROM change_entries
) AS timeline
ORDER BY at, rank, tie`;

/** The incident's story, or undefined when no incident has that id or INC- number. */
export async function incidentTimeline(
  db: SqlRunner,
  idOrNumber: string,
): Promise<Timeline | undefined> {
  // By key, either way: the primary key or incident_id's unique index.
  const where = UUID.test(idOrNumber) ? 'WHERE i.id = $1::uuid' : 'WHERE i.incident_id = $1';
  const { rows } = await db.query<IncidentRow>(`${incidentSql} ${where}`, [idOrNumber]);
  const incident = rows[0];
  if (!incident) return undefined;
  const { rows: now } = await db.query<{ now: string }>('SELECT now() AS now');
  const to = incident.window_to ?? now[0]!.now;
  const { rows: entries } = await db.query<{ rank: number; entry: string }>(entriesSql, [
    incident.id,
    incident.created_at,
    to,
    TIMELINE_LIMIT + 1,
  ]);
  const counts = [0, 0, 0];
  const kept: TimelineEntry[] = [];
  for (const row of entries) {
    const rank = Number(row.rank);
    counts[rank] = (counts[rank] ?? 0) + 1;
    // The one beyond the limit was read only to tell that the source was cut.
    if (rank > 0 && counts[rank]! > TIMELINE_LIMIT) continue;
    kept.push(JSON.parse(row.entry) as TimelineEntry);
  }
  return {
    incident: {
      id: incident.id,
      incident_id: incident.incident_id,
      title: incident.title,
      status: incident.status,
      created_at: incident.created_at,
    },
    window: { from: incident.created_at, to, open: incident.window_to === null },
    entries: kept,
    truncated: counts.some((count, rank) => rank > 0 && count > TIMELINE_LIMIT),
  };
}

/**
 * GET /api/incidents/{id}/timeline: `id` is the incident's uuid or its INC- number. Anyone who may
 * read incidents may read it (object `incident`).
 */
export function timelineRoutes(db: SqlRunner) {
  const app = new Hono<AppEnv>();
  app.get('/:id/timeline', requireAccess('incident', 'read'), async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id) && !INCIDENT_ID.test(id))
      throw badRequest('id must be an incident id (a uuid) or its number (INC-12)');
    const timeline = await incidentTimeline(db, id);
    if (!timeline) throw notFound(`incident ${id} not found`);
    return c.json(timeline);
  });
  return app;
}
