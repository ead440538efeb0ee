-- The health summary as served: one ready JSON object per check, refreshed from check_summary like
-- duty's periodically refreshed summary view, so a poll at 10k checks concatenates text instead of
-- building 10k objects. Outside the public schema, so /api/db never offers it.
CREATE TABLE IF NOT EXISTS opsdeck.summary_rows (
  check_id uuid PRIMARY KEY,
  name text NOT NULL,
  labels jsonb NOT NULL DEFAULT '{}',
  deleted_at timestamptz,
  body text NOT NULL
);
CREATE INDEX IF NOT EXISTS summary_rows_name_idx ON opsdeck.summary_rows (name, check_id);

-- A write to checks, canaries or statuses bumps dirty_generation; a full refresh records the
-- generation it started from, so a write during a refresh is never lost.
CREATE TABLE IF NOT EXISTS opsdeck.summary_state (
  id int PRIMARY KEY CHECK (id = 1),
  refreshed_at timestamptz,
  dirty_generation bigint NOT NULL DEFAULT 1,
  clean_generation bigint NOT NULL DEFAULT 0
);
INSERT INTO opsdeck.summary_state (id) VALUES (1) ON CONFLICT (id) DO NOTHING;
