-- Notifications, silences and the send history.
-- opsdeck:baseline (part of the schema legacy migrations 001-006 made; adopted, not run, on their databases)

CREATE TABLE IF NOT EXISTS notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL DEFAULT '',
  namespace text NOT NULL DEFAULT '',
  events text[] NOT NULL DEFAULT '{}',
  title text,
  template text,
  filter text,
  properties jsonb,
  person_id uuid REFERENCES people (id),
  team_id uuid REFERENCES teams (id),
  playbook_id uuid REFERENCES playbooks (id),
  custom_services jsonb,
  repeat_interval text,
  error text,
  source text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE IF NOT EXISTS notification_silences (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text,
  namespace text NOT NULL DEFAULT '',
  description text,
  filter text,
  selectors jsonb,
  "from" timestamptz,
  until timestamptz,
  recursive boolean NOT NULL DEFAULT false,
  config_id uuid REFERENCES config_items (id),
  check_id uuid REFERENCES checks (id),
  canary_id uuid REFERENCES canaries (id),
  component_id uuid REFERENCES components (id),
  error text,
  source text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE IF NOT EXISTS notification_send_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  notification_id uuid NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  body text,
  error text,
  status text,
  count integer NOT NULL DEFAULT 1,
  source_event text NOT NULL,
  resource_id uuid NOT NULL,
  person_id uuid REFERENCES people (id),
  silenced_by uuid REFERENCES notification_silences (id),
  duration_millis integer,
  first_observed timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
