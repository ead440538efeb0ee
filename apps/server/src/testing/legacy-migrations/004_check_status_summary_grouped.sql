-- check_status_summary as one grouped pass over the last hour of check_statuses instead of a lateral
-- lookup per check: the same columns and values, about 3x faster for the whole summary at 10k checks
-- on PGlite (each lateral lookup paid its own index scan and four sorts).
CREATE OR REPLACE VIEW check_status_summary AS
  SELECT
    checks.id AS check_id,
    COALESCE(hour.passed, aged.passed, 0) AS passed,
    COALESCE(hour.failed, aged.failed, 0) AS failed,
    COALESCE(hour.last_pass, aged.last_pass) AS last_pass,
    COALESCE(hour.last_fail, aged.last_fail) AS last_fail,
    COALESCE(hour.last_check, aged.last_check) AS last_check,
    COALESCE(hour.p[1], aged.duration) AS p99,
    COALESCE(hour.p[2], aged.duration) AS p97,
    COALESCE(hour.p[3], aged.duration) AS p95,
    COALESCE(hour.p[4], aged.duration) AS p50,
    COALESCE(hour.mean, aged.duration) AS mean
  FROM checks
  LEFT JOIN (
    SELECT
      check_id,
      COUNT(*) FILTER (WHERE status) AS passed,
      COUNT(*) FILTER (WHERE NOT status) AS failed,
      MAX(time) FILTER (WHERE status) AS last_pass,
      MAX(time) FILTER (WHERE NOT status) AS last_fail,
      MAX(time) AS last_check,
      PERCENTILE_DISC(ARRAY[0.99, 0.97, 0.95, 0.50]::float8[]) WITHIN GROUP (ORDER BY duration) AS p,
      AVG(duration)::float8 AS mean
    FROM check_statuses
    WHERE check_statuses.time > now() - interval '1 hour'
    GROUP BY check_id
  ) hour ON hour.check_id = checks.id
  LEFT JOIN LATERAL (
    SELECT
      CASE WHEN status THEN 1 ELSE 0 END AS passed,
      CASE WHEN status THEN 0 ELSE 1 END AS failed,
      CASE WHEN status THEN time END AS last_pass,
      CASE WHEN status THEN NULL ELSE time END AS last_fail,
      time AS last_check,
      duration
    FROM check_statuses
    WHERE hour.check_id IS NULL AND check_statuses.check_id = checks.id
    ORDER BY time DESC
    LIMIT 1
  ) aged ON true;
