-- Views and functions of the reference (shared/reference/mission-control-areas.md §3, §8) that its
-- console reads for a component's Changes and Insights tabs, the catalog's summaries and a config's
-- location breadcrumb.

-- A component's changes: those of the configs linked to it.
CREATE OR REPLACE VIEW changes_by_component AS
  SELECT cc.id, cc.change_type, cc.created_at, cc.severity, cc.summary, cc.source,
         ci.id AS config_id, ci.name, ci.type, ci.config_class,
         ccr.component_id
  FROM config_changes cc
  JOIN config_component_relationships ccr ON ccr.config_id = cc.config_id AND ccr.deleted_at IS NULL
  JOIN config_items ci ON ci.id = cc.config_id
  WHERE ci.deleted_at IS NULL;

-- A component's insights: the analyses of the configs linked to it.
CREATE OR REPLACE VIEW analysis_by_component AS
  SELECT ca.id, ca.config_id, ci.name, ci.type, ci.config_class, ca.analyzer, ca.analysis_type,
         ca.severity, ca.status, ca.message, ca.summary, ca.first_observed, ca.last_observed,
         ccr.component_id
  FROM config_analysis ca
  JOIN config_component_relationships ccr ON ccr.config_id = ca.config_id AND ccr.deleted_at IS NULL
  JOIN config_items ci ON ci.id = ca.config_id
  WHERE ci.deleted_at IS NULL;

-- Configs and the checks linked to them (duty views: checks_by_config).
CREATE OR REPLACE VIEW checks_by_config AS
  SELECT ccr.config_id, c.id, c.canary_id, c.type, c.name, c.namespace, c.icon, c.status,
         c.severity, c.labels, c.description, c.last_runtime, c.last_transition_time,
         c.created_at, c.updated_at, c.deleted_at
  FROM check_config_relationships ccr
  JOIN checks c ON c.id = ccr.check_id
  WHERE ccr.deleted_at IS NULL AND c.deleted_at IS NULL;

-- Changes with their config's name, type and class (the reference's older changes list).
CREATE OR REPLACE VIEW config_changes_items AS
  SELECT cc.*, ci.name, ci.type AS config_type, ci.config_class, ci.tags, ci.agent_id,
         ci.deleted_at
  FROM config_changes cc
  JOIN config_items ci ON ci.id = cc.config_id;

-- One row per config type: how many, their health, changes of the last 30 days, open insights by
-- analysis type and costs.
CREATE OR REPLACE VIEW config_summary AS
  SELECT ci.type, min(ci.config_class) AS config_class, count(*) AS count,
         (SELECT jsonb_object_agg(h.health, h.n) FROM (
            SELECT coalesce(x.health, 'unknown') AS health, count(*) AS n FROM config_items x
             WHERE x.type IS NOT DISTINCT FROM ci.type AND x.deleted_at IS NULL GROUP BY 1) h) AS health,
         (SELECT count(*) FROM config_changes cc JOIN config_items x ON x.id = cc.config_id
           WHERE x.type IS NOT DISTINCT FROM ci.type AND x.deleted_at IS NULL
             AND cc.created_at > now() - interval '30 days') AS changes,
         (SELECT jsonb_object_agg(a.analysis_type, a.n) FROM (
            SELECT coalesce(ca.analysis_type, 'other') AS analysis_type, count(*) AS n
              FROM config_analysis ca JOIN config_items x ON x.id = ca.config_id
             WHERE x.type IS NOT DISTINCT FROM ci.type AND x.deleted_at IS NULL AND ca.status = 'open'
             GROUP BY 1) a) AS analysis,
         sum(ci.cost_per_minute) AS cost_per_minute, sum(ci.cost_total_1d) AS cost_total_1d,
         sum(ci.cost_total_7d) AS cost_total_7d, sum(ci.cost_total_30d) AS cost_total_30d,
         max(ci.created_at) AS created_at, max(ci.updated_at) AS updated_at
  FROM config_items ci
  WHERE ci.deleted_at IS NULL
  GROUP BY ci.type;

-- Saved catalog searches of the reference's config list (duty: saved_query). Kept, not used by
-- this console.
CREATE TABLE IF NOT EXISTS saved_query (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  icon text,
  description text,
  query text NOT NULL DEFAULT '',
  columns jsonb,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

-- A config's parents for the reference's location breadcrumb. This catalog keeps no `locations`:
-- the parents are the `parent_id` chain, nearest first.
CREATE OR REPLACE FUNCTION get_parents_by_location(config_id uuid)
RETURNS SETOF config_items
LANGUAGE sql STABLE AS $$
  WITH RECURSIVE up(id, depth) AS (
    SELECT ci.parent_id, 1 FROM config_items ci WHERE ci.id = $1 AND ci.parent_id IS NOT NULL
    UNION ALL
    SELECT ci.parent_id, up.depth + 1 FROM up JOIN config_items ci ON ci.id = up.id
     WHERE ci.parent_id IS NOT NULL AND up.depth < 50
  )
  SELECT ci.* FROM up JOIN config_items ci ON ci.id = up.id
   WHERE ci.deleted_at IS NULL ORDER BY up.depth
$$;
