-- job_history written by the job framework (src/jobs/): retention reads one job's (and resource's)
-- newest rows after each run, the sweep finds RUNNING rows, the age cleanup and the job history
-- page (newest first) read by time.
CREATE INDEX IF NOT EXISTS job_history_name_resource_idx
  ON job_history (name, resource_id, time_start DESC);
CREATE INDEX IF NOT EXISTS job_history_running_idx ON job_history (id) WHERE status = 'RUNNING';
CREATE INDEX IF NOT EXISTS job_history_created_at_idx ON job_history (created_at);
