import type { SqlRunner } from '../../db/database.ts';

export interface BenchCatalogOptions {
  /** Config items to add (the root and its namespaces count). */
  count: number;
  /** Key prefix of every id and pseudo-random value, so the same options give the same rows. */
  key: string;
  now: Date;
  scraperId: string;
}

/** From this many configs on, the generated catalog has a hub (see seedBenchHub). */
const BENCH_HUB_THRESHOLD = 10_000;
/** How many of the generated pods the hub is related to. */
const BENCH_HUB_RELATED = 2_000;

/**
 * A generated catalog for benchmarks (`--configs N`): a cluster, up to 100 namespaces, and the rest
 * pods, deployments, services, config maps, EC2 instances and S3 buckets spread over them, with
 * labels, tags and health; two changes per config over 30 days (every third a diff) and an insight
 * on one in twenty. Made by the database (generate_series, opsdeck.seed_hash) in a few statements,
 * so 100k configs seed in seconds rather than in 100k bound rows. From BENCH_HUB_THRESHOLD configs
 * on, one more config, a hub, is related to 2,000 of the pods (see seedBenchHub).
 */
export async function seedBenchCatalog(db: SqlRunner, options: BenchCatalogOptions): Promise<void> {
  const { count, key, now, scraperId } = options;
  const groups = Math.max(1, Math.min(100, Math.floor(count / 1000)));
  const leaves = Math.max(0, count - 1 - groups);
  const at = now.toISOString();
  const root = `opsdeck.seed_uuid($1 || ':config:root')`;
  await db.query(
    `INSERT INTO config_items (id, scraper_id, path, config_class, type, name, status, health,
       labels, tags, config, created_at, updated_at, last_scraped_time, inserted_at)
     VALUES (${root}, $2, '', 'Cluster', 'Kubernetes::Cluster', 'bench-cluster', 'Running',
       'healthy', '{"bench": "true"}', '{"cluster": "bench"}',
       '{"kind": "Cluster", "version": {"gitVersion": "v1.30.2"}}', $3::timestamptz - interval '90 days',
       $3::timestamptz, $3::timestamptz, $3::timestamptz)`,
    [key, scraperId, at],
  );
  await db.query(
    `INSERT INTO config_items (id, scraper_id, parent_id, path, config_class, type, name, status,
       health, labels, tags, config, created_at, updated_at, last_scraped_time, inserted_at)
     SELECT opsdeck.seed_uuid($1 || ':config:ns:' || g), $2, ${root}, ${root}::text, 'Namespace',
       'Kubernetes::Namespace', 'bench-ns-' || lpad(g::text, 3, '0'), 'Active', 'healthy',
       jsonb_build_object('bench', 'true'),
       jsonb_build_object('cluster', 'bench', 'namespace', 'bench-ns-' || lpad(g::text, 3, '0')),
       jsonb_build_object('kind', 'Namespace', 'metadata',
         jsonb_build_object('name', 'bench-ns-' || lpad(g::text, 3, '0'))),
       $3::timestamptz - interval '80 days', $3::timestamptz, $3::timestamptz, $3::timestamptz
     FROM generate_series(0, $4::int - 1) AS g`,
    [key, scraperId, at, groups],
  );
  // One row of facts per config: its number, group, kind (by a hash, weighted towards pods) and a
  // few more hashes for health, age and labels.
  await db.query(
    `WITH facts AS (
       SELECT i, i % $4::int AS g, opsdeck.seed_hash($1 || ':kind:' || i) % 20 AS k,
              opsdeck.seed_hash($1 || ':health:' || i) % 100 AS h,
              opsdeck.seed_hash($1 || ':age:' || i) % (90 * 24 * 60) AS age
       FROM generate_series(0, $5::int - 1) AS i
     ),
     kinds AS (
       SELECT facts.*,
         (ARRAY['Kubernetes::Pod','Kubernetes::Pod','Kubernetes::Pod','Kubernetes::Pod',
                'Kubernetes::Pod','Kubernetes::Pod','Kubernetes::Pod','Kubernetes::Pod',
                'Kubernetes::Pod','Kubernetes::Pod','Kubernetes::Deployment',
                'Kubernetes::Deployment','Kubernetes::Deployment','Kubernetes::Service',
                'Kubernetes::Service','Kubernetes::ConfigMap','Kubernetes::ConfigMap',
                'AWS::EC2::Instance','AWS::EC2::Instance','AWS::S3::Bucket'])[k + 1] AS type,
         'bench-ns-' || lpad(g::text, 3, '0') AS namespace,
         CASE WHEN h < 90 THEN 'healthy' WHEN h < 95 THEN 'warning'
              WHEN h < 99 THEN 'unhealthy' ELSE 'unknown' END AS health
       FROM facts
     )
     INSERT INTO config_items (id, scraper_id, parent_id, path, config_class, type, name, status,
       health, ready, labels, tags, config, cost_per_minute, cost_total_1d, cost_total_7d,
       cost_total_30d, created_at, updated_at, last_scraped_time, inserted_at)
     SELECT opsdeck.seed_uuid($1 || ':config:' || i), $2,
       opsdeck.seed_uuid($1 || ':config:ns:' || g),
       ${root}::text || '.' || opsdeck.seed_uuid($1 || ':config:ns:' || g)::text,
       split_part(type, '::', array_length(string_to_array(type, '::'), 1)), type,
       lower(split_part(type, '::', array_length(string_to_array(type, '::'), 1))) || '-'
         || lpad(i::text, 6, '0'),
       CASE health WHEN 'healthy' THEN 'Running' WHEN 'warning' THEN 'Pending'
                   WHEN 'unhealthy' THEN 'CrashLoopBackOff' ELSE 'Unknown' END,
       health, health = 'healthy',
       jsonb_build_object('app', 'app-' || (i % 50), 'team',
         (ARRAY['platform','payments','sre','data'])[i % 4 + 1], 'bench', 'true'),
       jsonb_build_object('cluster', 'bench', 'namespace', namespace),
       jsonb_build_object('kind', split_part(type, '::', 2), 'metadata',
         jsonb_build_object('name', 'bench-' || i, 'namespace', namespace,
           'resourceVersion', (1000000 + i)::text),
         'spec', jsonb_build_object('replicas', 1 + i % 3)),
       CASE WHEN type LIKE 'AWS::%' THEN 0.0010 + (i % 7) * 0.0003 END,
       CASE WHEN type LIKE 'AWS::%' THEN (0.0010 + (i % 7) * 0.0003) * 1440 END,
       CASE WHEN type LIKE 'AWS::%' THEN (0.0010 + (i % 7) * 0.0003) * 10080 END,
       CASE WHEN type LIKE 'AWS::%' THEN (0.0010 + (i % 7) * 0.0003) * 43200 END,
       $3::timestamptz - make_interval(mins => age), $3::timestamptz - make_interval(mins => age / 3),
       $3::timestamptz, $3::timestamptz
     FROM kinds
     -- Written kind by kind, each in name order, as a scraper lists and saves one kind at a time.
     -- The list's default order (type, name) then walks the table's pages in turn; rows of all
     -- kinds interleaved page by page make a broad search at 100k configs about 1.7 times slower.
     ORDER BY type, i`,
    [key, scraperId, at, groups, leaves],
  );
  // Two changes per config over the last 30 days; every third a diff of the image.
  await db.query(
    `INSERT INTO config_changes (id, config_id, change_type, severity, source, summary, diff,
       details, created_at, first_observed, count, inserted_at)
     SELECT opsdeck.seed_uuid($1 || ':change:' || i || ':' || c),
       opsdeck.seed_uuid($1 || ':config:' || i),
       CASE WHEN (i + c) % 3 = 0 THEN 'diff'
            ELSE (ARRAY['Pulled','Scheduled','Started','BackOff','Killing','UPDATE'])[(i + c) % 6 + 1] END,
       (ARRAY['info','info','info','low','low','medium','high','critical'])[(i * 7 + c) % 8 + 1],
       'kubernetes',
       CASE WHEN (i + c) % 3 = 0 THEN 'image app-' || (i % 50) || ' 1.' || c || ' → 1.' || (c + 1)
            ELSE 'event on bench-' || i END,
       CASE WHEN (i + c) % 3 = 0 THEN
         E'--- a/bench-' || i || E'\\n+++ b/bench-' || i || E'\\n@@ -1,3 +1,3 @@\\n "spec": {\\n-  "image": "app-'
         || (i % 50) || ':1.' || c || E'"\\n+  "image": "app-' || (i % 50) || ':1.' || (c + 1)
         || E'"\\n' END,
       jsonb_build_object('reason', 'bench'),
       $2::timestamptz - make_interval(mins => opsdeck.seed_hash($1 || ':at:' || i || ':' || c) % (30 * 24 * 60)),
       $2::timestamptz - make_interval(mins => opsdeck.seed_hash($1 || ':at:' || i || ':' || c) % (30 * 24 * 60)),
       1, $2::timestamptz
     FROM generate_series(0, $3::int - 1) AS i, generate_series(0, 1) AS c`,
    [key, at, leaves],
  );
  await db.query(
    `INSERT INTO config_analysis (id, config_id, analyzer, analysis_type, severity, status, summary,
       message, source, first_observed, last_observed)
     SELECT opsdeck.seed_uuid($1 || ':analysis:' || i), opsdeck.seed_uuid($1 || ':config:' || i),
       (ARRAY['no-resource-limits','CVE-2024-45337','single-replica'])[i % 3 + 1],
       (ARRAY['reliability','security','availability'])[i % 3 + 1],
       (ARRAY['low','medium','high','critical'])[i % 4 + 1],
       CASE WHEN i % 7 = 0 THEN 'resolved' ELSE 'open' END,
       'bench finding', 'generated for benchmarks', 'bench',
       $2::timestamptz - interval '10 days', $2::timestamptz - interval '1 hour'
     FROM generate_series(0, $3::int - 1, 20) AS i`,
    [key, at, leaves],
  );
  if (count >= BENCH_HUB_THRESHOLD) await seedBenchHub(db, { ...options, leaves });
}

/**
 * `bench-hub-node`, a node the first 2,000 generated pods run on (soft relationships, as a
 * scraper records a node's pods): the relationships page's graph and list at 2,000 nodes (issue
 * 16). An extra row with ids of its own, so the generated configs, their changes and insights stay
 * exactly as they are without it.
 */
async function seedBenchHub(
  db: SqlRunner,
  options: BenchCatalogOptions & { leaves: number },
): Promise<void> {
  const { key, now, scraperId, leaves } = options;
  const at = now.toISOString();
  const hub = `opsdeck.seed_uuid($1 || ':config:hub')`;
  await db.query(
    `INSERT INTO config_items (id, scraper_id, parent_id, path, config_class, type, name, status,
       health, ready, labels, tags, config, created_at, updated_at, last_scraped_time, inserted_at)
     VALUES (${hub}, $2, opsdeck.seed_uuid($1 || ':config:root'),
       opsdeck.seed_uuid($1 || ':config:root')::text, 'Node', 'Kubernetes::Node',
       'bench-hub-node', 'Ready', 'healthy', true, '{"bench": "true"}', '{"cluster": "bench"}',
       '{"kind": "Node", "metadata": {"name": "bench-hub-node"}}',
       $3::timestamptz - interval '60 days', $3::timestamptz, $3::timestamptz, $3::timestamptz)`,
    [key, scraperId, at],
  );
  // The pods are the generated configs whose kind hash picks Kubernetes::Pod (the first ten kinds).
  await db.query(
    `INSERT INTO config_relationships (config_id, related_id, relation, created_at, updated_at)
     SELECT ${hub}, opsdeck.seed_uuid($1 || ':config:' || i), 'NodePod', $2::timestamptz,
       $2::timestamptz
     FROM generate_series(0, $3::int - 1) AS i
     WHERE opsdeck.seed_hash($1 || ':kind:' || i) % 20 < 10
     ORDER BY i
     LIMIT $4::int`,
    [key, at, leaves, BENCH_HUB_RELATED],
  );
}
