import type { SqlRunner } from '../../db/database.ts';

export interface BenchRunsOptions {
  /** Runs to add. */
  count: number;
  /** Key prefix of every id and pseudo-random value, so the same options give the same rows. */
  key: string;
  now: Date;
  /** Who started them. */
  createdBy: string;
  /** Config items some runs act on (the demo's deployments). */
  configIds: readonly string[];
}

/**
 * A generated run history for benchmarks (`--playbook-runs N`): runs of every playbook already
 * seeded, over the last 90 days, in final statuses only (completed mostly, failed, cancelled,
 * timed out) so the runner never picks any of them up; a third act on a config, one in twenty is a
 * child of the run before it (the runs list shows top-level runs). Made by the database
 * (generate_series, opsdeck.seed_hash), so 100k runs seed in seconds; no action rows.
 */
export async function seedBenchPlaybookRuns(
  db: SqlRunner,
  options: BenchRunsOptions,
): Promise<void> {
  const { count, key, now, createdBy, configIds } = options;
  if (count <= 0) return;
  await db.query(
    `WITH books AS (
       SELECT array_agg(id ORDER BY name) AS ids, array_agg(spec ORDER BY name) AS specs
       FROM playbooks WHERE deleted_at IS NULL
     ),
     facts AS (
       SELECT i,
              opsdeck.seed_hash($1 || ':run:book:' || i) AS b,
              opsdeck.seed_hash($1 || ':run:status:' || i) % 100 AS s,
              opsdeck.seed_hash($1 || ':run:age:' || i) % (90 * 24 * 3600) AS age,
              opsdeck.seed_hash($1 || ':run:took:' || i) % 600 AS took,
              opsdeck.seed_hash($1 || ':run:config:' || i) AS c
       FROM generate_series(0, $2::int - 1) AS i
     )
     INSERT INTO playbook_runs (id, playbook_id, parent_id, status, spec, parameters, config_id,
       start_time, end_time, scheduled_time, timeout, created_by, created_at, error)
     SELECT opsdeck.seed_uuid($1 || ':run:' || i),
       books.ids[1 + b % array_length(books.ids, 1)],
       CASE WHEN i % 20 = 19 THEN opsdeck.seed_uuid($1 || ':run:' || (i - 1)) END,
       CASE WHEN s < 80 THEN 'completed' WHEN s < 94 THEN 'failed'
            WHEN s < 98 THEN 'cancelled' ELSE 'timed_out' END,
       books.specs[1 + b % array_length(books.ids, 1)],
       '{}'::jsonb,
       CASE WHEN cardinality($5::uuid[]) > 0 AND c % 3 = 0
            THEN ($5::uuid[])[1 + c % cardinality($5::uuid[])] END,
       $3::timestamptz - make_interval(secs => age),
       $3::timestamptz - make_interval(secs => age) + make_interval(secs => took + 1),
       $3::timestamptz - make_interval(secs => age),
       1800000000000, $4::uuid,
       $3::timestamptz - make_interval(secs => age),
       CASE WHEN s >= 80 AND s < 94 THEN 'exit status 1'
            WHEN s >= 98 THEN 'playbook run timed out' END
     FROM facts, books`,
    [key, count, now.toISOString(), createdBy, configIds],
  );
}
