-- Properties: feature flags and settings the console reads before sign-in.
-- opsdeck:baseline (part of the schema legacy migrations 001-006 made; adopted, not run, on their databases)

CREATE TABLE IF NOT EXISTS properties (
  name text PRIMARY KEY,
  value text,
  created_at timestamptz NOT NULL DEFAULT now()
);
