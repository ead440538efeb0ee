-- The trace page's view (issue 34, "Traceable"): each check transition the engine decided, with
-- every rule's decision about it in one row. The engine writes one send-history row per rule (per
-- recipient when due) of an event in one transaction, so the rows of one event share their
-- resource, their source event and their created_at (now(), the transaction's time): that triple
-- is the transition. /api/db cannot group, hence a view; it is read-only (service.ts).

DROP VIEW IF EXISTS notification_check_transitions;
CREATE VIEW notification_check_transitions AS
  SELECT
    h.resource_id::text || '@' || h.source_event || '@' ||
      to_char(h.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS id,
    h.resource_id AS check_id,
    c.name AS check_name,
    c.type AS check_type,
    c.status AS check_status,
    h.source_event,
    CASE WHEN h.source_event = 'check.passed' THEN 'healthy' ELSE 'unhealthy' END AS status,
    h.created_at,
    count(*)::int AS decision_count,
    (count(*) FILTER (WHERE h.status NOT IN ('skipped')))::int AS matched_count,
    jsonb_agg(
      jsonb_build_object(
        'id', h.id,
        'rule_id', h.notification_id,
        'rule_name', n.name,
        'status', h.status,
        'reason', h.reason,
        'error', h.error,
        'silenced_by', h.silenced_by,
        'silence_name', coalesce(s.name, s.description)
      ) ORDER BY n.name, h.id
    ) AS decisions
  FROM notification_send_history h
  JOIN checks c ON c.id = h.resource_id
  LEFT JOIN notifications n ON n.id = h.notification_id
  LEFT JOIN notification_silences s ON s.id = h.silenced_by
  WHERE h.source_event IN ('check.passed', 'check.failed')
  GROUP BY h.resource_id, h.source_event, h.created_at, c.name, c.type, c.status;

-- The page reads the last 24 h, newest first (and so does the send history page).
CREATE INDEX IF NOT EXISTS notification_send_history_created_idx
  ON notification_send_history (created_at);
