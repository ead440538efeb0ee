-- The notification engine (issue 34): the send history's columns for a send attempt (when it is due,
-- how often it was tried, what it carries and why it ended as it did), a rule's inhibitions, and a
-- queue of the events rules listen to, filled by triggers so every writer (the canary scheduler,
-- Run Now, /api/db, the playbook runner) is covered and drained by the engines with SKIP LOCKED, so
-- one event is decided once however many servers share the database.

ALTER TABLE notifications ADD COLUMN IF NOT EXISTS inhibitions jsonb;

ALTER TABLE notification_send_history ADD COLUMN IF NOT EXISTS not_before timestamptz;
ALTER TABLE notification_send_history ADD COLUMN IF NOT EXISTS retries integer NOT NULL DEFAULT 0;
ALTER TABLE notification_send_history ADD COLUMN IF NOT EXISTS payload jsonb;
ALTER TABLE notification_send_history ADD COLUMN IF NOT EXISTS reason text;
ALTER TABLE notification_send_history ADD COLUMN IF NOT EXISTS team_id uuid;
ALTER TABLE notification_send_history ADD COLUMN IF NOT EXISTS connection_id uuid;
ALTER TABLE notification_send_history ADD COLUMN IF NOT EXISTS resource_health text;
ALTER TABLE notification_send_history ADD COLUMN IF NOT EXISTS resource_status text;

CREATE INDEX IF NOT EXISTS notification_send_history_due_idx
  ON notification_send_history (not_before) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS notification_send_history_repeat_idx
  ON notification_send_history (notification_id, resource_id, created_at);

-- One event about one resource: a check (check.passed, check.failed), an incident
-- (incident.created, incident.status.{status}) or a playbook run (playbook.run.{status},
-- playbook.spec.approval.requested). Incidents live in incident_records (incidents/004).
CREATE TABLE IF NOT EXISTS opsdeck.notification_events (
  id bigserial PRIMARY KEY,
  event text NOT NULL,
  resource_kind text NOT NULL,
  resource_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Only while some live rule listens to the event: an event nobody listens to leaves nothing behind.
CREATE OR REPLACE FUNCTION opsdeck.enqueue_notification_event(event text, kind text, id uuid)
RETURNS void AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM notifications WHERE deleted_at IS NULL AND event = ANY (events)) THEN
    INSERT INTO opsdeck.notification_events (event, resource_kind, resource_id)
    VALUES (event, kind, id);
  END IF;
END
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION opsdeck.notify_check_event() RETURNS trigger AS $$
BEGIN
  IF NEW.status IN ('healthy', 'unhealthy') THEN
    PERFORM opsdeck.enqueue_notification_event(
      CASE WHEN NEW.status = 'healthy' THEN 'check.passed' ELSE 'check.failed' END, 'check', NEW.id);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS checks_notification_events ON checks;
CREATE TRIGGER checks_notification_events AFTER UPDATE ON checks
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE PROCEDURE opsdeck.notify_check_event();

CREATE OR REPLACE FUNCTION opsdeck.notify_incident_event() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM opsdeck.enqueue_notification_event('incident.created', 'incident', NEW.id);
  ELSIF OLD.status IS DISTINCT FROM NEW.status THEN
    PERFORM opsdeck.enqueue_notification_event('incident.status.' || NEW.status, 'incident', NEW.id);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS incidents_notification_events ON incident_records;
CREATE TRIGGER incidents_notification_events AFTER INSERT OR UPDATE ON incident_records
  FOR EACH ROW EXECUTE PROCEDURE opsdeck.notify_incident_event();

CREATE OR REPLACE FUNCTION opsdeck.notify_playbook_run_event() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.status = 'pending_approval' THEN
    PERFORM opsdeck.enqueue_notification_event('playbook.spec.approval.requested', 'playbook_run', NEW.id);
  END IF;
  IF TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM NEW.status THEN
    PERFORM opsdeck.enqueue_notification_event('playbook.run.' || NEW.status, 'playbook_run', NEW.id);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS playbook_runs_notification_events ON playbook_runs;
CREATE TRIGGER playbook_runs_notification_events AFTER INSERT OR UPDATE ON playbook_runs
  FOR EACH ROW EXECUTE PROCEDURE opsdeck.notify_playbook_run_event();
