-- Every check transition leaves a record, and a rule that did not match leaves no row of its own
-- (issue 34's trace and write load). Until now an event was queued only while some rule listened
-- to it (002), so a transition nobody listened to left nothing for /notifications/trace to show;
-- and each non-matching rule was a `skipped` send-history row (100 rules: 100 rows per event).
-- Now a check's transition is always queued, and the engine writes one notification_decided_events
-- row per event it decides (in the transaction of that event's send-history rows, so they share
-- created_at), listing the rules that did not match and why in `unmatched`.

CREATE TABLE IF NOT EXISTS opsdeck.notification_decided_events (
  id bigserial PRIMARY KEY,
  event text NOT NULL,
  resource_kind text NOT NULL,
  resource_id uuid NOT NULL,
  -- How many live rules listened to the event when it was decided (0: no rule listens).
  rule_count integer NOT NULL DEFAULT 0,
  -- [{rule_id, reason}]: the listening rules whose filter did not match.
  unmatched jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS notification_decided_events_created_idx
  ON opsdeck.notification_decided_events (created_at);

-- A check's transition is queued whether or not a rule listens (a cheap row, decided at once);
-- other events still only while some live rule listens to them.
CREATE OR REPLACE FUNCTION opsdeck.enqueue_notification_event(event text, kind text, id uuid)
RETURNS void AS $$
BEGIN
  IF kind = 'check' OR EXISTS (
    SELECT 1 FROM notifications WHERE deleted_at IS NULL AND event = ANY (events)
  ) THEN
    INSERT INTO opsdeck.notification_events (event, resource_kind, resource_id)
    VALUES (event, kind, id);
  END IF;
END
$$ LANGUAGE plpgsql;

-- The trace view (004) over both records: a transition is a decided event of a check (or, from
-- before this migration, a group of send-history rows); its decisions are its send-history rows
-- and its unmatched rules. An empty list means no rule listened.
DROP VIEW IF EXISTS notification_check_transitions;
CREATE VIEW notification_check_transitions AS
  SELECT
    t.resource_id::text || '@' || t.source_event || '@' ||
      to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS id,
    t.resource_id AS check_id,
    c.name AS check_name,
    c.type AS check_type,
    c.status AS check_status,
    t.source_event,
    CASE WHEN t.source_event = 'check.passed' THEN 'healthy' ELSE 'unhealthy' END AS status,
    t.created_at,
    d.decision_count,
    d.matched_count,
    d.decisions
  FROM (
    SELECT resource_id, event AS source_event, created_at
      FROM opsdeck.notification_decided_events
     WHERE event IN ('check.passed', 'check.failed')
    UNION
    SELECT resource_id, source_event, created_at
      FROM notification_send_history
     WHERE source_event IN ('check.passed', 'check.failed')
  ) t
  JOIN checks c ON c.id = t.resource_id
  CROSS JOIN LATERAL (
    SELECT
      count(*)::int AS decision_count,
      (count(*) FILTER (WHERE x.status <> 'skipped'))::int AS matched_count,
      coalesce(jsonb_agg(x.decision ORDER BY x.rule_name, x.sort_key), '[]'::jsonb) AS decisions
    FROM (
      SELECT h.status, n.name AS rule_name, h.id::text AS sort_key,
        jsonb_build_object(
          'id', h.id,
          'rule_id', h.notification_id,
          'rule_name', n.name,
          'status', h.status,
          'reason', h.reason,
          'error', h.error,
          'silenced_by', h.silenced_by,
          'silence_name', coalesce(s.name, s.description)
        ) AS decision
      FROM notification_send_history h
      LEFT JOIN notifications n ON n.id = h.notification_id
      LEFT JOIN notification_silences s ON s.id = h.silenced_by
      WHERE h.resource_id = t.resource_id AND h.source_event = t.source_event
        AND h.created_at = t.created_at
      UNION ALL
      SELECT 'skipped', n.name, u.rule_id::text,
        jsonb_build_object(
          'id', e.id::text || ':' || u.rule_id::text,
          'rule_id', u.rule_id,
          'rule_name', n.name,
          'status', 'skipped',
          'reason', u.reason,
          'error', NULL,
          'silenced_by', NULL,
          'silence_name', NULL
        )
      FROM opsdeck.notification_decided_events e
      CROSS JOIN LATERAL jsonb_to_recordset(e.unmatched) AS u(rule_id uuid, reason text)
      LEFT JOIN notifications n ON n.id = u.rule_id
      WHERE e.resource_id = t.resource_id AND e.event = t.source_event
        AND e.created_at = t.created_at
    ) x
  ) d;

-- A rule's fields the CRD gives and the table did not keep (reference §5, duty
-- schema/notifications.hcl): the evaluation period after waitFor, grouping, and the fallback
-- recipient a send goes to when the first one failed.
ALTER TABLE notifications ADD COLUMN IF NOT EXISTS wait_for_eval_period text;
ALTER TABLE notifications ADD COLUMN IF NOT EXISTS group_by text[];
ALTER TABLE notifications ADD COLUMN IF NOT EXISTS group_by_interval text;
ALTER TABLE notifications ADD COLUMN IF NOT EXISTS fallback_delay text;
ALTER TABLE notifications ADD COLUMN IF NOT EXISTS fallback_custom_services jsonb;
ALTER TABLE notifications ADD COLUMN IF NOT EXISTS fallback_person_id uuid REFERENCES people (id);
ALTER TABLE notifications ADD COLUMN IF NOT EXISTS fallback_team_id uuid REFERENCES teams (id);
ALTER TABLE notifications ADD COLUMN IF NOT EXISTS fallback_playbook_id uuid REFERENCES playbooks (id);
