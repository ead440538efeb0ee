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
-- A level over a day counts from an index, not the table.
CREATE INDEX IF NOT EXISTS server_log_level_at ON opsdeck.server_log (level, at);
-- A label filter is `labels @> {"k": "v"}`.
CREATE INDEX IF NOT EXISTS server_log_labels ON opsdeck.server_log USING gin (labels jsonb_path_ops);

-- A text search is `message ILIKE '%text%'`: with pg_trgm (catalog/003 creates it where it can) a
-- trigram index answers it without reading every line; without it the search reads the range.
DO $$
DECLARE
  trgm text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                WHERE e.extname = 'pg_trgm');
BEGIN
  IF trgm IS NULL THEN
    RETURN;
  END IF;
  EXECUTE format('CREATE INDEX IF NOT EXISTS server_log_message_trgm
    ON opsdeck.server_log USING gin (message %I.gin_trgm_ops) WITH (gin_pending_list_limit = 256)', trgm);
END $$;
