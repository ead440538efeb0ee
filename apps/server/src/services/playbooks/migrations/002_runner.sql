-- The playbook runner: a lease on each run (the instance executing it and until when), so several
-- servers on one PostgreSQL claim a run once (FOR UPDATE SKIP LOCKED) and a run whose instance died
-- is taken over once its lease ran out; secret parameters kept out of the /api/db tables.

ALTER TABLE playbook_runs ADD COLUMN IF NOT EXISTS lease_owner text;
ALTER TABLE playbook_runs ADD COLUMN IF NOT EXISTS lease_expires_at timestamptz;
ALTER TABLE playbook_runs ADD COLUMN IF NOT EXISTS notification_send_id uuid;

-- The runner's claim query: runs due now, in the order they were scheduled.
CREATE INDEX IF NOT EXISTS playbook_runs_due_idx
  ON playbook_runs (scheduled_time)
  WHERE status IN ('scheduled', 'sleeping', 'running', 'retrying');
CREATE INDEX IF NOT EXISTS playbook_runs_created_at_idx ON playbook_runs (created_at DESC);
CREATE INDEX IF NOT EXISTS playbook_run_actions_run_idx ON playbook_run_actions (playbook_run_id);

-- Secret parameters of a run: the runner reads them; /api/db never serves them (not a declared table).
CREATE TABLE IF NOT EXISTS opsdeck.playbook_run_secrets (
  run_id uuid NOT NULL REFERENCES playbook_runs (id) ON DELETE CASCADE,
  name text NOT NULL,
  value text NOT NULL,
  PRIMARY KEY (run_id, name)
);

-- GET /api/db/rpc/get_playbook_run_actions?run_id= (reference §2): the actions of a run and of its
-- child runs, by start time, with the agent and the error (011). A composite row type
-- rather than RETURNS TABLE, whose OUT arguments the rpc engine does not call.
DO $$
BEGIN
  CREATE TYPE opsdeck.playbook_run_action_row AS (
    id uuid,
    name text,
    playbook_run_id uuid,
    status text,
    scheduled_time timestamptz,
    start_time timestamptz,
    end_time timestamptz,
    result jsonb,
    agent_id uuid,
    retry_count integer,
    agent jsonb,
    artifacts jsonb,
    -- Added by 011 on a database that applied this file before it had the column.
    error text
  );
EXCEPTION WHEN duplicate_object THEN NULL;
END
$$;

CREATE OR REPLACE FUNCTION get_playbook_run_actions(run_id uuid)
RETURNS SETOF opsdeck.playbook_run_action_row
LANGUAGE sql STABLE AS $$
  SELECT a.id, a.name, a.playbook_run_id, a.status, a.scheduled_time, a.start_time, a.end_time,
         a.result, a.agent_id, a.retry_count,
         CASE WHEN ag.id IS NULL THEN NULL ELSE jsonb_build_object('id', ag.id, 'name', ag.name) END,
         '[]'::jsonb,
         a.error
  FROM playbook_run_actions a
  JOIN playbook_runs r ON r.id = a.playbook_run_id
  LEFT JOIN agents ag ON ag.id = a.agent_id
  WHERE r.id = $1 OR r.parent_id = $1
  ORDER BY a.start_time NULLS LAST, a.scheduled_time, a.id
$$;

-- One row per action of a run: an instance that somehow raced another to start an action loses the
-- insert instead of running it a second time.
CREATE UNIQUE INDEX IF NOT EXISTS playbook_run_actions_run_name_key
  ON playbook_run_actions (playbook_run_id, name);
