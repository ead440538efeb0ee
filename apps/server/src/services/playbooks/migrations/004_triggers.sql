-- Playbook triggers (reference §2 `on`): webhook paths unique among live playbooks, and a queue of
-- check status turns (`on.canary`) and component health turns (`on.component`), filled by triggers
-- so every writer (the canary scheduler, Run Now, /api/db) is covered, and drained by the runners
-- with SKIP LOCKED, so one turn gives one run per matching playbook however many servers share the
-- database.

-- Two live playbooks on one webhook path: the write is refused (PostgREST answers 409). A database
-- that already holds such a pair keeps working without the index; the webhook then takes the first.
DO $$
BEGIN
  CREATE UNIQUE INDEX IF NOT EXISTS playbooks_webhook_path_unique
    ON playbooks ((spec->'on'->'webhook'->>'path'))
    WHERE deleted_at IS NULL AND spec->'on'->'webhook'->>'path' IS NOT NULL;
EXCEPTION WHEN unique_violation THEN
  RAISE NOTICE 'two live playbooks share a webhook path: playbooks_webhook_path_unique not created';
END
$$;

-- One resource per event: a check (on.canary: passed, failed) or a component (on.component: its
-- new health, healthy unhealthy warning unknown).
CREATE TABLE IF NOT EXISTS opsdeck.playbook_events (
  id bigserial PRIMARY KEY,
  event text NOT NULL,
  check_id uuid,
  component_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((check_id IS NULL) <> (component_id IS NULL))
);

-- Only while some live playbook listens: a status flip nobody listens to leaves nothing behind.
CREATE OR REPLACE FUNCTION opsdeck.enqueue_check_playbook_event() RETURNS trigger AS $$
BEGIN
  IF NEW.status IN ('healthy', 'unhealthy') AND EXISTS (
    SELECT 1 FROM playbooks WHERE deleted_at IS NULL AND spec->'on'->'canary' IS NOT NULL
  ) THEN
    INSERT INTO opsdeck.playbook_events (event, check_id)
    VALUES (CASE WHEN NEW.status = 'healthy' THEN 'passed' ELSE 'failed' END, NEW.id);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS checks_playbook_events ON checks;
CREATE TRIGGER checks_playbook_events AFTER UPDATE ON checks
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE PROCEDURE opsdeck.enqueue_check_playbook_event();

CREATE OR REPLACE FUNCTION opsdeck.enqueue_component_playbook_event() RETURNS trigger AS $$
BEGIN
  IF NEW.health IN ('healthy', 'unhealthy', 'warning', 'unknown') AND EXISTS (
    SELECT 1 FROM playbooks WHERE deleted_at IS NULL AND spec->'on'->'component' IS NOT NULL
  ) THEN
    INSERT INTO opsdeck.playbook_events (event, component_id) VALUES (NEW.health, NEW.id);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS components_playbook_events ON components;
CREATE TRIGGER components_playbook_events AFTER UPDATE ON components
  FOR EACH ROW WHEN (OLD.health IS DISTINCT FROM NEW.health)
  EXECUTE PROCEDURE opsdeck.enqueue_component_playbook_event();
