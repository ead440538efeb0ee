-- The runs list (console /playbooks/runs, reference §2 "Runs list"): top-level runs newest first, a
-- page of 50 with an exact count, filtered by status, playbook or resource; and a run's page, which
-- reads the run and its children (`or=(id.eq.X,parent_id.eq.X)`, get_playbook_run_actions). Without
-- these, each filter and every run page read all runs (issue 15 bench: 100k runs).
CREATE INDEX IF NOT EXISTS playbook_runs_top_created_idx
  ON playbook_runs (created_at DESC) WHERE parent_id IS NULL;
-- The time range filter: `or=(and(start_time.gte…,start_time.lte…),and(created_at.gte…,created_at.lte…))`.
CREATE INDEX IF NOT EXISTS playbook_runs_top_start_idx
  ON playbook_runs (start_time) WHERE parent_id IS NULL;
CREATE INDEX IF NOT EXISTS playbook_runs_status_created_idx
  ON playbook_runs (status, created_at DESC) WHERE parent_id IS NULL;
CREATE INDEX IF NOT EXISTS playbook_runs_playbook_created_idx
  ON playbook_runs (playbook_id, created_at DESC) WHERE parent_id IS NULL;
CREATE INDEX IF NOT EXISTS playbook_runs_config_created_idx
  ON playbook_runs (config_id, created_at DESC) WHERE config_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS playbook_runs_check_created_idx
  ON playbook_runs (check_id, created_at DESC) WHERE check_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS playbook_runs_component_created_idx
  ON playbook_runs (component_id, created_at DESC) WHERE component_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS playbook_runs_parent_idx
  ON playbook_runs (parent_id) WHERE parent_id IS NOT NULL;
