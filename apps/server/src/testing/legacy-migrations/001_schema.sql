-- Tables of the Mission Control backend (flanksource/duty), with the names and columns the console
-- queries through /api/db. Internal bookkeeping lives in the "opsdeck" schema so /api/db never sees it.
CREATE SCHEMA IF NOT EXISTS opsdeck;

CREATE TABLE IF NOT EXISTS people (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text UNIQUE,
  avatar text,
  type text,
  team_id uuid,
  organization text,
  properties jsonb,
  external_id text,
  last_login timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE IF NOT EXISTS agents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  description text,
  hostname text,
  version text,
  properties jsonb,
  tls text,
  person_id uuid REFERENCES people (id),
  username text,
  last_seen timestamptz,
  last_received timestamptz,
  cleanup boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- The zero agent is "local" (no agent); agent_id columns default to it.
INSERT INTO agents (id, name, description) VALUES ('00000000-0000-0000-0000-000000000000', 'local', 'This instance')
  ON CONFLICT (id) DO NOTHING;

CREATE TABLE IF NOT EXISTS teams (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  icon text,
  spec jsonb,
  source text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
ALTER TABLE people DROP CONSTRAINT IF EXISTS people_team_id_fkey;
ALTER TABLE people ADD CONSTRAINT people_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id);

CREATE TABLE IF NOT EXISTS team_members (
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  PRIMARY KEY (team_id, person_id)
);

CREATE TABLE IF NOT EXISTS canaries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT '',
  labels jsonb,
  spec jsonb NOT NULL DEFAULT '{}',
  schedule text,
  source text,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid REFERENCES people (id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE IF NOT EXISTS checks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  canary_id uuid NOT NULL REFERENCES canaries (id) ON DELETE CASCADE,
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  type text NOT NULL,
  name text NOT NULL,
  namespace text NOT NULL DEFAULT '',
  description text,
  icon text,
  spec jsonb,
  labels jsonb,
  owner text,
  severity text,
  status text,
  transformed boolean NOT NULL DEFAULT false,
  last_runtime timestamptz,
  next_runtime timestamptz,
  last_transition_time timestamptz,
  silenced_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX IF NOT EXISTS checks_canary_id_idx ON checks (canary_id);

CREATE TABLE IF NOT EXISTS check_statuses (
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  time timestamptz NOT NULL,
  status boolean,
  invalid boolean,
  duration integer,
  message text,
  error text,
  details jsonb,
  detail jsonb,
  is_pushed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (check_id, time)
);
CREATE INDEX IF NOT EXISTS check_statuses_time_idx ON check_statuses (time);

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

CREATE TABLE IF NOT EXISTS job_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  name text NOT NULL,
  resource_type text,
  resource_id text,
  status text,
  success_count integer NOT NULL DEFAULT 0,
  error_count integer NOT NULL DEFAULT 0,
  details jsonb,
  hostname text,
  duration_millis integer,
  time_start timestamptz,
  time_end timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS event_queue (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  properties jsonb,
  error text,
  attempts integer NOT NULL DEFAULT 0,
  last_attempt timestamptz,
  priority integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS incidents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id text UNIQUE,
  title text NOT NULL,
  description text,
  type text,
  status text NOT NULL DEFAULT 'open',
  severity text,
  created_by uuid REFERENCES people (id),
  commander_id uuid REFERENCES people (id),
  communicator_id uuid REFERENCES people (id),
  acknowledged timestamptz,
  resolved timestamptz,
  closed timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS hypotheses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  parent_id uuid REFERENCES hypotheses (id),
  type text NOT NULL,
  title text NOT NULL,
  status text,
  created_by uuid REFERENCES people (id),
  team_id uuid REFERENCES teams (id),
  owner uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS evidences (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  hypothesis_id uuid NOT NULL REFERENCES hypotheses (id) ON DELETE CASCADE,
  description text,
  type text NOT NULL,
  check_id uuid REFERENCES checks (id),
  config_id uuid REFERENCES config_items (id),
  config_change_id uuid REFERENCES config_changes (id),
  config_analysis_id uuid REFERENCES config_analysis (id),
  component_id uuid REFERENCES components (id),
  evidence jsonb,
  properties jsonb,
  definition_of_done boolean NOT NULL DEFAULT false,
  done boolean,
  script text,
  script_result text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS responders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  type text NOT NULL,
  index smallint,
  person_id uuid REFERENCES people (id),
  team_id uuid REFERENCES teams (id),
  external_id text,
  properties jsonb,
  acknowledged timestamptz,
  resolved timestamptz,
  closed timestamptz,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  hypothesis_id uuid REFERENCES hypotheses (id) ON DELETE CASCADE,
  responder_id uuid REFERENCES responders (id),
  comment text NOT NULL,
  external_id text,
  external_created_by text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS incident_histories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  type text NOT NULL,
  description text,
  hypothesis_id uuid REFERENCES hypotheses (id),
  responder_id uuid REFERENCES responders (id),
  evidence_id uuid REFERENCES evidences (id),
  comment_id uuid REFERENCES comments (id),
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

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

CREATE TABLE IF NOT EXISTS connections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT '',
  type text NOT NULL,
  url text,
  username text,
  password text,
  certificate text,
  properties jsonb,
  insecure_tls boolean NOT NULL DEFAULT false,
  source text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (name, namespace)
);

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

CREATE TABLE IF NOT EXISTS properties (
  name text PRIMARY KEY,
  value text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS logging_backends (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  name text NOT NULL,
  labels jsonb,
  spec jsonb,
  source text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

-- Kratos-style identities and sessions as Mission Control exposes them (admin only).
CREATE TABLE IF NOT EXISTS identities (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  schema_id text NOT NULL DEFAULT 'default',
  traits jsonb NOT NULL DEFAULT '{}',
  state text NOT NULL DEFAULT 'active',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  identity_id uuid REFERENCES identities (id) ON DELETE CASCADE,
  person_id uuid REFERENCES people (id) ON DELETE CASCADE,
  token_hash text UNIQUE,
  active boolean NOT NULL DEFAULT true,
  authenticated_at timestamptz NOT NULL DEFAULT now(),
  issued_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Roles of each person (the real backend keeps them in casbin); whoami answers from here.
CREATE TABLE IF NOT EXISTS opsdeck.person_roles (
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  role text NOT NULL,
  PRIMARY KEY (person_id, role)
);

-- Demo sign-in until the identity service lands: scrypt hashes, never plaintext.
CREATE TABLE IF NOT EXISTS opsdeck.demo_credentials (
  person_id uuid PRIMARY KEY REFERENCES people (id) ON DELETE CASCADE,
  password_hash text NOT NULL
);

-- One row per scheduled job: whoever holds an unexpired lease runs it, so several instances on one
-- Postgres never run the same canary twice.
CREATE TABLE IF NOT EXISTS opsdeck.scheduler_leases (
  name text PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL,
  last_run timestamptz
);
