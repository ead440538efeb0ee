-- The config catalog: scrapers, config items, their changes, analyses and relationships.
-- opsdeck:baseline (part of the schema legacy migrations 001-006 made; adopted, not run, on their databases)

CREATE TABLE IF NOT EXISTS config_scrapers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT '',
  description text,
  spec jsonb,
  source text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE IF NOT EXISTS config_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  scraper_id uuid REFERENCES config_scrapers (id),
  parent_id uuid REFERENCES config_items (id),
  path text,
  config_class text NOT NULL,
  type text,
  name text,
  status text,
  ready boolean NOT NULL DEFAULT true,
  health text,
  description text,
  labels jsonb,
  tags jsonb,
  config jsonb,
  properties jsonb,
  source text,
  external_id text[],
  cost_per_minute numeric(16, 4),
  cost_total_1d numeric(16, 4),
  cost_total_7d numeric(16, 4),
  cost_total_30d numeric(16, 4),
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz,
  deleted_at timestamptz,
  last_scraped_time timestamptz
);
CREATE INDEX IF NOT EXISTS config_items_type_idx ON config_items (type);

CREATE TABLE IF NOT EXISTS check_config_relationships (
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  canary_id uuid NOT NULL REFERENCES canaries (id) ON DELETE CASCADE,
  selector_id text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (config_id, check_id, canary_id, selector_id)
);

CREATE TABLE IF NOT EXISTS config_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  external_change_id text,
  change_type text NOT NULL,
  severity text,
  source text,
  summary text,
  diff text,
  details jsonb,
  patches text,
  external_created_by text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  count integer NOT NULL DEFAULT 1,
  first_observed timestamptz DEFAULT now()
);
CREATE INDEX IF NOT EXISTS config_changes_config_id_idx ON config_changes (config_id, created_at);

CREATE TABLE IF NOT EXISTS config_analysis (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  scraper_id uuid REFERENCES config_scrapers (id),
  analyzer text NOT NULL,
  analysis_type text,
  severity text,
  status text DEFAULT 'open',
  message text,
  summary text,
  analysis jsonb,
  source text,
  first_observed timestamptz DEFAULT now(),
  last_observed timestamptz
);

CREATE TABLE IF NOT EXISTS config_relationships (
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  related_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  relation text NOT NULL DEFAULT '',
  selector_id text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (related_id, config_id, selector_id)
);

CREATE TABLE IF NOT EXISTS config_component_relationships (
  component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  selector_id text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (component_id, config_id)
);

-- Dropped first: a later migration may have given the view more columns (catalog/005), which
-- CREATE OR REPLACE cannot take away when this file runs again. Nothing is built on the view.
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
    ci.labels->>'namespace' AS namespace,
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
    (SELECT COUNT(*) FROM config_changes cc WHERE cc.config_id = ci.id) AS changes,
    (SELECT COUNT(*) FROM config_analysis ca WHERE ca.config_id = ci.id AND ca.status = 'open') AS analysis
  FROM config_items ci;

CREATE OR REPLACE VIEW check_summary_for_config AS
  SELECT check_config_relationships.config_id, check_summary.*
  FROM check_config_relationships
  INNER JOIN check_summary ON check_summary.id = check_config_relationships.check_id
  WHERE check_config_relationships.deleted_at IS NULL;
