-- The catalog pages' reads at 100k configs and 200k changes (issue 16): trigram indexes for the
-- list's search, and option views that walk an index instead of reading every row.

-- Every GIN index of the catalog with a small pending list: PGlite has no autovacuum to merge one,
-- so rows written since the last merge (up to 4 MB of them by default) were read one by one by
-- every search. 64 kB keeps that read small while a bulk write (a scrape, the bench's seed) still
-- goes into the index in batches (one by one, without a list, it writes several times the WAL).
ALTER INDEX config_items_labels_idx SET (gin_pending_list_limit = 64);
ALTER INDEX config_items_tags_idx SET (gin_pending_list_limit = 64);
SELECT gin_clean_pending_list('config_items_labels_idx'::regclass);
SELECT gin_clean_pending_list('config_items_tags_idx'::regclass);

-- The list's search is `name|type|description|namespace ILIKE '%term%'`, ORed: a trigram index on
-- each of the four lets the planner answer it as one bitmap instead of a scan of every config.
-- pg_trgm is a trusted extension (the database's owner may create it), and PGlite is started with
-- it; a PostgreSQL without it keeps working, its search a scan.
DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA opsdeck;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%): the catalog search reads every config', SQLERRM;
END $$;

DO $$
DECLARE
  -- Where the extension is: ours, or a schema an administrator installed it in before.
  trgm text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                WHERE e.extname = 'pg_trgm');
BEGIN
  IF trgm IS NULL THEN
    RETURN;
  END IF;
  EXECUTE format('CREATE INDEX IF NOT EXISTS config_items_name_trgm_idx
    ON config_items USING gin (name %I.gin_trgm_ops) WITH (gin_pending_list_limit = 64)', trgm);
  EXECUTE format('CREATE INDEX IF NOT EXISTS config_items_type_trgm_idx
    ON config_items USING gin (type %I.gin_trgm_ops) WITH (gin_pending_list_limit = 64)', trgm);
  EXECUTE format('CREATE INDEX IF NOT EXISTS config_items_description_trgm_idx
    ON config_items USING gin (description %I.gin_trgm_ops) WITH (gin_pending_list_limit = 64)', trgm);
  -- The configs view's namespace, written as the view writes it so the planner matches it.
  EXECUTE format('CREATE INDEX IF NOT EXISTS config_items_namespace_trgm_idx
    ON config_items USING gin ((coalesce(tags->>''namespace'', labels->>''namespace'')) %I.gin_trgm_ops)
    WITH (gin_pending_list_limit = 64)', trgm);
END $$;

-- The status filter's options, walked like the types' (config_items_type_name_idx), and the
-- status and health filters' counts (a bitmap of the matching rows rather than a scan of all).
CREATE INDEX IF NOT EXISTS config_items_status_idx ON config_items (status) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS config_items_health_idx ON config_items (health) WHERE deleted_at IS NULL;
-- The list's time sorts (newest, recently updated): a page is the index's first 50 live rows.
CREATE INDEX IF NOT EXISTS config_items_created_at_idx ON config_items (created_at)
  WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS config_items_updated_at_idx ON config_items (updated_at)
  WHERE deleted_at IS NULL;

-- The filter bars' option views as loose index scans: each step asks the index for the next value
-- after the last one, so a few dozen distinct values cost a few dozen lookups whatever the
-- number of rows (a DISTINCT reads every config or change). Same columns, same rows, same order.
CREATE OR REPLACE VIEW config_types AS
  WITH RECURSIVE walk AS (
    (SELECT c.type FROM config_items c
     WHERE c.deleted_at IS NULL AND c.type IS NOT NULL ORDER BY c.type LIMIT 1)
    UNION ALL
    SELECT (SELECT c.type FROM config_items c
            WHERE c.deleted_at IS NULL AND c.type > walk.type ORDER BY c.type LIMIT 1)
    FROM walk WHERE walk.type IS NOT NULL
  )
  SELECT walk.type FROM walk WHERE walk.type IS NOT NULL ORDER BY walk.type;

CREATE OR REPLACE VIEW config_statuses AS
  WITH RECURSIVE walk AS (
    (SELECT c.status FROM config_items c
     WHERE c.deleted_at IS NULL AND c.status IS NOT NULL ORDER BY c.status LIMIT 1)
    UNION ALL
    SELECT (SELECT c.status FROM config_items c
            WHERE c.deleted_at IS NULL AND c.status > walk.status ORDER BY c.status LIMIT 1)
    FROM walk WHERE walk.status IS NOT NULL
  )
  SELECT walk.status FROM walk WHERE walk.status IS NOT NULL ORDER BY walk.status;

CREATE OR REPLACE VIEW change_types AS
  WITH RECURSIVE walk AS (
    (SELECT c.change_type FROM config_changes c ORDER BY c.change_type LIMIT 1)
    UNION ALL
    SELECT (SELECT c.change_type FROM config_changes c
            WHERE c.change_type > walk.change_type ORDER BY c.change_type LIMIT 1)
    FROM walk WHERE walk.change_type IS NOT NULL
  )
  SELECT walk.change_type FROM walk WHERE walk.change_type IS NOT NULL ORDER BY walk.change_type;

-- The label and tag filters' options: each distinct pair of the live configs, kept as they are
-- written (a DISTINCT over jsonb_each_text of every config takes most of a second at 100k). The
-- number of live configs carrying a pair lets a pair go when its last config does. Statement
-- triggers with transition tables: a bulk write of 100k configs is one aggregate, not 100k upserts.
CREATE TABLE IF NOT EXISTS opsdeck.config_key_values (
  kind text NOT NULL CHECK (kind IN ('label', 'tag')),
  key text NOT NULL,
  value text,
  configs bigint NOT NULL,
  CONSTRAINT config_key_values_pair UNIQUE NULLS NOT DISTINCT (kind, key, value)
);

-- A config's pairs; a labels or tags value that is not an object has none.
CREATE OR REPLACE FUNCTION opsdeck.config_pairs(labels jsonb, tags jsonb)
RETURNS TABLE (kind text, key text, value text)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT 'label'::text, p.key, p.value
  FROM jsonb_each_text(CASE WHEN jsonb_typeof(labels) = 'object' THEN labels ELSE '{}' END) p
  UNION ALL
  SELECT 'tag'::text, p.key, p.value
  FROM jsonb_each_text(CASE WHEN jsonb_typeof(tags) = 'object' THEN tags ELSE '{}' END) p
$$;

-- Counts the written rows' pairs in (new live rows) and out (old live rows). Upserted in key order
-- so that two writers lock the pairs they share in the same order.
CREATE OR REPLACE FUNCTION opsdeck.config_key_values_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO opsdeck.config_key_values AS kv (kind, key, value, configs)
    SELECT p.kind, p.key, p.value, count(*)
    FROM new_configs n, opsdeck.config_pairs(n.labels, n.tags) p
    WHERE n.deleted_at IS NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT config_key_values_pair
      DO UPDATE SET configs = kv.configs + excluded.configs;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO opsdeck.config_key_values AS kv (kind, key, value, configs)
    SELECT d.kind, d.key, d.value, sum(d.n)
    FROM (
      SELECT p.kind, p.key, p.value, -1 AS n
      FROM old_configs o, opsdeck.config_pairs(o.labels, o.tags) p WHERE o.deleted_at IS NULL
      UNION ALL
      SELECT p.kind, p.key, p.value, 1
      FROM new_configs n, opsdeck.config_pairs(n.labels, n.tags) p WHERE n.deleted_at IS NULL
    ) d
    GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT config_key_values_pair
      DO UPDATE SET configs = kv.configs + excluded.configs;
    DELETE FROM opsdeck.config_key_values WHERE configs <= 0;
  ELSE
    UPDATE opsdeck.config_key_values AS kv SET configs = kv.configs - gone.n
    FROM (
      SELECT p.kind, p.key, p.value, count(*) AS n
      FROM old_configs o, opsdeck.config_pairs(o.labels, o.tags) p WHERE o.deleted_at IS NULL
      GROUP BY 1, 2, 3
    ) gone
    WHERE kv.kind = gone.kind AND kv.key = gone.key AND kv.value IS NOT DISTINCT FROM gone.value;
    DELETE FROM opsdeck.config_key_values WHERE configs <= 0;
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION opsdeck.config_key_values_truncated() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM opsdeck.config_key_values;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS config_key_values_inserted ON config_items;
CREATE TRIGGER config_key_values_inserted AFTER INSERT ON config_items
  REFERENCING NEW TABLE AS new_configs
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck.config_key_values_changed();
DROP TRIGGER IF EXISTS config_key_values_updated ON config_items;
CREATE TRIGGER config_key_values_updated AFTER UPDATE ON config_items
  REFERENCING OLD TABLE AS old_configs NEW TABLE AS new_configs
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck.config_key_values_changed();
DROP TRIGGER IF EXISTS config_key_values_deleted ON config_items;
CREATE TRIGGER config_key_values_deleted AFTER DELETE ON config_items
  REFERENCING OLD TABLE AS old_configs
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck.config_key_values_changed();
DROP TRIGGER IF EXISTS config_key_values_truncated ON config_items;
CREATE TRIGGER config_key_values_truncated AFTER TRUNCATE ON config_items
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck.config_key_values_truncated();

-- The pairs of the configs already there (derived data: recounted whenever this runs).
DELETE FROM opsdeck.config_key_values;
INSERT INTO opsdeck.config_key_values (kind, key, value, configs)
SELECT p.kind, p.key, p.value, count(*)
FROM config_items ci, opsdeck.config_pairs(ci.labels, ci.tags) p
WHERE ci.deleted_at IS NULL
GROUP BY 1, 2, 3;

-- Same columns, rows and order as 002's views, from the kept pairs.
CREATE OR REPLACE VIEW config_labels AS
  SELECT kv.key, kv.value FROM opsdeck.config_key_values kv
  WHERE kv.kind = 'label' ORDER BY kv.key, kv.value;

CREATE OR REPLACE VIEW config_tags AS
  SELECT kv.key, kv.value FROM opsdeck.config_key_values kv
  WHERE kv.kind = 'tag' ORDER BY kv.key, kv.value;

CREATE OR REPLACE VIEW config_tags_labels_keys AS
  SELECT DISTINCT (CASE kv.kind WHEN 'tag' THEN 'tag:' ELSE 'label:' END) || kv.key AS key
  FROM opsdeck.config_key_values kv
  ORDER BY 1;

-- The changes endpoint's severity filter is `lower(severity) = ANY(...)` (`high` and worse): an
-- index of the expression gives the planner its statistics (without them it guesses 0.5% of the
-- changes match where a fifth do, and walks their configs one by one) and the changes page's
-- "severity in the last days" a narrower scan.
CREATE INDEX IF NOT EXISTS config_changes_severity_idx
  ON config_changes (lower(severity), created_at);
ANALYZE config_changes;
