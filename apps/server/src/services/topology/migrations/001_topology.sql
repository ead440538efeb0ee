-- Topologies, their components, and which checks belong to which component.
-- opsdeck:baseline (part of the schema legacy migrations 001-006 made; adopted, not run, on their databases)

CREATE TABLE IF NOT EXISTS topologies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT '',
  labels jsonb,
  source text,
  spec jsonb,
  schedule text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE IF NOT EXISTS components (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  topology_id uuid REFERENCES topologies (id),
  parent_id uuid REFERENCES components (id),
  external_id text,
  name text NOT NULL,
  text text,
  type text,
  icon text,
  owner text,
  status text NOT NULL DEFAULT 'healthy',
  status_reason text,
  health text,
  description text,
  labels jsonb,
  properties jsonb,
  summary jsonb,
  path text,
  hidden boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE IF NOT EXISTS check_component_relationships (
  component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  canary_id uuid NOT NULL REFERENCES canaries (id) ON DELETE CASCADE,
  selector_id text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (component_id, check_id, canary_id, selector_id)
);

CREATE OR REPLACE VIEW checks_by_component AS
  SELECT
    check_component_relationships.component_id,
    checks.id,
    checks.type,
    checks.name,
    checks.severity,
    checks.status,
    checks.icon,
    checks.labels,
    checks.canary_id
  FROM check_component_relationships
  INNER JOIN checks ON checks.id = check_component_relationships.check_id
  WHERE check_component_relationships.deleted_at IS NULL AND checks.deleted_at IS NULL;
