-- Views the console reads. Percentiles follow duty: PERCENTILE_DISC over the last hour, falling back to
-- the latest status when a check has not run within the hour.
CREATE OR REPLACE VIEW check_status_summary AS
  SELECT
    checks.id AS check_id,
    COALESCE(hour.passed, aged.passed, 0) AS passed,
    COALESCE(hour.failed, aged.failed, 0) AS failed,
    COALESCE(hour.last_pass, aged.last_pass) AS last_pass,
    COALESCE(hour.last_fail, aged.last_fail) AS last_fail,
    COALESCE(hour.last_check, aged.last_check) AS last_check,
    COALESCE(hour.p99, aged.duration) AS p99,
    COALESCE(hour.p97, aged.duration) AS p97,
    COALESCE(hour.p95, aged.duration) AS p95,
    COALESCE(hour.p50, aged.duration) AS p50,
    COALESCE(hour.mean, aged.duration) AS mean
  FROM checks
  LEFT JOIN LATERAL (
    SELECT
      COUNT(*) FILTER (WHERE status) AS passed,
      COUNT(*) FILTER (WHERE NOT status) AS failed,
      MAX(time) FILTER (WHERE status) AS last_pass,
      MAX(time) FILTER (WHERE NOT status) AS last_fail,
      MAX(time) AS last_check,
      PERCENTILE_DISC(0.99) WITHIN GROUP (ORDER BY duration) AS p99,
      PERCENTILE_DISC(0.97) WITHIN GROUP (ORDER BY duration) AS p97,
      PERCENTILE_DISC(0.95) WITHIN GROUP (ORDER BY duration) AS p95,
      PERCENTILE_DISC(0.50) WITHIN GROUP (ORDER BY duration) AS p50,
      AVG(duration)::float8 AS mean
    FROM check_statuses
    WHERE check_statuses.check_id = checks.id AND check_statuses.time > now() - interval '1 hour'
    HAVING COUNT(*) > 0
  ) hour ON true
  LEFT JOIN LATERAL (
    SELECT
      CASE WHEN status THEN 1 ELSE 0 END AS passed,
      CASE WHEN status THEN 0 ELSE 1 END AS failed,
      CASE WHEN status THEN time END AS last_pass,
      CASE WHEN status THEN NULL ELSE time END AS last_fail,
      time AS last_check,
      duration
    FROM check_statuses
    WHERE hour.passed IS NULL AND check_statuses.check_id = checks.id
    ORDER BY time DESC
    LIMIT 1
  ) aged ON true;

CREATE OR REPLACE VIEW check_summary AS
  SELECT
    checks.id,
    checks.canary_id,
    checks.agent_id,
    json_strip_nulls(json_build_object(
      'passed', s.passed, 'failed', s.failed, 'last_pass', s.last_pass, 'last_fail', s.last_fail
    )) AS uptime,
    json_strip_nulls(json_build_object(
      'p99', s.p99, 'p97', s.p97, 'p95', s.p95, 'p50', s.p50, 'avg', s.mean, 'rolling1h', 0
    )) AS latency,
    checks.last_transition_time,
    checks.type,
    checks.icon,
    checks.name,
    checks.status,
    checks.description,
    checks.namespace,
    canaries.namespace AS canary_namespace,
    canaries.name AS canary_name,
    COALESCE(canaries.labels, '{}'::jsonb) || COALESCE(checks.labels, '{}'::jsonb) AS labels,
    checks.severity,
    checks.owner,
    checks.last_runtime,
    checks.created_at,
    checks.updated_at,
    checks.deleted_at,
    checks.silenced_at
  FROM checks
  INNER JOIN canaries ON checks.canary_id = canaries.id
  LEFT JOIN check_status_summary s ON s.check_id = checks.id;

CREATE OR REPLACE VIEW checks_by_component AS
  SELECT
    check_component_relationships.component_id,
    checks.id,
    checks.type,
    checks.name,
    checks.severity,
    checks.status,
    checks.icon,
    checks.labels,
    checks.canary_id
  FROM check_component_relationships
  INNER JOIN checks ON checks.id = check_component_relationships.check_id
  WHERE check_component_relationships.deleted_at IS NULL AND checks.deleted_at IS NULL;

CREATE OR REPLACE VIEW check_summary_for_config AS
  SELECT check_config_relationships.config_id, check_summary.*
  FROM check_config_relationships
  INNER JOIN check_summary ON check_summary.id = check_config_relationships.check_id
  WHERE check_config_relationships.deleted_at IS NULL;

CREATE OR REPLACE VIEW check_names AS
  SELECT id, canary_id, name, status, type FROM checks WHERE deleted_at IS NULL ORDER BY name;

CREATE OR REPLACE VIEW check_labels AS
  SELECT DISTINCT d.key, d.value
  FROM checks, jsonb_each_text(COALESCE(checks.labels, '{}'::jsonb)) d
  WHERE checks.deleted_at IS NULL
  UNION
  SELECT DISTINCT d.key, d.value
  FROM canaries, jsonb_each_text(COALESCE(canaries.labels, '{}'::jsonb)) d
  WHERE canaries.deleted_at IS NULL;

CREATE OR REPLACE VIEW configs AS
  SELECT
    ci.id,
    ci.scraper_id,
    ci.agent_id,
    ci.config_class,
    ci.external_id,
    ci.type,
    ci.name,
    ci.labels->>'namespace' AS namespace,
    ci.description,
    ci.source,
    ci.labels,
    ci.tags,
    ci.created_by,
    ci.created_at,
    ci.updated_at,
    ci.deleted_at,
    ci.cost_per_minute,
    ci.cost_total_1d,
    ci.cost_total_7d,
    ci.cost_total_30d,
    ci.status,
    ci.health,
    ci.ready,
    ci.path,
    ci.parent_id,
    ci.properties,
    (SELECT COUNT(*) FROM config_changes cc WHERE cc.config_id = ci.id) AS changes,
    (SELECT COUNT(*) FROM config_analysis ca WHERE ca.config_id = ci.id AND ca.status = 'open') AS analysis
  FROM config_items ci;

CREATE OR REPLACE VIEW job_histories AS
  SELECT
    job_history.*,
    COALESCE(canaries.name, topologies.name, config_scrapers.name, playbooks.name, job_history.resource_id) AS resource_name,
    agents.name AS agent
  FROM job_history
  LEFT JOIN agents ON agents.id = job_history.agent_id
  LEFT JOIN canaries ON job_history.resource_type = 'canary' AND canaries.id::text = job_history.resource_id
  LEFT JOIN topologies ON job_history.resource_type = 'topology' AND topologies.id::text = job_history.resource_id
  LEFT JOIN config_scrapers ON job_history.resource_type = 'config_scraper' AND config_scrapers.id::text = job_history.resource_id
  LEFT JOIN playbooks ON job_history.resource_type = 'playbook' AND playbooks.id::text = job_history.resource_id;

CREATE OR REPLACE VIEW job_history_names AS
  SELECT DISTINCT name FROM job_history ORDER BY name;

CREATE OR REPLACE VIEW event_queue_summary AS
  SELECT
    name,
    COUNT(*) AS pending,
    COUNT(*) FILTER (WHERE attempts > 0) AS failed,
    AVG(attempts)::float8 AS average_attempts,
    MIN(created_at) AS first_failure,
    MAX(last_attempt) AS last_attempt,
    MAX(error) AS most_common_error
  FROM event_queue
  GROUP BY name;

CREATE OR REPLACE VIEW agents_summary AS
  SELECT
    agents.*,
    (SELECT COUNT(*) FROM config_items WHERE config_items.agent_id = agents.id AND config_items.deleted_at IS NULL) AS config_count,
    (SELECT COUNT(*) FROM checks WHERE checks.agent_id = agents.id AND checks.deleted_at IS NULL) AS checks_count,
    (SELECT COUNT(*) FROM playbook_runs WHERE playbook_runs.agent_id = agents.id) AS playbook_runs_count,
    (SELECT MAX(time_end) FROM job_history WHERE job_history.agent_id = agents.id) AS last_job_time
  FROM agents
  WHERE agents.deleted_at IS NULL;

-- duty: a status change stamps last_transition_time.
CREATE OR REPLACE FUNCTION update_last_transition_time_for_check() RETURNS trigger AS $$
BEGIN
  NEW.last_transition_time = now();
  RETURN NEW;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS checks_last_transition_time ON checks;
CREATE TRIGGER checks_last_transition_time BEFORE UPDATE ON checks
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE PROCEDURE update_last_transition_time_for_check();
