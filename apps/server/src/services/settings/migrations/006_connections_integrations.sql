-- Connections are deleted softly (reference §6 "Connections": the console lists
-- `deleted_at=is.null` and deletes with a PATCH of deleted_at); the name stays unique among the
-- live ones only, so a deleted connection's name can be used again.
ALTER TABLE connections ADD COLUMN IF NOT EXISTS deleted_at timestamptz;
ALTER TABLE connections DROP CONSTRAINT IF EXISTS connections_name_namespace_key;
CREATE UNIQUE INDEX IF NOT EXISTS connections_live_name_idx
  ON connections (name, namespace) WHERE deleted_at IS NULL;

-- /settings/integrations (reference §6 "Integrations"): scrapers, topologies and log backends in one
-- list, each with its newest job run flattened into job_* columns, when it last failed, its agent
-- (null for log backends, which have none shown) and its creator.
CREATE OR REPLACE VIEW integrations AS
  SELECT id, name, COALESCE(description, '') AS description, 'scrapers'::text AS integration_type,
         source, agent_id, created_at, updated_at, deleted_at, created_by,
         'config_scraper'::text AS job_resource_kind
    FROM config_scrapers
  UNION ALL
  SELECT id, name, '', 'topologies', source, agent_id, created_at, updated_at, deleted_at,
         created_by, 'topology'
    FROM topologies
  UNION ALL
  SELECT id, name, '', 'logging_backends', source, agent_id, created_at, updated_at, deleted_at,
         created_by, 'logging_backend'
    FROM logging_backends;

CREATE OR REPLACE VIEW integrations_with_status AS
  WITH newest AS (
    SELECT DISTINCT ON (resource_type, resource_id) *
    FROM job_history
    WHERE resource_type IN ('config_scraper', 'topology', 'logging_backend')
    ORDER BY resource_type, resource_id, time_start DESC NULLS LAST, created_at DESC
  ),
  failed AS (
    SELECT resource_type, resource_id, MAX(time_start) AS job_last_failed
    FROM job_history
    WHERE status = 'FAILED' AND resource_type IN ('config_scraper', 'topology', 'logging_backend')
    GROUP BY resource_type, resource_id
  )
  SELECT
    integrations.id,
    integrations.name,
    integrations.description,
    integrations.integration_type,
    integrations.source,
    integrations.agent_id,
    integrations.created_at,
    integrations.updated_at,
    integrations.deleted_at,
    integrations.created_by,
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
    CASE WHEN integrations.integration_type = 'logging_backends' OR agents.id IS NULL THEN NULL
         ELSE jsonb_build_object('id', agents.id, 'name', agents.name) END AS agent,
    people.name AS creator_name,
    people.avatar AS creator_avatar,
    NULL::text AS creator_title,
    people.email AS creator_email
  FROM integrations
  LEFT JOIN newest ON newest.resource_type = integrations.job_resource_kind
    AND newest.resource_id = integrations.id::text
  LEFT JOIN failed ON failed.resource_type = integrations.job_resource_kind
    AND failed.resource_id = integrations.id::text
  LEFT JOIN agents ON agents.id = integrations.agent_id
  LEFT JOIN people ON people.id = integrations.created_by;
