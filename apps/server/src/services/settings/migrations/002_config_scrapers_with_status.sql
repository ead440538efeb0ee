-- The scrapers list of the catalog (reference §3 "Scrapers list"): each scraper with its newest run
-- from job_history flattened into job_* columns, when it last failed, and its agent. Here and not in
-- the catalog's migrations because job_history is this module's table and this module runs after
-- the catalog's.

CREATE OR REPLACE VIEW config_scrapers_with_status AS
  WITH runs AS (
    SELECT * FROM job_history WHERE resource_type = 'config_scraper'
  ),
  newest AS (
    SELECT DISTINCT ON (resource_id) *
    FROM runs
    ORDER BY resource_id, time_start DESC NULLS LAST, created_at DESC
  ),
  failed AS (
    SELECT resource_id, MAX(time_start) AS job_last_failed
    FROM runs
    WHERE status = 'FAILED'
    GROUP BY resource_id
  )
  SELECT
    config_scrapers.*,
    newest.name AS job_name,
    newest.success_count AS job_success_count,
    newest.error_count AS job_error_count,
    newest.details AS job_details,
    newest.hostname AS job_hostname,
    newest.duration_millis AS job_duration_millis,
    newest.resource_type AS job_resource_type,
    newest.status AS job_status,
    newest.time_start AS job_time_start,
    newest.time_end AS job_time_end,
    newest.created_at AS job_created_at,
    failed.job_last_failed,
    jsonb_build_object('id', agents.id, 'name', agents.name) AS agent
  FROM config_scrapers
  LEFT JOIN newest ON newest.resource_id = config_scrapers.id::text
  LEFT JOIN failed ON failed.resource_id = config_scrapers.id::text
  LEFT JOIN agents ON agents.id = config_scrapers.agent_id;
