-- A run executes what was created and approved (issue 27 #1). The run routes record a digest of
-- what a run will execute (its playbook, spec, parameters, request, resource and requester) when
-- they create it, in a table /api/db never serves; the runner recomputes it at every claim and
-- refuses a run whose digest is missing or differs. playbook_runs itself is read-only through
-- /api/db (a declared property of the table), so this is the second line, not the first.

CREATE OR REPLACE FUNCTION opsdeck.playbook_run_digest(run playbook_runs) RETURNS text
  LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_object(
    'playbook_id', run.playbook_id,
    'spec', run.spec,
    'parameters', run.parameters,
    'request', run.request,
    'config_id', run.config_id,
    'check_id', run.check_id,
    'component_id', run.component_id,
    'agent_id', run.agent_id,
    'created_by', run.created_by
  )::text, 'UTF8')), 'hex')
$$;

CREATE TABLE IF NOT EXISTS opsdeck.playbook_run_digests (
  run_id uuid PRIMARY KEY REFERENCES playbook_runs (id) ON DELETE CASCADE,
  digest text NOT NULL
);

-- Runs already waiting when a server of before this file stops keep running after the upgrade:
-- they were written while /api/db could still write them, but are what that server would have run.
INSERT INTO opsdeck.playbook_run_digests (run_id, digest)
  SELECT r.id, opsdeck.playbook_run_digest(r) FROM playbook_runs r
   WHERE r.status NOT IN ('cancelled', 'completed', 'failed', 'timed_out')
ON CONFLICT (run_id) DO NOTHING;
