-- Files a run action (or a check, a config change, a job) produced, as Mission Control keeps them
-- (reference §2, duty schema/artifacts.hcl). The reference console embeds them in a run action
-- (`artifacts:artifacts(*)::jsonb`) and lists a run's with GET /api/artifacts/list/playbook_run/{id}.
CREATE TABLE IF NOT EXISTS artifacts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  check_id uuid REFERENCES checks (id) ON DELETE CASCADE,
  check_time timestamptz,
  playbook_run_action_id uuid REFERENCES playbook_run_actions (id) ON DELETE CASCADE,
  config_change_id uuid REFERENCES config_changes (id) ON DELETE CASCADE,
  scraper_id uuid,
  job_history_id uuid,
  connection_id uuid,
  path text NOT NULL,
  filename text NOT NULL,
  content_type text,
  size bigint NOT NULL DEFAULT 0,
  checksum text,
  content bytea,
  compression_type text,
  is_pushed boolean NOT NULL DEFAULT false,
  is_data_pushed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  expires_at timestamptz
);
CREATE INDEX IF NOT EXISTS artifacts_playbook_run_action_id_idx
  ON artifacts (playbook_run_action_id);

-- get_playbook_run_actions carries each action's artifacts, as the reference's does.
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
