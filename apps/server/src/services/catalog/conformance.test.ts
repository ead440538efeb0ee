import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { seedUuid } from '../../db/seed/random.ts';
import { seedNow, testDatabases } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';

const id = (key: string) => seedUuid(`opsdeck:${key}`);
const DAY = 86_400_000;
const SEVERITY_ORDER = ['critical', 'high', 'medium', 'low', 'info'];

interface Change {
  id: string;
  config_id: string;
  change_type: string;
  severity: string;
  created_at: string;
  name?: string;
  type?: string;
  tags?: Record<string, string>;
  [key: string]: unknown;
}
interface ChangesReply {
  summary?: Record<string, number>;
  total?: number;
  changes?: Change[];
}

describe.each(testDatabases('one'))('the catalog on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  // The seed's clock: recent enough that the 2-day default and the 7-day counts see its history.
  // The run's seed instant: the estate is a copy of the one every suite with these options shares.
  const now = seedNow();
  beforeAll(async () => {
    db = await target.openSeeded({ checks: 30, now });
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  const request = (path: string, who = 'viewer@local', init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { ...basic(who), 'Content-Type': 'application/json', ...init.headers },
    });
  const json = async <T = Record<string, unknown>[]>(path: string, who = 'viewer@local') => {
    const response = await request(`/api/db/${path}`, who);
    expect(response.status, path).toBeLessThan(300);
    return (await response.json()) as T;
  };
  const post = (path: string, body: unknown, who = 'viewer@local') =>
    request(path, who, { method: 'POST', body: JSON.stringify(body) });
  const changes = async (body: Record<string, unknown>) => {
    const response = await post('/api/catalog/changes', body);
    expect(response.status, JSON.stringify(body)).toBe(200);
    return (await response.json()) as ChangesReply;
  };
  const scalar = async (sql: string, params: unknown[] = []) =>
    (await db.query<{ n: number }>(sql, params)).rows[0]!.n;

  describe('the configs list', () => {
    const select =
      'select=id,type,config_class,status,health,labels,name,tags,created_at,updated_at,deleted_at,cost_per_minute,cost_total_1d,cost_total_30d,changes,analysis,agent:agents(id,name)';

    it('pages live configs by type then name with an exact count, as the list asks', async () => {
      const response = await request(
        `/api/db/configs?${select}&deleted_at=is.null&order=type.asc,name.asc&limit=50&offset=0`,
        'viewer@local',
        { headers: { Prefer: 'count=exact' } },
      );
      expect(response.status).toBe(206);
      const live = await scalar(
        'SELECT count(*)::int AS n FROM config_items WHERE deleted_at IS NULL',
      );
      expect(live).toBeGreaterThan(200);
      expect(response.headers.get('content-range')).toBe(`0-49/${live}`);
      const rows = (await response.json()) as Record<string, unknown>[];
      expect(rows).toHaveLength(50);
      const keys = rows.map((row) => `${String(row.type)}\u0000${String(row.name)}`);
      expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      for (const row of rows) {
        expect(typeof row.changes).toBe('number');
        expect(typeof row.analysis).toBe('number');
        expect(row.agent).toMatchObject({ id: expect.any(String), name: expect.any(String) });
      }
    });

    it('filters by type, health and search, and shows namespace, cost and open insights', async () => {
      const pods = await json(
        `configs?select=name,type,health,namespace&type=eq.Kubernetes::Pod&deleted_at=is.null&limit=500`,
      );
      expect(pods.length).toBeGreaterThan(40);
      expect(new Set(pods.map((row) => row.type))).toEqual(new Set(['Kubernetes::Pod']));
      expect(pods.every((row) => typeof row.namespace === 'string')).toBe(true);
      const failing = await json(
        'configs?select=name,health&health=in.(unhealthy,warning)&deleted_at=is.null',
      );
      expect(failing.length).toBeGreaterThan(0);
      expect(failing.every((row) => row.health !== 'healthy')).toBe(true);
      const search = await json(
        'configs?select=name,type,namespace&or=(name.ilike.*orders*,type.ilike.*orders*,description.ilike.*orders*,namespace.ilike.*orders*)',
      );
      expect(search.map((row) => row.name)).toEqual(['orders-db']);
      // The search reads stored lower() companions (migration 005): every term finds the rows ILIKE
      // on the view's columns finds, and the companions are nowhere in the API.
      for (const term of ['PO', 'pod-', 'kube', 'Namespace', 'db', 'x', 'zz-none']) {
        const { rows } = await db.query<{ id: string }>(
          `SELECT id FROM configs WHERE name ILIKE $1 OR type ILIKE $1 OR description ILIKE $1
             OR namespace ILIKE $1 ORDER BY id`,
          [`%${term}%`],
        );
        const found = await json(
          `configs?select=id&order=id&limit=1000&or=(${['name', 'type', 'description', 'namespace'].map((column) => `${column}.ilike.*${term}*`).join(',')})`,
        );
        expect(
          found.map((row) => row.id),
          term,
        ).toEqual(rows.map((row) => row.id));
      }
      for (const table of ['configs', 'config_items', 'config_detail']) {
        const [row] = await json(`${table}?limit=1`);
        expect(
          Object.keys(row!).filter((key) => key.endsWith('_folded')),
          table,
        ).toEqual([]);
        const refused = await request(`/api/db/${table}?select=name_folded`);
        expect(refused.status, table).toBe(400);
      }
      const [rds] = await json<Record<string, unknown>[]>(
        `configs?select=namespace,cost_per_minute,cost_total_30d&id=eq.${id('config:rds:0')}`,
      );
      expect(Number(rds!.cost_total_30d)).toBeGreaterThan(Number(rds!.cost_per_minute));
      // analysis counts a config's open insights (001's column type, kept).
      const open = await scalar(
        "SELECT count(*)::int AS n FROM config_analysis WHERE status = 'open'",
      );
      const withInsights = await json<{ analysis: number }[]>(
        'configs?select=id,analysis&analysis=gt.0&limit=1000',
      );
      expect(withInsights.reduce((sum, row) => sum + Number(row.analysis), 0)).toBe(open);
    });

    it('sorts by changes in the last 7 days either way, and counts a change written since', async () => {
      const page = async (direction: 'asc' | 'desc') =>
        json<{ id: string; changes: number }[]>(
          `configs?select=id,changes&deleted_at=is.null&order=changes.${direction}&limit=50`,
        );
      // Each live config's changes counted as the reference says, as of when the counts are.
      const { rows: live } = await db.query<{ id: string; n: number }>(
        `SELECT ci.id, count(cc.id)::int AS n
         FROM config_items ci CROSS JOIN opsdeck.config_change_windows w
         LEFT JOIN config_changes cc ON cc.config_id = ci.id
           AND cc.created_at > w.as_of - interval '7 days'
         WHERE ci.deleted_at IS NULL GROUP BY ci.id`,
      );
      const liveById = new Map(live.map((row) => [row.id, row.n]));
      const counts = live.map((row) => row.n);
      const most = await page('desc');
      expect(most.map((row) => row.changes)).toEqual(
        [...counts].sort((a, b) => b - a).slice(0, 50),
      );
      expect(most[0]!.changes).toBeGreaterThan(1);
      for (const row of most) expect(row.changes, row.id).toBe(liveById.get(row.id));
      const least = await page('asc');
      expect(least.map((row) => row.changes)).toEqual(
        [...counts].sort((a, b) => a - b).slice(0, 50),
      );

      // A change written through the API counts at once, and its deletion too.
      const quiet = least[0]!.id;
      const written = await request('/api/db/config_changes', 'editor@local', {
        method: 'POST',
        body: JSON.stringify({ config_id: quiet, change_type: 'SortProbe' }),
      });
      expect(written.status).toBe(201);
      const [after] = await json<{ changes: number }[]>(`configs?select=changes&id=eq.${quiet}`);
      expect(after!.changes).toBe(least[0]!.changes + 1);
      await db.query("DELETE FROM config_changes WHERE change_type = 'SortProbe'");
      const [restored] = await json<{ changes: number }[]>(`configs?select=changes&id=eq.${quiet}`);
      expect(restored!.changes).toBe(least[0]!.changes);
    });

    it('has realistic documents: a pod spec with resourceVersion and managedFields', async () => {
      const [pod] = await json<{ config: Record<string, Record<string, unknown>> }[]>(
        `config_items?select=config&id=eq.${id('config:pod:payments:api:0')}`,
      );
      expect(pod!.config.metadata).toMatchObject({
        namespace: 'payments',
        resourceVersion: expect.stringMatching(/^\d+$/),
        managedFields: expect.any(Array),
      });
      expect(pod!.config.spec).toMatchObject({ containers: expect.any(Array) });
    });
  });

  describe('the detail and the small views', () => {
    it('reads config_detail with its summary, scraper and agent, and the header name', async () => {
      const deployment = id('config:deploy:payments:api');
      const [detail] = await json(`config_detail?id=eq.${deployment}&select=*`);
      expect(detail).toMatchObject({
        id: deployment,
        name: 'api',
        type: 'Kubernetes::Deployment',
        scraper: { id: id('scraper:kubernetes'), name: 'kubernetes' },
        agent_name: expect.any(String),
        summary: {
          relationships: expect.any(Number),
          analysis: expect.any(Number),
          changes: expect.any(Number),
          playbook_runs: expect.any(Number),
          checks: expect.any(Number),
        },
      });
      expect(await json(`config_names?id=eq.${deployment}`)).toEqual([
        { id: deployment, type: 'Kubernetes::Deployment', external_id: null, name: 'api' },
      ]);
    });

    it('lists the option views: types, classes, statuses, tags, labels, keys, analyzers, change types', async () => {
      const types = (await json<{ type: string }[]>('config_types')).map((row) => row.type);
      for (const type of [
        'AWS::EC2::Instance',
        'AWS::RDS::DBInstance',
        'AWS::S3::Bucket',
        'Azure::Compute::VirtualMachine',
        'Kubernetes::Cluster',
        'Kubernetes::ConfigMap',
        'Kubernetes::Deployment',
        'Kubernetes::Namespace',
        'Kubernetes::Node',
        'Kubernetes::Pod',
        'Kubernetes::Service',
      ])
        expect(types).toContain(type);
      expect(types).toEqual([...types].sort());
      expect(await json('config_classes?config_class=eq.Pod')).toEqual([{ config_class: 'Pod' }]);
      const statuses = (await json<{ status: string }[]>('config_statuses')).map((r) => r.status);
      expect(statuses).toContain('CrashLoopBackOff');
      expect(statuses).not.toContain(null);
      expect(await json('config_tags?key=eq.namespace&value=eq.payments')).toEqual([
        { key: 'namespace', value: 'payments' },
      ]);
      expect(await json('config_labels?key=eq.app&value=eq.api')).toEqual([
        { key: 'app', value: 'api' },
      ]);
      const keys = (await json<{ key: string }[]>('config_tags_labels_keys')).map((r) => r.key);
      expect(keys).toEqual(expect.arrayContaining(['tag:namespace', 'label:app']));
      const analyzers = (await json<{ analyzer: string }[]>('config_analysis_analyzers')).map(
        (row) => row.analyzer,
      );
      const openAnalyzers = (
        await db.query<{ analyzer: string }>(
          "SELECT DISTINCT analyzer FROM config_analysis WHERE status = 'open' ORDER BY 1",
        )
      ).rows.map((row) => row.analyzer);
      expect(analyzers).toEqual(openAnalyzers);
      const changeTypes = (await json<{ change_type: string }[]>('change_types')).map(
        (row) => row.change_type,
      );
      expect(changeTypes).toEqual(expect.arrayContaining(['diff', 'BackOff', 'ModifyDBInstance']));
      expect((await json<unknown[]>('analysis_types')).length).toBeGreaterThan(3);
    });

    it('keeps the option views equal to a DISTINCT over the live configs through every write', async () => {
      // What 002's views computed from every row; 003 keeps the pairs and walks indexes.
      const distinct = async () => ({
        labels: (
          await db.query(
            `SELECT DISTINCT l.key, l.value FROM config_items,
               jsonb_each_text(coalesce(labels, '{}')) l WHERE deleted_at IS NULL ORDER BY 1, 2`,
          )
        ).rows,
        tags: (
          await db.query(
            `SELECT DISTINCT t.key, t.value FROM config_items,
               jsonb_each_text(coalesce(tags, '{}')) t WHERE deleted_at IS NULL ORDER BY 1, 2`,
          )
        ).rows,
        types: (
          await db.query(
            'SELECT DISTINCT type FROM config_items WHERE deleted_at IS NULL AND type IS NOT NULL ORDER BY 1',
          )
        ).rows,
        statuses: (
          await db.query(
            'SELECT DISTINCT status FROM config_items WHERE deleted_at IS NULL AND status IS NOT NULL ORDER BY 1',
          )
        ).rows,
        changeTypes: (await db.query('SELECT DISTINCT change_type FROM config_changes ORDER BY 1'))
          .rows,
      });
      const views = async () => ({
        labels: await json('config_labels'),
        tags: await json('config_tags'),
        types: await json('config_types'),
        statuses: await json('config_statuses'),
        changeTypes: await json('change_types'),
      });
      expect(await views()).toEqual(await distinct());

      const probe = id('config:options-probe');
      await db.query(
        `INSERT INTO config_items (id, config_class, type, name, status, labels, tags)
         VALUES ($1, 'Probe', 'Opsdeck::Probe', 'options-probe', 'Probing',
                 '{"probe": "one", "app": "api"}', '{"namespace": "probe-ns"}')`,
        [probe],
      );
      await db.query(
        `INSERT INTO config_changes (config_id, change_type) VALUES ($1, 'ProbeChanged')`,
        [probe],
      );
      const afterInsert = await views();
      expect(afterInsert.labels).toContainEqual({ key: 'probe', value: 'one' });
      expect(afterInsert.tags).toContainEqual({ key: 'namespace', value: 'probe-ns' });
      expect(afterInsert.types).toContainEqual({ type: 'Opsdeck::Probe' });
      expect(afterInsert.changeTypes).toContainEqual({ change_type: 'ProbeChanged' });
      expect(afterInsert).toEqual(await distinct());

      await db.query(`UPDATE config_items SET labels = '{"probe": "two"}' WHERE id = $1`, [probe]);
      const afterUpdate = await views();
      expect(afterUpdate.labels).toContainEqual({ key: 'probe', value: 'two' });
      expect(afterUpdate.labels).not.toContainEqual({ key: 'probe', value: 'one' });
      // Other configs still carry app=api.
      expect(afterUpdate.labels).toContainEqual({ key: 'app', value: 'api' });
      expect(afterUpdate).toEqual(await distinct());

      await db.query('UPDATE config_items SET deleted_at = now() WHERE id = $1', [probe]);
      const afterSoftDelete = await views();
      expect(afterSoftDelete.labels).not.toContainEqual({ key: 'probe', value: 'two' });
      expect(afterSoftDelete.types).not.toContainEqual({ type: 'Opsdeck::Probe' });
      expect(afterSoftDelete).toEqual(await distinct());

      await db.query('UPDATE config_items SET deleted_at = NULL WHERE id = $1', [probe]);
      expect((await views()).tags).toContainEqual({ key: 'namespace', value: 'probe-ns' });
      await db.query('DELETE FROM config_items WHERE id = $1', [probe]);
      expect(await views()).toEqual(await distinct());
      expect((await views()).tags).not.toContainEqual({ key: 'namespace', value: 'probe-ns' });
    });

    it('reads one change with its diff and config, insights with their config, and linked checks', async () => {
      const [diffRow] = (
        await db.query<{ id: string }>(
          "SELECT id FROM config_changes WHERE change_type = 'diff' AND diff IS NOT NULL LIMIT 1",
        )
      ).rows;
      const [change] = await json<Record<string, unknown>[]>(
        `config_changes?id=eq.${diffRow!.id}&select=id,config_id,change_type,created_at,external_created_by,source,diff,details,patches,created_by,config:configs(id,name,type,config_class)`,
      );
      expect(change!.diff).toMatch(/^--- a\/.+\n\+\+\+ b\/.+\n@@ -\d+,\d+ \+\d+,\d+ @@\n/);
      expect(JSON.parse(String(change!.patches))).toEqual(expect.any(Object));
      expect(change!.config).toMatchObject({ id: change!.config_id, name: expect.any(String) });
      const insights = await json<Record<string, unknown>[]>(
        'config_analysis_items?select=id,analysis_type,analyzer,summary,severity,status,source,first_observed,last_observed,config_name,config:configs(id,name,config_class,type)&status=eq.open&order=first_observed.desc&limit=20',
      );
      expect(insights.length).toBeGreaterThan(5);
      for (const insight of insights) {
        expect(insight.status).toBe('open');
        expect(insight.config).toMatchObject({ name: insight.config_name });
      }
      const checks = await json(`check_summary_for_config?config_id=eq.${id('config:rds:1')}`);
      expect(checks.length).toBeGreaterThan(0);
      expect(checks[0]).toMatchObject({ config_id: id('config:rds:1'), name: expect.any(String) });
    });

    it('lists the scrapers with their newest run, when one last failed, and their agent', async () => {
      const scrapers = await json<Record<string, unknown>[]>(
        'config_scrapers_with_status?select=*,created_by(id,name,avatar,email)&order=created_at.desc&deleted_at=is.null&limit=100',
      );
      const names = scrapers.map((scraper) => scraper.name);
      expect(names).toEqual(expect.arrayContaining(['kubernetes', 'aws']));
      for (const scraper of scrapers) {
        expect(scraper.agent).toMatchObject({ id: scraper.agent_id, name: expect.any(String) });
        expect(scraper.created_by).toMatchObject({ name: expect.any(String) });
        const runs = (
          await db.query<{ status: string; time_start: string | Date; success_count: number }>(
            `SELECT status, time_start, success_count FROM job_history
             WHERE resource_type = 'config_scraper' AND resource_id = $1 ORDER BY time_start DESC`,
            [scraper.id],
          )
        ).rows;
        if (runs.length === 0) {
          expect(scraper.job_status, String(scraper.name)).toBeNull();
          continue;
        }
        expect(scraper).toMatchObject({
          job_status: runs[0]!.status,
          job_success_count: runs[0]!.success_count,
          job_resource_type: 'config_scraper',
        });
        expect(Date.parse(String(scraper.job_time_start))).toBe(
          new Date(runs[0]!.time_start).getTime(),
        );
        const failed = runs.find((run) => run.status === 'FAILED');
        if (failed)
          expect(Date.parse(String(scraper.job_last_failed))).toBe(
            new Date(failed.time_start).getTime(),
          );
        else expect(scraper.job_last_failed).toBeNull();
      }
      // The demo's kubernetes scraper has runs of its own.
      expect(scrapers.find((scraper) => scraper.name === 'kubernetes')!.job_status).not.toBeNull();
    });

    it('has the catalog_changes columns the reference lists', async () => {
      const [row] = await json<Record<string, unknown>[]>('catalog_changes?limit=1');
      expect(Object.keys(row!).sort()).toEqual(
        [
          'id',
          'config_id',
          'name',
          'deleted_at',
          'type',
          'tags',
          'config',
          'external_created_by',
          'created_at',
          'severity',
          'change_type',
          'source',
          'summary',
          'details',
          'diff',
          'created_by',
          'count',
          'first_observed',
          'agent_id',
          'path',
          'inserted_at',
        ].sort(),
      );
    });
  });

  describe('the rpc functions', () => {
    const deployment = id('config:deploy:payments:api');
    const related = (query: string, who = 'viewer@local') =>
      request(`/api/db/rpc/related_configs_recursive?${query}`, who);

    it('walks a deployment to its pods, with itself and its parents along the path, by depth', async () => {
      const response = await related(
        `config_id=${deployment}&include_deleted_configs=false&max_depth=10&type_filter=outgoing&incoming_relation=hard&outgoing_relation=hard`,
      );
      expect(response.status).toBe(200);
      const rows = (await response.json()) as {
        id: string;
        type: string;
        related_ids: string[];
        changes: number;
      }[];
      const pods = (
        await db.query<{ id: string }>(
          'SELECT id FROM config_items WHERE parent_id = $1 AND deleted_at IS NULL',
          [deployment],
        )
      ).rows.map((row) => row.id);
      expect(rows.map((row) => row.id).sort()).toEqual(
        [deployment, id('config:ns:payments'), id('config:cluster'), ...pods].sort(),
      );
      // Parents first, then the config, then what it reaches.
      expect(rows.slice(0, 3).map((row) => row.type)).toEqual([
        'Kubernetes::Cluster',
        'Kubernetes::Namespace',
        'Kubernetes::Deployment',
      ]);
      for (const row of rows.filter((r) => pods.includes(r.id)))
        expect(row.related_ids).toEqual([deployment]);
      expect(Object.keys(rows[0]!)).not.toContain('config_class');
      // The deleted pod appears once deleted configs are asked for.
      const all = (await (
        await related(`config_id=${deployment}&include_deleted_configs=true&max_depth=10`)
      ).json()) as { id: string }[];
      expect(all.map((row) => row.id)).toContain(id('config:pod:payments:api:old'));
    });

    it('walks incoming and soft relationships: a pod to its node and the node to its EC2 instance', async () => {
      const pod = id('config:pod:payments:api:0');
      const rows = (await (
        await related(`config_id=${pod}&type_filter=outgoing&outgoing_relation=both&max_depth=2`)
      ).json()) as { id: string; type: string }[];
      expect(rows.map((row) => row.type)).toEqual(
        expect.arrayContaining(['Kubernetes::Node', 'AWS::EC2::Instance']),
      );
      const parents = (await (
        await related(`config_id=${pod}&type_filter=incoming&incoming_relation=hard`)
      ).json()) as { type: string }[];
      expect(parents.map((row) => row.type).sort()).toEqual([
        'Kubernetes::Cluster',
        'Kubernetes::Deployment',
        'Kubernetes::Namespace',
        'Kubernetes::Pod',
      ]);
    });

    it('refuses an invalid type_filter with a 400, and a missing config_id with a 404', async () => {
      const bad = await related(`config_id=${deployment}&type_filter=sideways`);
      expect(bad.status).toBe(400);
      expect(JSON.stringify(await bad.json())).toContain('Invalid type_filter value');
      expect((await related('type_filter=all')).status).toBe(404);
      expect((await related('config_id=not-a-uuid')).status).toBe(400);
    });

    it('answers lookup_analysis_by_component and the insight filter options', async () => {
      const { rows } = await db.query<{ component_id: string; n: number }>(
        `SELECT r.component_id, count(*)::int AS n FROM config_component_relationships r
         JOIN config_analysis a ON a.config_id = r.config_id
         GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
      );
      const analyses = await json<{ config_id: string; analyzer: string }[]>(
        `rpc/lookup_analysis_by_component?id=${rows[0]!.component_id}`,
      );
      expect(analyses).toHaveLength(rows[0]!.n);
      const options = await json<Record<string, unknown[]>>('rpc/config_analysis_filter_options');
      expect(Object.keys(options).sort()).toEqual([
        'analyzers',
        'catalogs',
        'config_types',
        'sources',
        'types',
      ]);
      expect(options.sources).toEqual(expect.arrayContaining(['AWS Trusted Advisor', 'Trivy']));
      const one = await json<Record<string, unknown[]>>(
        `rpc/config_analysis_filter_options?p_config_id=${analyses[0]!.config_id}`,
      );
      expect(one.catalogs).toHaveLength(1);
    });
  });

  describe('POST /api/catalog/changes', () => {
    it('answers the last two days by default, newest first, with the total and the page counts', async () => {
      const reply = await changes({});
      const total = await scalar(
        `SELECT count(*)::int AS n FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
         WHERE cc.created_at >= $1::timestamptz AND ci.deleted_at IS NULL`,
        [new Date(Date.now() - 2 * DAY).toISOString()],
      );
      expect(total).toBeGreaterThan(0);
      expect(reply.total).toBe(total);
      const rows = reply.changes!;
      expect(rows.length).toBe(Math.min(50, total));
      const times = rows.map((row) => Date.parse(row.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const counted = Object.values(reply.summary!).reduce((a, b) => a + b, 0);
      expect(counted).toBe(rows.length);
      for (const row of rows) {
        expect(row).not.toHaveProperty('diff');
        expect(row).not.toHaveProperty('details');
        expect(row).toMatchObject({
          id: expect.any(String),
          config_id: expect.any(String),
          change_type: expect.any(String),
          count: expect.any(Number),
          name: expect.any(String),
          type: expect.any(String),
        });
        expect(row).toHaveProperty('agent_id');
        expect(row).toHaveProperty('external_change_id');
      }
    });

    it('pages and sorts either way, and the GET form answers the same', async () => {
      const first = await changes({ from: 'now-60d', page_size: 10, sort_by: 'name' });
      const second = await changes({ from: 'now-60d', page_size: 10, page: 2, sort_by: 'name' });
      expect(second.total).toBe(first.total);
      const names = [...first.changes!, ...second.changes!].map((row) => row.name!);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(new Set([...first.changes!, ...second.changes!].map((row) => row.id)).size).toBe(20);
      const descending = await changes({ from: 'now-60d', page_size: 30, sort_by: '-count' });
      const counts = descending.changes!.map((row) => Number(row.count));
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      const viaGet = await request(
        '/api/catalog/changes?from=now-60d&page_size=10&sort_by=name&include_deleted_configs=false',
      );
      expect(viaGet.status).toBe(200);
      expect(await viaGet.json()).toEqual(first);
    });

    it('filters by config (recursively or not), config type, change type, severity and tags', async () => {
      const deployment = id('config:deploy:payments:api');
      const pods = (
        await db.query<{ id: string }>('SELECT id FROM config_items WHERE parent_id = $1', [
          deployment,
        ])
      ).rows.map((row) => row.id);
      const own = await changes({ id: deployment, recursive: 'none', from: 'now-60d' });
      expect(new Set(own.changes!.map((row) => row.config_id))).toEqual(new Set([deployment]));
      const tree = await changes({ id: deployment, from: 'now-60d', page_size: 500 });
      expect(tree.total).toBeGreaterThan(own.total!);
      expect(tree.changes!.every((row) => [deployment, ...pods].includes(row.config_id))).toBe(
        true,
      );
      const upstream = await changes({ id: deployment, recursive: 'upstream', from: 'now-60d' });
      expect(upstream.changes!.every((row) => !pods.includes(row.config_id))).toBe(true);
      const excluded = await changes({ id: `!${deployment}`, from: 'now-60d', page_size: 500 });
      expect(excluded.changes!.some((row) => row.config_id === deployment)).toBe(false);

      const podChanges = await changes({ config_type: 'Kubernetes__Pod', from: 'now-60d' });
      expect(new Set(podChanges.changes!.map((row) => row.type))).toEqual(
        new Set(['Kubernetes::Pod']),
      );
      const diffs = await changes({ type: 'diff', from: 'now-60d', page_size: 200 });
      expect(new Set(diffs.changes!.map((row) => row.change_type))).toEqual(new Set(['diff']));
      const notDiffs = await changes({ type: '!diff', from: 'now-60d', page_size: 200 });
      expect(notDiffs.changes!.some((row) => row.change_type === 'diff')).toBe(false);
      const prefixed = await changes({ type: 'Modify*', from: 'now-60d', page_size: 200 });
      expect(prefixed.changes!.every((row) => row.change_type.startsWith('Modify'))).toBe(true);
      expect(prefixed.total).toBeGreaterThan(0);

      const high = await changes({ severity: 'high', from: 'now-60d', page_size: 500 });
      expect(high.total).toBeGreaterThan(0);
      expect(high.changes!.every((row) => SEVERITY_ORDER.indexOf(row.severity) <= 1)).toBe(true);
      const payments = await changes({ tags: 'namespace=payments', from: 'now-60d' });
      expect(payments.changes!.every((row) => row.tags?.namespace === 'payments')).toBe(true);
      const range = await changes({ from: 'now-10d', to: 'now-5d', page_size: 500 });
      for (const row of range.changes!) {
        expect(Date.parse(row.created_at)).toBeGreaterThanOrEqual(Date.now() - 10 * DAY - 60_000);
        expect(Date.parse(row.created_at)).toBeLessThanOrEqual(Date.now() - 5 * DAY + 60_000);
      }
    });

    it('answers {} when nothing matches', async () => {
      expect(await changes({ type: 'NoSuchChange', from: 'now-60d' })).toEqual({});
      // A page past the end still has the total.
      const past = await changes({ from: 'now-60d', page: 10_000 });
      expect(Object.keys(past)).toEqual(['total']);
    });

    it.each([
      [{ sort_by: 'colour' }, 'sort_by'],
      [{ sort_by: '-diff' }, 'sort_by'],
      [{ page: -1 }, 'page'],
      [{ page: 0 }, 'page'],
      [{ page_size: 0 }, 'page_size'],
      [{ page_size: 5000 }, 'page_size'],
      [{ page: 'two' }, 'page'],
      [{ recursive: 'sideways' }, 'recursive'],
      [{ depth: -2 }, 'depth'],
      [{ include_deleted_configs: 'yes' }, 'include_deleted_configs'],
      [{ severity: 'urgent' }, 'severity'],
      [{ from: 'yesterday' }, 'from'],
      [{ to: 'now-2x' }, 'to'],
      [{ from: 'now-999999y' }, 'from'],
      [{ to: '2024-13-45T00:00:00Z' }, 'to'],
      [{ id: 'not-a-config' }, 'id'],
      [{ tags: 'a in (b' }, 'tags'],
      [{ agent_id: 'somewhere' }, 'agent_id'],
      [{ type: 'a,,b' }, 'type'],
    ])('refuses %j with a 400 naming %s', async (body, field) => {
      const response = await post('/api/catalog/changes', body);
      expect(response.status).toBe(400);
      const reply = (await response.json()) as { error: string; message: string };
      expect(reply.error).toBe('invalid');
      expect(reply.message).toContain(field);
    });

    it('ignores a bad filter when lenient, and refuses a body that is not JSON', async () => {
      const lenient = await post('/api/catalog/changes', { from: 'yesterday', lenient: true });
      expect(lenient.status).toBe(200);
      const garbage = await request('/api/catalog/changes', 'viewer@local', {
        method: 'POST',
        body: '{"page":',
      });
      expect(garbage.status).toBe(400);
      expect(await garbage.json()).toMatchObject({ error: 'invalid' });
      expect((await request('/api/catalog/changes?page=x')).status).toBe(400);
    });
  });

  describe('POST /api/catalog/summary', () => {
    interface SummaryRow {
      type?: string;
      namespace?: string | null;
      count: number;
      health: Record<string, number> | null;
      changes: number;
      analysis: Record<string, number>;
      cost_30d?: number | null;
    }
    const summary = async (body: unknown) => {
      const response = await post('/api/catalog/summary', body);
      expect(response.status, JSON.stringify(body)).toBe(200);
      return (await response.json()) as SummaryRow[] | null;
    };

    it('groups live configs by type with health, changes since, open insights and cost', async () => {
      const rows = (await summary({
        changes: { since: '30d' },
        analysis: { since: '30d' },
        cost: '30d',
      }))!;
      const live = await scalar(
        'SELECT count(*)::int AS n FROM config_items WHERE deleted_at IS NULL',
      );
      expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(live);
      const pods = rows.find((row) => row.type === 'Kubernetes::Pod')!;
      expect(Object.values(pods.health!).reduce((a, b) => a + b, 0)).toBe(pods.count);
      expect(pods.changes).toBeGreaterThan(0);
      const rds = rows.find((row) => row.type === 'AWS::RDS::DBInstance')!;
      expect(rds.cost_30d).toBeGreaterThan(0);
      expect(rows.map((row) => row.type)).toEqual(rows.map((row) => row.type).sort());
    });

    it('groups by a tag, filters by labels, health and status, and answers null for nothing', async () => {
      const byNamespace = (await summary({ groupBy: ['namespace'], filter: { app: 'api' } }))!;
      expect(byNamespace.map((row) => row.namespace)).toEqual(expect.arrayContaining(['payments']));
      const failing = (await summary({ health: 'unhealthy,warning' }))!;
      expect(
        failing.every((row) => Object.keys(row.health ?? {}).every((h) => h !== 'healthy')),
      ).toBe(true);
      expect(await summary({ status: 'NoSuchStatus' })).toBeNull();
    });

    it('reuses a computed reply until a catalog write through the API, then counts it', async () => {
      const body = { groupBy: ['type'], changes: { since: '30d' } };
      const type = 'Opsdeck::SummaryProbe';
      const first = (await summary(body))!;
      expect(first.find((row) => row.type === type)).toBeUndefined();
      // Written behind the API's back (as a scraper in a shared database would): not seen at once.
      const hidden = id('config:summary-probe:hidden');
      await db.query(
        `INSERT INTO config_items (id, config_class, type, name) VALUES ($1, 'Probe', $2, 'hidden')`,
        [hidden, type],
      );
      expect(await summary(body)).toEqual(first);
      // A write through /api/db forgets the kept replies: both probes are counted.
      const created = await request('/api/db/config_items', 'editor@local', {
        method: 'POST',
        body: JSON.stringify({
          id: id('config:summary-probe:api'),
          config_class: 'Probe',
          type,
          name: 'through the api',
        }),
      });
      expect(created.status).toBe(201);
      const after = (await summary(body))!;
      expect(after.find((row) => row.type === type)).toMatchObject({ count: 2 });
      // So does the bulk deletion.
      const deleted = await post(
        '/api/catalog/config-items/bulk-delete',
        { ids: [hidden, id('config:summary-probe:api')] },
        'editor@local',
      );
      expect(deleted.status).toBe(200);
      expect((await summary(body))!.find((row) => row.type === type)).toBeUndefined();
      await db.query('DELETE FROM config_items WHERE type = $1', [type]);
    });

    it('forgets a kept reply on a write to config_changes or config_analysis through the API', async () => {
      const body = { groupBy: ['type'], changes: { since: '30d' }, analysis: { since: '30d' } };
      const type = 'Opsdeck::SummaryProbeChanges';
      const probe = id('config:summary-probe:changes');
      const write = async (table: string, row: Record<string, unknown>) => {
        const response = await request(`/api/db/${table}`, 'editor@local', {
          method: 'POST',
          body: JSON.stringify(row),
        });
        expect(response.status, table).toBe(201);
      };
      const probeRow = async () => (await summary(body))!.find((row) => row.type === type)!;
      await write('config_items', { id: probe, config_class: 'Probe', type, name: 'probe' });
      expect(await probeRow()).toMatchObject({ count: 1, changes: 0, analysis: {} });
      const now = new Date().toISOString();
      await write('config_changes', { config_id: probe, change_type: 'diff', created_at: now });
      expect((await probeRow()).changes).toBe(1);
      await write('config_analysis', {
        config_id: probe,
        analyzer: 'probe',
        analysis_type: 'security',
        status: 'open',
        last_observed: now,
      });
      expect((await probeRow()).analysis).toEqual({ security: 1 });
      await db.query('DELETE FROM config_items WHERE id = $1', [probe]);
    });

    it('refuses an unknown cost range and a malformed groupBy with a 400', async () => {
      const cost = await post('/api/catalog/summary', { cost: 'week' });
      expect(cost.status).toBe(400);
      expect(await cost.json()).toMatchObject({
        error: 'invalid',
        message: 'cost range is not allowed. allowed (1h, 1d, 30d)',
      });
      expect((await post('/api/catalog/summary', { groupBy: 'type' })).status).toBe(400);
      expect((await post('/api/catalog/summary', { groupBy: ['bad key!'] })).status).toBe(400);
      expect((await post('/api/catalog/summary', { changes: { since: 'ever' } })).status).toBe(400);
    });
  });

  describe('the role matrix', () => {
    const reads = [
      'configs?limit=1',
      'config_items?limit=1',
      'config_detail?limit=1',
      'config_changes?limit=1',
      'config_analysis?limit=1',
      'config_analysis_items?limit=1',
      'config_relationships?limit=1',
      'config_component_relationships?limit=1',
      'catalog_changes?limit=1',
      'config_types',
      'config_tags?limit=1',
      'config_labels?limit=1',
      'change_types',
      'config_scrapers_with_status?limit=1',
      `rpc/related_configs_recursive?config_id=${id('config:cluster')}`,
      'rpc/config_analysis_filter_options',
    ];

    it('lets every role but guest read the catalog; a guest gets 403 and no session 401', async () => {
      for (const who of ['admin@local', 'editor@local', 'viewer@local', 'commander@local'])
        for (const path of reads)
          expect((await request(`/api/db/${path}`, who)).status, `${who} ${path}`).toBe(200);
      for (const path of reads) {
        expect((await request(`/api/db/${path}`, 'guest@local')).status, path).toBe(403);
        expect((await fetch(`${server.url}/api/db/${path}`)).status, path).toBe(401);
      }
      for (const path of ['/api/catalog/changes', '/api/catalog/summary']) {
        expect((await post(path, {}, 'commander@local')).status).toBe(200);
        const guest = await post(path, {}, 'guest@local');
        expect(guest.status).toBe(403);
        expect(await guest.json()).toMatchObject({ error: 'forbidden' });
        expect((await fetch(`${server.url}${path}`, { method: 'POST', body: '{}' })).status).toBe(
          401,
        );
      }
    });

    it('lets only editors and admins write: a relationship, a config, a bulk delete', async () => {
      const relationship = {
        config_id: id('config:deploy:payments:web'),
        related_id: id('config:rds:1'),
        relation: 'uses',
      };
      for (const who of ['viewer@local', 'commander@local', 'responder@local', 'guest@local']) {
        const response = await request('/api/db/config_relationships', who, {
          method: 'POST',
          body: JSON.stringify(relationship),
        });
        expect(response.status, who).toBe(403);
        const patch = await request(`/api/db/config_items?id=eq.${id('config:s3:2')}`, who, {
          method: 'PATCH',
          body: JSON.stringify({ description: 'changed' }),
        });
        expect(patch.status, who).toBe(403);
        expect(
          (await post('/api/catalog/config-items/bulk-delete', { ids: [id('config:s3:2')] }, who))
            .status,
          who,
        ).toBe(403);
      }
      const created = await request('/api/db/config_relationships', 'editor@local', {
        method: 'POST',
        body: JSON.stringify(relationship),
      });
      expect(created.status).toBe(201);
      const patched = await request(
        `/api/db/config_items?id=eq.${id('config:s3:2')}`,
        'admin@local',
        { method: 'PATCH', body: JSON.stringify({ description: 'the logs bucket' }) },
      );
      expect(patched.status).toBeLessThan(300);

      // Deleting is soft: the config's changes leave the default list and stay with include_deleted_configs.
      const bucket = id('config:s3:2');
      const before = await changes({ id: bucket, recursive: 'none', from: 'now-60d' });
      const deleted = await post(
        '/api/catalog/config-items/bulk-delete',
        { ids: [bucket] },
        'editor@local',
      );
      expect(deleted.status).toBe(200);
      expect(await deleted.json()).toEqual({ deleted: 1, ids: [bucket] });
      expect(await changes({ id: bucket, recursive: 'none', from: 'now-60d' })).toEqual({});
      const kept = await changes({
        id: bucket,
        recursive: 'none',
        from: 'now-60d',
        include_deleted_configs: true,
      });
      expect(kept.total).toBe(before.total);
      expect(
        (await post('/api/catalog/config-items/bulk-delete', { ids: ['x'] }, 'editor@local'))
          .status,
      ).toBe(400);
    });
  });
});
