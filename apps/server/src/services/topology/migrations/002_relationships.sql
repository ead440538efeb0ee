-- Components reached through a relationship as well as by parent_id (a pod under its node as well
-- as under its namespace), and the small views the console's filters and breadcrumb read.

CREATE TABLE IF NOT EXISTS component_relationships (
  component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  relationship_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  selector_id text NOT NULL DEFAULT '',
  relationship_path text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (component_id, relationship_id, selector_id)
);

CREATE INDEX IF NOT EXISTS components_parent_id_idx ON components (parent_id);
CREATE INDEX IF NOT EXISTS check_component_relationships_check_idx
  ON check_component_relationships (check_id);

CREATE OR REPLACE VIEW component_names AS
  SELECT id, external_id, type, name, icon, status, health, created_at, updated_at
  FROM components
  WHERE deleted_at IS NULL AND hidden = false;

CREATE OR REPLACE VIEW component_labels AS
  SELECT DISTINCT labels.key, labels.value
  FROM components, jsonb_each_text(coalesce(components.labels, '{}'::jsonb)) AS labels
  WHERE components.deleted_at IS NULL;
