-- Settings areas: connections, logging backends, job history, the event queue, agents' summary.
-- opsdeck:baseline (part of the schema legacy migrations 001-006 made; adopted, not run, on their databases)

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

-- Made again with the agent as {id,name} by general/003: dropped first, so running this file again works.
DROP VIEW IF EXISTS job_histories;
CREATE VIEW job_histories AS
  SELECT
    job_history.*,
    COALESCE(canaries.name, topologies.name, config_scrapers.name, playbooks.name, job_history.resource_id) AS resource_name,
    agents.name AS agent
  FROM job_history
  LEFT JOIN agents ON agents.id = job_history.agent_id
  LEFT JOIN canaries ON job_history.resource_type = 'canary' AND canaries.id::text = job_history.resource_id
  LEFT JOIN topologies ON job_history.resource_type = 'topology' AND topologies.id::text = job_history.resource_id
  LEFT JOIN config_scrapers ON job_history.resource_type = 'config_scraper' AND config_scrapers.id::text = job_history.resource_id
  LEFT JOIN playbooks ON job_history.resource_type = 'playbook' AND playbooks.id::text = job_history.resource_id;

CREATE OR REPLACE VIEW job_history_names AS
  SELECT DISTINCT name FROM job_history ORDER BY name;

-- Widened by general/002_admin_views.sql: dropped and made again, so running this file again works.
DROP VIEW IF EXISTS event_queue_summary;
CREATE VIEW event_queue_summary AS
  SELECT
    name,
    COUNT(*) AS pending,
    COUNT(*) FILTER (WHERE attempts > 0) AS failed,
    AVG(attempts)::float8 AS average_attempts,
    MIN(created_at) AS first_failure,
    MAX(last_attempt) AS last_attempt,
    MAX(error) AS most_common_error
  FROM event_queue
  GROUP BY name;

CREATE OR REPLACE VIEW agents_summary AS
  SELECT
    agents.*,
    (SELECT COUNT(*) FROM config_items WHERE config_items.agent_id = agents.id AND config_items.deleted_at IS NULL) AS config_count,
    (SELECT COUNT(*) FROM checks WHERE checks.agent_id = agents.id AND checks.deleted_at IS NULL) AS checks_count,
    (SELECT COUNT(*) FROM playbook_runs WHERE playbook_runs.agent_id = agents.id) AS playbook_runs_count,
    (SELECT MAX(time_end) FROM job_history WHERE job_history.agent_id = agents.id) AS last_job_time
  FROM agents
  WHERE agents.deleted_at IS NULL;
