-- get_playbook_run_actions gives each action's error too: the run page shows why an action failed,
-- and without it a failed action read as "failed" with no reason (the stand-in of the features'
-- tests answered it; this server did not). Mission Control's table has the column (reference
-- api.md); a reader of the reference's view shape gets one more key. 002 and 007 give a fresh
-- database the column and the function as here (their edit does nothing to a database that applied
-- them), so running any of these files again still works.
DO $$
BEGIN
  ALTER TYPE opsdeck.playbook_run_action_row ADD ATTRIBUTE error text;
EXCEPTION WHEN duplicate_column THEN NULL;
END
$$;

CREATE OR REPLACE FUNCTION get_playbook_run_actions(run_id uuid)
RETURNS SETOF opsdeck.playbook_run_action_row
LANGUAGE sql STABLE AS $$
  SELECT a.id, a.name, a.playbook_run_id, a.status, a.scheduled_time, a.start_time, a.end_time,
         a.result, a.agent_id, a.retry_count,
         CASE WHEN ag.id IS NULL THEN NULL ELSE jsonb_build_object('id', ag.id, 'name', ag.name) END,
         coalesce((SELECT jsonb_agg(to_jsonb(f) - 'content' ORDER BY f.created_at)
                     FROM artifacts f
                    WHERE f.playbook_run_action_id = a.id AND f.deleted_at IS NULL), '[]'::jsonb),
         a.error
  FROM playbook_run_actions a
  JOIN playbook_runs r ON r.id = a.playbook_run_id
  LEFT JOIN agents ag ON ag.id = a.agent_id
  WHERE r.id = $1 OR r.parent_id = $1
  ORDER BY a.start_time NULLS LAST, a.scheduled_time, a.id
$$;
