-- The catalog pages' reads (reference §3): the configs view with duty's meanings, config_detail, the
-- small option views, catalog_changes and config_analysis_items, the relationship functions, and
-- indexes so that a page of 100k config items and 200k changes stays an index walk.

-- Columns config-db has and the reference lists (inserted_at: when our database took the row, which
-- the changes endpoint filters on; delete_reason: why a scrape removed it).
ALTER TABLE config_items ADD COLUMN IF NOT EXISTS icon text;
ALTER TABLE config_items ADD COLUMN IF NOT EXISTS delete_reason text;
ALTER TABLE config_items ADD COLUMN IF NOT EXISTS is_pushed boolean NOT NULL DEFAULT false;
ALTER TABLE config_items ADD COLUMN IF NOT EXISTS inserted_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE config_changes ADD COLUMN IF NOT EXISTS inserted_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE config_changes ADD COLUMN IF NOT EXISTS is_pushed boolean NOT NULL DEFAULT false;
ALTER TABLE config_analysis ADD COLUMN IF NOT EXISTS properties jsonb;
ALTER TABLE config_analysis ADD COLUMN IF NOT EXISTS created_by uuid REFERENCES people (id);
ALTER TABLE config_analysis ADD COLUMN IF NOT EXISTS is_pushed boolean NOT NULL DEFAULT false;

-- The list's default order (type, name) and its type filter, live rows only; the rest by key.
CREATE INDEX IF NOT EXISTS config_items_type_name_idx ON config_items (type, name)
  WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS config_items_name_idx ON config_items (name) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS config_items_parent_id_idx ON config_items (parent_id);
CREATE INDEX IF NOT EXISTS config_items_scraper_id_idx ON config_items (scraper_id);
CREATE INDEX IF NOT EXISTS config_items_labels_idx ON config_items USING gin (labels jsonb_path_ops);
CREATE INDEX IF NOT EXISTS config_items_tags_idx ON config_items USING gin (tags jsonb_path_ops);
-- The changes page: newest first across the catalog, and per config (001 has config_id, created_at).
CREATE INDEX IF NOT EXISTS config_changes_created_at_idx
  ON config_changes (created_at DESC, id DESC);
-- Deleted configs, which the changes endpoint leaves out by id.
CREATE INDEX IF NOT EXISTS config_items_deleted_idx ON config_items (id)
  WHERE deleted_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS config_changes_change_type_idx ON config_changes (change_type);
CREATE INDEX IF NOT EXISTS config_analysis_config_id_idx ON config_analysis (config_id, status);
CREATE INDEX IF NOT EXISTS config_analysis_first_observed_idx
  ON config_analysis (first_observed DESC);
CREATE INDEX IF NOT EXISTS config_relationships_config_id_idx ON config_relationships (config_id);
CREATE INDEX IF NOT EXISTS config_component_relationships_config_id_idx
  ON config_component_relationships (config_id);

-- Changes in the last 7 days and open analyses by type: the counts the list, detail and the
-- relationship graph show (duty's config_item_summary_7d, computed live).
CREATE OR REPLACE FUNCTION opsdeck.config_changes_7d(config uuid) RETURNS bigint
  LANGUAGE sql STABLE AS $$
  SELECT count(*) FROM config_changes
  WHERE config_id = config AND created_at > now() - interval '7 days'
$$;

CREATE OR REPLACE FUNCTION opsdeck.config_open_analysis(config uuid) RETURNS jsonb
  LANGUAGE sql STABLE AS $$
  SELECT jsonb_object_agg(analysis_type, n) FROM (
    SELECT coalesce(analysis_type, 'other') AS analysis_type, count(*) AS n
    FROM config_analysis WHERE config_id = config AND status = 'open'
    GROUP BY 1
  ) counted
$$;

-- The list's view keeps 001's columns, names and types (re-running 001 must still work, and
-- CREATE OR REPLACE cannot drop or retype a column), with duty's meanings: namespace is the
-- namespace tag (else 001's namespace label), changes count the last 7 days, analysis counts open
-- insights. Insights by type and the 1h cost are in related_configs_recursive and the summary.
-- Dropped first, as in 001: a later migration adds columns (catalog/005).
DROP VIEW IF EXISTS configs;
CREATE VIEW configs AS
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
    opsdeck.config_changes_7d(ci.id) AS changes,
    (SELECT count(*) FROM config_analysis ca WHERE ca.config_id = ci.id AND ca.status = 'open')
      AS analysis
  FROM config_items ci;

-- Playbook runs are the playbooks module's table, made after this migration: plpgsql resolves the
-- name when the function first runs, not now.
CREATE OR REPLACE FUNCTION opsdeck.config_playbook_runs_30d(config uuid) RETURNS bigint
  LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF to_regclass('public.playbook_runs') IS NULL THEN
    RETURN 0;
  END IF;
  RETURN (SELECT count(*) FROM playbook_runs
          WHERE config_id = config AND created_at > now() - interval '30 days');
END;
$$;

-- Dropped first: `ci.*` takes the columns config_items has when this runs, and a later migration
-- adds some (catalog/005), which CREATE OR REPLACE could not fit in.
DROP VIEW IF EXISTS config_detail;
CREATE VIEW config_detail AS
  SELECT
    ci.*,
    agents.name AS agent_name,
    jsonb_build_object(
      'relationships', (SELECT count(*) FROM config_relationships r
                        WHERE (r.config_id = ci.id OR r.related_id = ci.id) AND r.deleted_at IS NULL),
      'analysis', (SELECT count(*) FROM config_analysis a
                   WHERE a.config_id = ci.id AND a.first_observed > now() - interval '7 days'),
      'changes', opsdeck.config_changes_7d(ci.id),
      'playbook_runs', opsdeck.config_playbook_runs_30d(ci.id),
      'checks', (SELECT count(*) FROM check_config_relationships c
                 WHERE c.config_id = ci.id AND c.deleted_at IS NULL)
    ) AS summary,
    CASE WHEN s.id IS NULL THEN NULL ELSE jsonb_build_object('id', s.id, 'name', s.name) END
      AS scraper
  FROM config_items ci
  LEFT JOIN agents ON agents.id = ci.agent_id
  LEFT JOIN config_scrapers s ON s.id = ci.scraper_id;

CREATE OR REPLACE VIEW config_names AS
  SELECT id, type, external_id, name FROM config_items;

CREATE OR REPLACE VIEW config_types AS
  SELECT DISTINCT type FROM config_items WHERE deleted_at IS NULL AND type IS NOT NULL ORDER BY type;

CREATE OR REPLACE VIEW config_classes AS
  SELECT DISTINCT config_class FROM config_items WHERE deleted_at IS NULL ORDER BY config_class;

CREATE OR REPLACE VIEW config_statuses AS
  SELECT DISTINCT status FROM config_items
  WHERE deleted_at IS NULL AND status IS NOT NULL ORDER BY status;

CREATE OR REPLACE VIEW config_tags AS
  SELECT DISTINCT t.key, t.value
  FROM config_items, jsonb_each_text(coalesce(config_items.tags, '{}'::jsonb)) AS t
  WHERE config_items.deleted_at IS NULL
  ORDER BY t.key, t.value;

CREATE OR REPLACE VIEW config_labels AS
  SELECT DISTINCT l.key, l.value
  FROM config_items, jsonb_each_text(coalesce(config_items.labels, '{}'::jsonb)) AS l
  WHERE config_items.deleted_at IS NULL
  ORDER BY l.key, l.value;

CREATE OR REPLACE VIEW config_tags_labels_keys AS
  SELECT DISTINCT 'tag:' || t.key AS key
  FROM config_items, jsonb_object_keys(coalesce(config_items.tags, '{}'::jsonb)) AS t(key)
  WHERE config_items.deleted_at IS NULL
  UNION
  SELECT DISTINCT 'label:' || l.key
  FROM config_items, jsonb_object_keys(coalesce(config_items.labels, '{}'::jsonb)) AS l(key)
  WHERE config_items.deleted_at IS NULL
  ORDER BY 1;

CREATE OR REPLACE VIEW analysis_types AS
  SELECT DISTINCT analysis_type FROM config_analysis
  WHERE analysis_type IS NOT NULL ORDER BY analysis_type;

CREATE OR REPLACE VIEW change_types AS
  SELECT DISTINCT change_type FROM config_changes ORDER BY change_type;

CREATE OR REPLACE VIEW config_analysis_analyzers AS
  SELECT DISTINCT analyzer FROM config_analysis WHERE status = 'open' ORDER BY analyzer;

CREATE OR REPLACE VIEW catalog_changes AS
  SELECT
    cc.id,
    cc.config_id,
    ci.name,
    ci.deleted_at,
    ci.type,
    ci.tags,
    ci.config,
    cc.external_created_by,
    cc.created_at,
    cc.severity,
    cc.change_type,
    cc.source,
    cc.summary,
    cc.details,
    cc.diff,
    cc.created_by,
    cc.count,
    cc.first_observed,
    ci.agent_id,
    ci.path,
    cc.inserted_at
  FROM config_changes cc
  JOIN config_items ci ON ci.id = cc.config_id;

CREATE OR REPLACE VIEW config_analysis_items AS
  SELECT
    ca.*,
    ci.name,
    ci.deleted_at,
    ci.type,
    ci.tags,
    ci.labels,
    ci.config,
    ci.agent_id,
    ci.path,
    ci.name AS config_name,
    ci.type AS config_type,
    ci.config_class
  FROM config_analysis ca
  JOIN config_items ci ON ci.id = ca.config_id;

-- The rows of the functions below. PostgREST (and our engine) call a function whose arguments are
-- all IN, so a set of rows is returned as SETOF a composite type rather than RETURNS TABLE.
DO $$ BEGIN
  IF to_regtype('public.related_config_id') IS NULL THEN
    CREATE TYPE public.related_config_id AS (id uuid, related_id uuid, relation_type text, direction text, depth int);
  END IF;
END $$;
DO $$ BEGIN
  IF to_regtype('public.related_config') IS NULL THEN
    CREATE TYPE public.related_config AS (
  id uuid, name text, type text, related_ids text[], tags jsonb, changes bigint, analysis jsonb,
  cost_per_minute numeric, cost_total_1h numeric, cost_total_1d numeric, cost_total_30d numeric,
  created_at timestamptz, updated_at timestamptz, deleted_at timestamptz, agent_id uuid,
  health text, ready boolean, status text, path text
);
  END IF;
END $$;
DO $$ BEGIN
  IF to_regtype('public.config_child') IS NULL THEN
    CREATE TYPE public.config_child AS (child_id uuid, parent_id uuid, level int);
  END IF;
END $$;
DO $$ BEGIN
  IF to_regtype('public.config_relation') IS NULL THEN
    CREATE TYPE public.config_relation AS (id uuid);
  END IF;
END $$;
DO $$ BEGIN
  IF to_regtype('public.config_link') IS NULL THEN
    CREATE TYPE public.config_link AS (config_id uuid, name text, type text, icon text, role text);
  END IF;
END $$;
DO $$ BEGIN
  IF to_regtype('public.component_link') IS NULL THEN
    CREATE TYPE public.component_link AS (component_id uuid, name text, type text, icon text, role text);
  END IF;
END $$;

-- The catalog graph walked from one config: hard edges are parent → child (parent_id), soft ones
-- the config_relationships rows. 'outgoing' walks towards children and related configs, 'incoming'
-- towards parents; each side's relation is 'hard' (parent_id only) or 'both'. One row per config
-- reached and direction, at its shortest depth, with the config it was reached from.
CREATE OR REPLACE FUNCTION related_config_ids_recursive(
  config_id uuid,
  type_filter text DEFAULT 'outgoing',
  max_depth int DEFAULT 5,
  incoming_relation text DEFAULT 'both',
  outgoing_relation text DEFAULT 'both',
  include_deleted_configs boolean DEFAULT false
) RETURNS SETOF related_config_id
  LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
  start_id uuid := config_id;
BEGIN
  IF type_filter IS NULL OR type_filter NOT IN ('incoming', 'outgoing', 'all') THEN
    RAISE EXCEPTION 'Invalid type_filter value. Allowed values are: ''incoming'', ''outgoing'', ''all'''
      USING ERRCODE = 'P0001';
  END IF;
  IF incoming_relation IS NULL OR outgoing_relation IS NULL
     OR incoming_relation NOT IN ('hard', 'both') OR outgoing_relation NOT IN ('hard', 'both') THEN
    RAISE EXCEPTION 'Invalid relation value. Allowed values are: ''hard'', ''both'''
      USING ERRCODE = 'P0001';
  END IF;
  RETURN QUERY
  WITH RECURSIVE
    -- Each step looks its edges up by index (parent_id, the relationship keys): a walk reads only
    -- the configs it reaches, whatever the catalog's size.
    outgoing AS (
      SELECT start_id AS node, NULL::uuid AS via, NULL::text AS rel, 0 AS level
      WHERE type_filter IN ('outgoing', 'all')
      UNION
      SELECT step.target, o.node, step.rel, o.level + 1
      FROM outgoing o
      CROSS JOIN LATERAL (
        SELECT c.id AS target, 'hard'::text AS rel FROM config_items c
        WHERE c.parent_id = o.node AND (include_deleted_configs OR c.deleted_at IS NULL)
        UNION ALL
        SELECT r.related_id, 'soft' FROM config_relationships r
        WHERE r.config_id = o.node AND r.deleted_at IS NULL AND outgoing_relation = 'both'
      ) step
      WHERE o.level < max_depth
    ),
    incoming AS (
      SELECT start_id AS node, NULL::uuid AS via, NULL::text AS rel, 0 AS level
      WHERE type_filter IN ('incoming', 'all')
      UNION
      SELECT step.source, i.node, step.rel, i.level + 1
      FROM incoming i
      CROSS JOIN LATERAL (
        SELECT p.id AS source, 'hard'::text AS rel FROM config_items c
        JOIN config_items p ON p.id = c.parent_id
        WHERE c.id = i.node AND (include_deleted_configs OR p.deleted_at IS NULL)
        UNION ALL
        SELECT r.config_id, 'soft' FROM config_relationships r
        WHERE r.related_id = i.node AND r.deleted_at IS NULL AND incoming_relation = 'both'
      ) step
      WHERE i.level < max_depth
    ),
    reached AS (
      SELECT node, via, rel, 'outgoing'::text AS dir, level FROM outgoing WHERE level > 0
      UNION ALL
      SELECT node, via, rel, 'incoming'::text, level FROM incoming WHERE level > 0
    )
  SELECT DISTINCT ON (reached.node, reached.dir)
    reached.node, reached.via, reached.rel, reached.dir, reached.level
  FROM reached
  WHERE reached.node <> start_id
  ORDER BY reached.node, reached.dir, reached.level, reached.rel, reached.via;
END;
$$;

-- reference §3: the config, its parents along path, and what the walk reaches, ordered by depth.
-- related_ids: the ids (as text) of the returned configs each row links to towards the start.
CREATE OR REPLACE FUNCTION related_configs_recursive(
  config_id uuid,
  type_filter text DEFAULT 'outgoing',
  include_deleted_configs boolean DEFAULT false,
  max_depth int DEFAULT 5,
  incoming_relation text DEFAULT 'both',
  outgoing_relation text DEFAULT 'both'
) RETURNS SETOF related_config
  LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
  start_id uuid := config_id;
BEGIN
  RETURN QUERY
  WITH
    walked AS (
      SELECT w.id, w.related_id, w.depth
      FROM related_config_ids_recursive(start_id, type_filter, max_depth, incoming_relation,
                                        outgoing_relation, include_deleted_configs) w
    ),
    parents AS (
      SELECT p.id::uuid AS id, p.ord
      FROM config_items self,
           unnest(string_to_array(nullif(self.path, ''), '.')) WITH ORDINALITY AS p(id, ord)
      WHERE self.id = start_id AND p.id ~* '^[0-9a-f-]{36}$'
    ),
    nodes AS (
      SELECT start_id AS id, 0 AS depth, ARRAY[]::text[] AS related_ids
      UNION ALL
      SELECT parents.id, -1, ARRAY[]::text[] FROM parents WHERE parents.id <> start_id
      UNION ALL
      SELECT walked.id, min(walked.depth), array_agg(DISTINCT walked.related_id::text)
      FROM walked GROUP BY walked.id
    ),
    merged AS (
      SELECT nodes.id, min(nodes.depth) AS depth,
             array_agg(DISTINCT linked.related ORDER BY linked.related)
               FILTER (WHERE linked.related IS NOT NULL) AS related_ids
      FROM nodes LEFT JOIN LATERAL unnest(nodes.related_ids) AS linked(related) ON true
      GROUP BY nodes.id
    )
  SELECT c.id, c.name, c.type, coalesce(merged.related_ids, ARRAY[]::text[]),
         c.tags, opsdeck.config_changes_7d(c.id), opsdeck.config_open_analysis(c.id),
         c.cost_per_minute, c.cost_per_minute * 60, c.cost_total_1d, c.cost_total_30d,
         c.created_at, c.updated_at, c.deleted_at, c.agent_id, c.health, c.ready, c.status, c.path
  FROM merged
  JOIN config_items c ON c.id = merged.id
  WHERE include_deleted_configs OR c.deleted_at IS NULL OR c.id = start_id
  ORDER BY merged.depth, c.name, c.id;
END;
$$;

CREATE OR REPLACE FUNCTION lookup_config_children(id text, max_depth int DEFAULT 10)
RETURNS SETOF config_child
  LANGUAGE sql STABLE AS $$
  WITH RECURSIVE children AS (
    SELECT c.id AS child_id, c.parent_id, 0 AS level FROM config_items c WHERE c.id = $1::uuid
    UNION ALL
    SELECT m.id, m.parent_id, children.level + 1
    FROM config_items m JOIN children ON m.parent_id = children.child_id
    WHERE children.level < (CASE WHEN $2 < 0 THEN 10 ELSE $2 END)
  )
  SELECT child_id, parent_id, level FROM children
$$;

CREATE OR REPLACE FUNCTION lookup_config_relations(config_id text)
RETURNS SETOF config_relation
  LANGUAGE sql STABLE AS $$
  SELECT r.related_id FROM config_relationships r WHERE r.config_id = $1::uuid AND r.deleted_at IS NULL
  UNION
  SELECT r.config_id FROM config_relationships r WHERE r.related_id = $1::uuid AND r.deleted_at IS NULL
$$;

-- The insights page's option lists (reference §3), for one config or the whole catalog.
CREATE OR REPLACE FUNCTION config_analysis_filter_options(p_config_id uuid DEFAULT NULL)
RETURNS jsonb
  LANGUAGE sql STABLE AS $$
  WITH scoped AS (
    SELECT a.* FROM config_analysis a WHERE p_config_id IS NULL OR a.config_id = p_config_id
  )
  SELECT jsonb_build_object(
    'types', coalesce((SELECT jsonb_agg(DISTINCT analysis_type) FROM scoped
                       WHERE analysis_type IS NOT NULL), '[]'::jsonb),
    'analyzers', coalesce((SELECT jsonb_agg(DISTINCT analyzer) FROM scoped), '[]'::jsonb),
    'sources', coalesce((SELECT jsonb_agg(DISTINCT source) FROM scoped WHERE source IS NOT NULL),
                        '[]'::jsonb),
    'config_types', coalesce((SELECT jsonb_agg(DISTINCT ci.type) FROM scoped
                              JOIN config_items ci ON ci.id = scoped.config_id
                              WHERE ci.type IS NOT NULL), '[]'::jsonb),
    'catalogs', coalesce((SELECT jsonb_agg(jsonb_build_object('id', ci.id, 'name', ci.name,
                                                              'type', ci.type,
                                                              'config_class', ci.config_class)
                                           ORDER BY ci.name, ci.id)
                          FROM config_items ci
                          WHERE ci.id IN (SELECT config_id FROM scoped)), '[]'::jsonb)
  )
$$;

-- The component page's reads of configs (declared by the topology module, which runs before the
-- catalog's tables exist): what is linked to a component, and its configs' changes and insights.
CREATE OR REPLACE FUNCTION lookup_configs_by_component(id text)
RETURNS SETOF config_link
  LANGUAGE sql STABLE AS $$
  SELECT ci.id, ci.name, ci.type, ci.icon, 'left'::text
  FROM config_component_relationships r JOIN config_items ci ON ci.id = r.config_id
  WHERE r.component_id = $1::uuid AND r.deleted_at IS NULL AND ci.deleted_at IS NULL
  ORDER BY ci.name, ci.id
$$;

CREATE OR REPLACE FUNCTION lookup_components_by_config(id text)
RETURNS SETOF component_link
  LANGUAGE sql STABLE AS $$
  SELECT c.id, c.name, c.type, c.icon, 'right'::text
  FROM config_component_relationships r JOIN components c ON c.id = r.component_id
  WHERE r.config_id = $1::uuid AND r.deleted_at IS NULL AND c.deleted_at IS NULL
  ORDER BY c.name, c.id
$$;

CREATE OR REPLACE FUNCTION lookup_changes_by_component(id text)
RETURNS SETOF config_changes
  LANGUAGE sql STABLE AS $$
  SELECT cc.* FROM config_changes cc
  WHERE cc.config_id IN (SELECT r.config_id FROM config_component_relationships r
                         WHERE r.component_id = $1::uuid AND r.deleted_at IS NULL)
  ORDER BY cc.created_at DESC, cc.id
$$;

CREATE OR REPLACE FUNCTION lookup_analysis_by_component(id text)
RETURNS SETOF config_analysis
  LANGUAGE sql STABLE AS $$
  SELECT ca.* FROM config_analysis ca
  WHERE ca.config_id IN (SELECT r.config_id FROM config_component_relationships r
                         WHERE r.component_id = $1::uuid AND r.deleted_at IS NULL)
  ORDER BY ca.first_observed DESC, ca.id
$$;
