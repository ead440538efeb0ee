-- The list's search is `name|type|description|namespace ILIKE '%term%'`, ORed (reference §3). In a
-- UTF-8 database ILIKE folds both sides with lower() on every row it looks at: at 100k configs
-- that is most of a search's time, and a short term ("po") that no trigram index can narrow reads
-- every config. Each searched column gets a stored lower() companion; the /api/db engine answers
-- `ilike` on the column with `companion LIKE lower(pattern)` — what ILIKE computes, folded once at
-- write time (the catalog service declares the companions, see TableDeclaration.caseFolded). The
-- companions are the server's: /api/db neither shows nor takes them.
ALTER TABLE config_items
  ADD COLUMN IF NOT EXISTS name_folded text GENERATED ALWAYS AS (lower(name)) STORED,
  ADD COLUMN IF NOT EXISTS type_folded text GENERATED ALWAYS AS (lower(type)) STORED,
  ADD COLUMN IF NOT EXISTS description_folded text
    GENERATED ALWAYS AS (lower(description)) STORED,
  ADD COLUMN IF NOT EXISTS namespace_folded text
    GENERATED ALWAYS AS (lower(coalesce(tags->>'namespace', labels->>'namespace'))) STORED;

-- 002's view with two changes: `changes` is 004's kept count (an inner join to the row every config
-- has, the column as it is, so `ORDER BY changes DESC LIMIT 50` walks config_change_counts_7d_idx
-- and stops after 50 live configs), and the companions come after its columns (a view only grows
-- at its end).
CREATE OR REPLACE VIEW configs AS
  SELECT
    ci.id,
    ci.scraper_id,
    ci.agent_id,
    ci.config_class,
    ci.external_id,
    ci.type,
    ci.name,
    coalesce(ci.tags->>'namespace', ci.labels->>'namespace') AS namespace,
    ci.description,
    ci.source,
    ci.labels,
    ci.tags,
    ci.created_by,
    ci.created_at,
    ci.updated_at,
    ci.deleted_at,
    ci.cost_per_minute,
    ci.cost_total_1d,
    ci.cost_total_7d,
    ci.cost_total_30d,
    ci.status,
    ci.health,
    ci.ready,
    ci.path,
    ci.parent_id,
    ci.properties,
    n.changes_7d AS changes,
    (SELECT count(*) FROM config_analysis ca WHERE ca.config_id = ci.id AND ca.status = 'open')
      AS analysis,
    ci.name_folded,
    ci.type_folded,
    ci.description_folded,
    ci.namespace_folded
  FROM config_items ci
  JOIN opsdeck.config_change_counts n ON n.config_id = ci.id;

-- 003's trigram indexes served ILIKE on the columns; the search now reads the companions, so the
-- indexes move to them (a LIKE with three or more characters in a row is a bitmap of candidates).
DROP INDEX IF EXISTS config_items_name_trgm_idx;
DROP INDEX IF EXISTS config_items_type_trgm_idx;
DROP INDEX IF EXISTS config_items_description_trgm_idx;
DROP INDEX IF EXISTS config_items_namespace_trgm_idx;

DO $$
DECLARE
  trgm text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                WHERE e.extname = 'pg_trgm');
BEGIN
  IF trgm IS NULL THEN
    RETURN;
  END IF;
  EXECUTE format('CREATE INDEX IF NOT EXISTS config_items_name_folded_trgm_idx
    ON config_items USING gin (name_folded %I.gin_trgm_ops) WITH (gin_pending_list_limit = 64)', trgm);
  EXECUTE format('CREATE INDEX IF NOT EXISTS config_items_type_folded_trgm_idx
    ON config_items USING gin (type_folded %I.gin_trgm_ops) WITH (gin_pending_list_limit = 64)', trgm);
  EXECUTE format('CREATE INDEX IF NOT EXISTS config_items_description_folded_trgm_idx
    ON config_items USING gin (description_folded %I.gin_trgm_ops)
    WITH (gin_pending_list_limit = 64)', trgm);
  EXECUTE format('CREATE INDEX IF NOT EXISTS config_items_namespace_folded_trgm_idx
    ON config_items USING gin (namespace_folded %I.gin_trgm_ops)
    WITH (gin_pending_list_limit = 64)', trgm);
END $$;

ANALYZE config_items;
