-- The job framework (src/jobs/): a lease also names the job_history row of the run holding it, so
-- the instance taking over an expired lease closes that run as FAILED (its holder died mid-run).
ALTER TABLE opsdeck.scheduler_leases ADD COLUMN IF NOT EXISTS history_id uuid;
