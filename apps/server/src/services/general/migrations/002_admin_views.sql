-- Properties get the reference's columns (reference §6 Properties: name value created_by created_at
-- updated_at deleted_at), so the feature flags page shows who set a flag.
ALTER TABLE properties ADD COLUMN IF NOT EXISTS created_by uuid REFERENCES people (id);
ALTER TABLE properties ADD COLUMN IF NOT EXISTS updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE properties ADD COLUMN IF NOT EXISTS deleted_at timestamptz;

-- Per job name: how many runs in each status, the newest run and the mean duration (reference §6
-- "Other job reads", job_history_summary), for the job history page's summary. Read-only.
DROP VIEW IF EXISTS job_history_summary;
CREATE VIEW job_history_summary AS
  SELECT name,
         count(*) AS total,
         count(*) FILTER (WHERE status = 'RUNNING') AS running,
         count(*) FILTER (WHERE status = 'SUCCESS') AS success,
         count(*) FILTER (WHERE status = 'WARNING') AS warning,
         count(*) FILTER (WHERE status = 'FAILED') AS failed,
         count(*) FILTER (WHERE status = 'STALE') AS stale,
         count(*) FILTER (WHERE status = 'SKIPPED') AS skipped,
         max(created_at) AS last_run_at,
         avg(duration_millis)::bigint AS average_duration
  FROM job_history
  GROUP BY name;

-- The event queue's reference columns (correction 9: event_id, delay) and its summary's event_id and
-- last_failure (the newest attempt that failed), appended so the view keeps its earlier columns.
ALTER TABLE event_queue ADD COLUMN IF NOT EXISTS event_id uuid;
ALTER TABLE event_queue ADD COLUMN IF NOT EXISTS delay integer;
DROP VIEW IF EXISTS event_queue_summary;
CREATE VIEW event_queue_summary AS
  SELECT
    name,
    COUNT(*) AS pending,
    COUNT(*) FILTER (WHERE attempts > 0) AS failed,
    AVG(attempts)::float8 AS average_attempts,
    MIN(created_at) AS first_failure,
    MAX(last_attempt) AS last_attempt,
    MAX(error) AS most_common_error,
    (array_agg(event_id ORDER BY last_attempt DESC NULLS LAST))[1] AS event_id,
    MAX(last_attempt) FILTER (WHERE error IS NOT NULL) AS last_failure
  FROM event_queue
  GROUP BY name;
