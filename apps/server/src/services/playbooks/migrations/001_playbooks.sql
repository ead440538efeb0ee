-- Playbooks, their runs, run actions and approvals.
-- opsdeck:baseline (part of the schema legacy migrations 001-006 made; adopted, not run, on their databases)

CREATE TABLE IF NOT EXISTS playbooks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  namespace text NOT NULL DEFAULT '',
  name text NOT NULL,
  title text,
  icon text,
  description text,
  category text,
  spec jsonb NOT NULL DEFAULT '{}',
  source text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE IF NOT EXISTS playbook_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  playbook_id uuid NOT NULL REFERENCES playbooks (id),
  parent_id uuid REFERENCES playbook_runs (id),
  status text NOT NULL,
  spec jsonb,
  parameters jsonb,
  request jsonb,
  check_id uuid REFERENCES checks (id),
  config_id uuid REFERENCES config_items (id),
  component_id uuid REFERENCES components (id),
  agent_id uuid REFERENCES agents (id),
  start_time timestamptz,
  end_time timestamptz,
  scheduled_time timestamptz NOT NULL DEFAULT now(),
  timeout bigint,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  error text
);

CREATE TABLE IF NOT EXISTS playbook_run_actions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  playbook_run_id uuid NOT NULL REFERENCES playbook_runs (id) ON DELETE CASCADE,
  name text NOT NULL,
  status text NOT NULL,
  start_time timestamptz,
  end_time timestamptz,
  scheduled_time timestamptz NOT NULL DEFAULT now(),
  result jsonb,
  agent_id uuid REFERENCES agents (id),
  retry_count integer NOT NULL DEFAULT 0,
  error text
);

CREATE TABLE IF NOT EXISTS playbook_approvals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  run_id uuid NOT NULL REFERENCES playbook_runs (id) ON DELETE CASCADE,
  person_id uuid REFERENCES people (id),
  team_id uuid REFERENCES teams (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
