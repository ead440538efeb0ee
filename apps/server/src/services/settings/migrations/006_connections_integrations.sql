-- Connections are deleted softly (reference §6 "Connections": the console lists
-- `deleted_at=is.null` and deletes with a PATCH of deleted_at); the name stays unique among the
-- live ones only, so a deleted connection's name can be used again.
ALTER TABLE connections ADD COLUMN IF NOT EXISTS deleted_at timestamptz;
ALTER TABLE connections DROP CONSTRAINT IF EXISTS connections_name_namespace_key;
CREATE UNIQUE INDEX IF NOT EXISTS connections_live_name_idx
  ON connections (name, namespace) WHERE deleted_at IS NULL;
