-- A property's source (settings §3 "Resource source values"): 'UI' for a row written through the
-- console or /api/db, 'ConfigFile' (or another source) for one set where the server is configured;
-- such a row is read-only through /api/db (general/service.ts guards it). Rows written before this
-- column came were written through the API.
ALTER TABLE properties ADD COLUMN IF NOT EXISTS source text NOT NULL DEFAULT 'UI';

-- A job run as the reference lists it (§6 "Job history": job_histories = job_history.* plus
-- resource_name and `agent {id,name}`): the agent as an object, the local agent (the nil uuid,
-- "local") for the runs of this server; and the reference's is_pushed column (false: nothing here
-- is pushed to an upstream). settings/001 made the view with the agent's name: the view is made again.
ALTER TABLE job_history ADD COLUMN IF NOT EXISTS is_pushed boolean NOT NULL DEFAULT false;
DROP VIEW IF EXISTS job_histories;
-- The names are looked up per row returned (scalar subqueries), not joined: a count or a filtered
-- page over 100k runs then reads job_history alone (the job history bench, issue 37).
CREATE VIEW job_histories AS
  SELECT
    job_history.*,
    COALESCE(
      CASE job_history.resource_type
        WHEN 'canary' THEN (SELECT c.name FROM canaries c WHERE c.id::text = job_history.resource_id)
        WHEN 'topology' THEN (SELECT t.name FROM topologies t WHERE t.id::text = job_history.resource_id)
        WHEN 'config_scraper' THEN (SELECT s.name FROM config_scrapers s WHERE s.id::text = job_history.resource_id)
        WHEN 'playbook' THEN (SELECT p.name FROM playbooks p WHERE p.id::text = job_history.resource_id)
      END,
      job_history.resource_id
    ) AS resource_name,
    (SELECT jsonb_build_object('id', a.id, 'name', a.name) FROM agents a WHERE a.id = job_history.agent_id) AS agent
  FROM job_history;

-- The job history page's filters (name, resource type, status, duration over a time range, newest
-- first): one job's runs by time.
CREATE INDEX IF NOT EXISTS job_history_name_created_at_idx ON job_history (name, created_at DESC);
