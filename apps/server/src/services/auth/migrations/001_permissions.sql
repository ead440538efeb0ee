-- Permission rows (rbac administration); they may scope to any module's object, so this runs late.
-- opsdeck:baseline (part of the schema legacy migrations 001-006 made; adopted, not run, on their databases)

CREATE TABLE IF NOT EXISTS permissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text,
  namespace text NOT NULL DEFAULT '',
  description text,
  source text,
  action text NOT NULL,
  object text,
  object_selector jsonb,
  deny boolean NOT NULL DEFAULT false,
  subject text,
  subject_type text,
  person_id uuid REFERENCES people (id) ON DELETE CASCADE,
  team_id uuid REFERENCES teams (id) ON DELETE CASCADE,
  notification_id uuid REFERENCES notifications (id) ON DELETE CASCADE,
  config_id uuid REFERENCES config_items (id) ON DELETE CASCADE,
  component_id uuid REFERENCES components (id) ON DELETE CASCADE,
  canary_id uuid REFERENCES canaries (id) ON DELETE CASCADE,
  playbook_id uuid REFERENCES playbooks (id) ON DELETE CASCADE,
  connection_id uuid REFERENCES connections (id) ON DELETE CASCADE,
  condition text,
  until timestamptz,
  created_by uuid REFERENCES people (id),
  updated_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
