-- The rules page's and the send history page's views (reference §5, duty views 015 and 021):
-- notifications_summary (each live rule with its send counts) and notification_send_history_summary
-- (each send with its resource). Made with DROP + CREATE so a later file may widen them.

ALTER TABLE notifications ADD COLUMN IF NOT EXISTS error_at timestamptz;
ALTER TABLE notifications ADD COLUMN IF NOT EXISTS wait_for text;

DROP VIEW IF EXISTS notifications_summary;
CREATE VIEW notifications_summary AS
  SELECT n.id, n.name, coalesce(n.namespace, '') AS namespace, n.error, n.error_at, n.title,
    n.events, n.filter, n.person_id, n.team_id, n.custom_services, n.created_at, n.updated_at,
    n.created_by, n.source, n.repeat_interval, n.wait_for,
    coalesce(h.pending, 0)::int AS pending,
    h.avg_duration_ms,
    coalesce(h.failed, 0)::int AS failed,
    coalesce(h.sent, 0)::int AS sent,
    (SELECT e.error FROM notification_send_history e
      WHERE e.notification_id = n.id AND e.error IS NOT NULL
      GROUP BY e.error ORDER BY count(*) DESC, e.error LIMIT 1) AS most_common_error,
    h.last_failed_at
  FROM notifications n
  LEFT JOIN (
    SELECT notification_id,
      count(*) FILTER (WHERE status = 'pending') AS pending,
      avg(duration_millis)::float8 AS avg_duration_ms,
      count(*) FILTER (WHERE error IS NOT NULL) AS failed,
      count(*) FILTER (WHERE status = 'sent') AS sent,
      max(created_at) FILTER (WHERE error IS NOT NULL) AS last_failed_at
    FROM notification_send_history GROUP BY notification_id
  ) h ON h.notification_id = n.id
  WHERE n.deleted_at IS NULL;

DROP VIEW IF EXISTS notification_send_history_summary;
CREATE VIEW notification_send_history_summary AS
  SELECT h.*, r.resource_tags, r.resource, r.resource_kind, r.resource_type,
    NULL::jsonb AS playbook_run
  FROM notification_send_history h
  LEFT JOIN LATERAL (
    SELECT NULL::jsonb AS resource_tags,
      jsonb_build_object('id', c.id, 'name', c.name, 'type', c.type, 'icon', c.icon,
        'health', CASE WHEN c.status = 'healthy' THEN 'healthy' ELSE 'unhealthy' END,
        'status', c.status, 'deleted_at', c.deleted_at) AS resource,
      'check'::text AS resource_kind, c.type AS resource_type
    FROM checks c WHERE c.id = h.resource_id
    UNION ALL
    SELECT NULL::jsonb, jsonb_build_object('id', i.id, 'name', i.title, 'type', i.type,
        'status', i.status, 'deleted_at', i.deleted_at),
      'incident', i.type
    FROM incident_records i WHERE i.id = h.resource_id
    UNION ALL
    SELECT NULL::jsonb, jsonb_build_object('id', p.id, 'name', pb.name, 'type', 'playbook_run',
        'status', p.status, 'deleted_at', NULL),
      'playbook_run', 'playbook_run'
    FROM playbook_runs p JOIN playbooks pb ON pb.id = p.playbook_id WHERE p.id = h.resource_id
    UNION ALL
    SELECT ci.tags, jsonb_build_object('id', ci.id, 'name', ci.name, 'type', ci.type,
        'config_class', ci.config_class, 'health', ci.health, 'status', ci.status,
        'deleted_at', ci.deleted_at),
      'config', ci.type
    FROM config_items ci WHERE ci.id = h.resource_id
    UNION ALL
    SELECT NULL::jsonb, jsonb_build_object('id', co.id, 'name', co.name, 'type', co.type,
        'icon', co.icon, 'health', co.health, 'status', co.status, 'deleted_at', co.deleted_at),
      'component', co.type
    FROM components co WHERE co.id = h.resource_id
    LIMIT 1
  ) r ON true;
