-- Logs (issue 34, reference §9): where a component's logs live, and the server's own log.

-- A component's log selectors, as the reference stores them: [{name, type, labels}].
ALTER TABLE components ADD COLUMN IF NOT EXISTS log_selectors jsonb;

-- The reference's logs page lists the components that have a log selector (same columns as before).
CREATE OR REPLACE VIEW components_with_logs AS
  SELECT id, name, agent_id, external_id, type, icon
  FROM components
  WHERE deleted_at IS NULL
    AND jsonb_typeof(log_selectors) = 'array'
    AND jsonb_array_length(log_selectors) > 0;

-- Every line the server logs, newest kept: a ring the logs service trims to its row cap. Not an
-- /api/db table (so no change triggers: a logged line must not become a change that is logged).
CREATE TABLE IF NOT EXISTS opsdeck.server_log (
  seq bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  level text NOT NULL,
  message text NOT NULL,
  labels jsonb NOT NULL DEFAULT '{}'::jsonb,
  instance text NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS server_log_at ON opsdeck.server_log (at, seq);
