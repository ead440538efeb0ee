import { createFakeBackend, json, type FakeBackend } from '@opsdeck/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../client.ts';
import { getCatalogChanges, getConfigChange, getConfigDiffHistory } from './changeCalls.ts';
import {
  configCountRequest,
  configListFiltersOf,
  configListRequest,
  getConfigDetail,
  getConfigFilterOptions,
  getConfigList,
  getConfigSummary,
} from './configCalls.ts';
import { getConfigInsights } from './insightCalls.ts';
import { getConfigChecks, getConfigComponents, getRelatedConfigs } from './relationshipCalls.ts';
import { getConfigScrapers, getScraperJobs } from './scraperCalls.ts';

const pod = {
  id: 'c1',
  name: 'api-7d9f',
  type: 'Kubernetes::Pod',
  config_class: 'Pod',
  status: 'Running',
  health: 'healthy',
  labels: { app: 'api' },
  tags: { namespace: 'payments', cluster: 'prod' },
  created_at: '2026-11-01T10:00:00Z',
  changes: 4,
  analysis: { security: 1 },
  cost_total_30d: 12.5,
  agent: { id: '00000000-0000-0000-0000-000000000000', name: 'local' },
  extra_column: 'kept',
};

let backend: FakeBackend;
let client: ApiClient;
beforeAll(async () => {
  backend = await createFakeBackend({
    'GET /api/db/configs': json([pod], { headers: { 'Content-Range': '0-0/137' } }),
    'GET /api/db/config_detail': [{ ...pod, config: { kind: 'Pod' }, scraper: null }],
    'POST /api/catalog/summary': null,
    'POST /api/catalog/changes': {},
    'GET /api/db/config_changes': [
      { id: 'ch1', change_type: 'diff', diff: '--- a\n+++ b\n', config: { id: 'c1', name: 'x' } },
    ],
    'GET /api/db/config_analysis_items': json([], { headers: { 'Content-Range': '*/0' } }),
    'GET /api/db/rpc/related_configs_recursive': [
      { id: 'c1', name: 'api-7d9f', type: 'Kubernetes::Pod', related_ids: null },
    ],
    'GET /api/db/config_component_relationships': [
      { component_id: 'k1', component: { id: 'k1', name: 'payments', type: 'Service' } },
      { component_id: 'gone', component: null },
    ],
    'GET /api/db/check_summary_for_config': [{ id: 'h1', name: 'api-health', status: 'healthy' }],
    'GET /api/db/config_scrapers_with_status': [{ id: 's1', name: 'kubernetes', agent: null }],
    'GET /api/db/job_histories': json([], { headers: { 'Content-Range': '*/0' } }),
    'GET /api/db/config_types': [{ type: 'Kubernetes::Pod' }, { type: 'AWS::EC2::Instance' }],
    'GET /api/db/config_statuses': [{ status: 'Running' }],
    'GET /api/db/config_labels': [{ key: 'app', value: 'api' }],
    'GET /api/db/config_tags': [{ key: 'cluster', value: 'prod' }],
  });
  client = createApiClient({ baseUrl: `${backend.url}/api` });
});
afterAll(() => backend.close());
afterEach(() => backend.reset());

const lastQuery = (key: Parameters<FakeBackend['requestsTo']>[0]) => {
  const request = backend.requestsTo(key).at(-1)!;
  return { request, params: request.query };
};

describe('the configs list', () => {
  it('sends the reference request with an estimated count and reads the total from Content-Range', async () => {
    const page = await getConfigList(client, { pageIndex: 2, pageSize: 50 });
    expect(page.total).toBe(137);
    expect(page.data[0]).toMatchObject({ name: 'api-7d9f', extra_column: 'kept' });
    const { request, params } = lastQuery('GET /api/db/configs');
    // Exact up to the server's max rows, the planner's estimate above: 100k configs stay cheap.
    expect(request.headers.prefer).toBe('count=estimated');
    expect(params.get('select')).toBe(
      'id,type,config_class,status,health,labels,name,tags,created_at,updated_at,deleted_at,cost_per_minute,cost_total_1d,cost_total_30d,changes,analysis,agent:agents(id,name)',
    );
    // Sorting by type means type then name; deleted items are left out; page 3 of 50.
    expect(params.get('order')).toBe('type.asc,name.asc');
    expect(params.get('deleted_at')).toBe('is.null');
    expect(params.get('offset')).toBe('100');
    expect(params.get('limit')).toBe('50');
  });

  it('reads open insights by type (Mission Control) or as a plain total (apps/server)', async () => {
    backend.on('GET /api/db/configs', json([{ ...pod, analysis: 3 }]));
    expect((await getConfigList(client, { pageIndex: 0, pageSize: 50 })).data[0]!.analysis).toBe(3);
  });

  it('writes one type as eq, several as a tri-state, and search, labels and tags as PostgREST trees', () => {
    const one = new URL(
      configListRequest(client, {
        type: { include: ['AWS::EC2::Instance'] },
        status: { include: ['Running'], exclude: ['Pending'] },
        health: { exclude: ['unknown'] },
        labels: [{ key: 'app', value: 'api' }],
        tags: [{ key: 'cluster', value: 'dev', exclude: true }],
        pageIndex: 0,
        pageSize: 50,
        sortBy: 'name',
        sortOrder: 'desc',
      }).toRequest().url,
    ).searchParams;
    expect(one.get('type')).toBe('eq.AWS::EC2::Instance');
    expect(one.get('status.filter')).toBe('Running,!Pending');
    expect(one.get('health.filter')).toBe('!unknown');
    expect(one.get('or')).toBe('(and(labels->>app.eq.api,tags->>cluster.neq.dev))');
    expect(one.get('order')).toBe('name.desc');

    const searched = new URL(
      configListRequest(client, {
        type: { include: ['a', 'b'], exclude: ['c'] },
        search: 'pay',
        labels: [{ key: 'app.kubernetes.io/name', value: 'x,y' }],
        pageIndex: 0,
        pageSize: 25,
      }).toRequest().url,
    ).searchParams;
    expect(searched.get('type')).toBeNull();
    expect(searched.get('type.filter')).toBe('a,b,!c');
    expect(searched.get('or')).toBe(
      '(name.ilike.*pay*,type.ilike.*pay*,description.ilike.*pay*,namespace.ilike.*pay*)',
    );
    // A key with dots and a value with a comma are quoted so the tree reads back the same.
    expect(searched.get('and')).toBe('("labels->>app.kubernetes.io/name".eq."x,y")');
  });

  it('counts a list apart from its rows: the same filters, no row, count=estimated', () => {
    const query = {
      search: 'pay',
      health: { include: ['healthy'] },
      pageIndex: 3,
      pageSize: 50,
      sortBy: 'name' as const,
    };
    const rows = new URL(configListRequest(client, query).toRequest().url).searchParams;
    const count = configCountRequest(client, configListFiltersOf(query)).toRequest();
    const counted = new URL(count.url).searchParams;
    expect(count.headers.Prefer).toBe('count=estimated');
    expect(counted.get('select')).toBe('id');
    expect(counted.get('limit')).toBe('0');
    expect(counted.get('offset')).toBeNull();
    expect(counted.get('order')).toBeNull();
    for (const filter of ['or', 'health.filter', 'deleted_at']) {
      expect(counted.get(filter)).toBe(rows.get(filter));
    }
    // The count's key leaves the page and order out: paging or sorting finds it cached.
    expect(configListFiltersOf(query)).toEqual({ search: 'pay', health: { include: ['healthy'] } });
  });

  it('reads the filter options from the small views', async () => {
    expect(await getConfigFilterOptions(client)).toEqual({
      types: ['AWS::EC2::Instance', 'Kubernetes::Pod'],
      statuses: ['Running'],
      labels: [{ key: 'app', value: 'api' }],
      tags: [{ key: 'cluster', value: 'prod' }],
    });
  });
});

describe('the summary and the detail', () => {
  it('posts the reference body and reads a null reply as no groups', async () => {
    const rows = await getConfigSummary(client, {
      health: { include: ['unhealthy'] },
      labels: { app: 'api' },
    });
    expect(rows).toEqual([]);
    expect(backend.requestsTo('POST /api/catalog/summary')[0]!.body).toEqual({
      groupBy: ['type'],
      deleted: false,
      filter: { app: 'api' },
      health: 'unhealthy',
      changes: { since: '30d' },
      analysis: { since: '30d' },
      cost: '30d',
    });
  });

  it('reads one config_detail row, and null for an unknown id', async () => {
    const detail = await getConfigDetail(client, '2c4e6a8b-1d3f-4a5b-9c7d-e0f1a2b3c4d5');
    expect(detail?.config).toEqual({ kind: 'Pod' });
    expect(lastQuery('GET /api/db/config_detail').request.url).toBe(
      '/api/db/config_detail?select=*&id=eq.2c4e6a8b-1d3f-4a5b-9c7d-e0f1a2b3c4d5',
    );
    backend.on('GET /api/db/config_detail', []);
    expect(await getConfigDetail(client, '2c4e6a8b-1d3f-4a5b-9c7d-e0f1a2b3c4d6')).toBeNull();
  });
});

describe('changes', () => {
  it('posts the UI body and reads an empty {} reply as no changes', async () => {
    const reply = await getCatalogChanges(client, {
      configId: 'c1',
      severity: 'high',
      pageIndex: 1,
      pageSize: 20,
    });
    expect(reply).toEqual({ summary: {}, total: 0, changes: [] });
    expect(backend.requestsTo('POST /api/catalog/changes')[0]!.body).toEqual({
      id: 'c1',
      severity: 'high',
      from: 'now-2d',
      to: 'now',
      page: 2,
      page_size: 20,
      sort_by: '-created_at',
      recursive: 'none',
      include_deleted_configs: false,
    });
  });

  it('sends a depth only when following relationships, and an ascending sort without a dash', async () => {
    await getCatalogChanges(client, {
      recursive: 'all',
      sortBy: 'name',
      sortOrder: 'asc',
      from: 'now-7d',
      pageIndex: 0,
      pageSize: 50,
    });
    expect(backend.requestsTo('POST /api/catalog/changes')[0]!.body).toMatchObject({
      recursive: 'all',
      depth: 5,
      sort_by: 'name',
      from: 'now-7d',
    });
  });

  it('reads one change with its diff', async () => {
    const change = await getConfigChange(client, 'ch1');
    expect(change?.diff).toContain('+++ b');
    expect(lastQuery('GET /api/db/config_changes').params.get('id')).toBe('eq.ch1');
  });

  it('reads a config’s diffs newest first for the version comparison', async () => {
    await getConfigDiffHistory(client, 'c1');
    const { params } = lastQuery('GET /api/db/config_changes');
    expect(params.get('config_id')).toBe('eq.c1');
    expect(params.get('diff')).toBe('not.is.null');
    expect(params.get('order')).toBe('created_at.desc');
    expect(params.get('limit')).toBe('100');
  });
});

describe('insights, relationships, checks and scrapers', () => {
  it('filters insights with tri-states and orders by first observed, newest first', async () => {
    const page = await getConfigInsights(client, {
      configId: 'c1',
      status: { include: ['open'] },
      severity: { include: ['critical', 'high'] },
      tags: [{ key: 'cluster', value: 'prod' }],
      pageIndex: 0,
      pageSize: 50,
    });
    expect(page).toEqual({ data: [], total: 0 });
    const { params } = lastQuery('GET /api/db/config_analysis_items');
    expect(params.get('config_id')).toBe('eq.c1');
    expect(params.get('status.filter')).toBe('open');
    expect(params.get('severity.filter')).toBe('critical,high');
    expect(params.get('and')).toBe('(tags->>cluster.eq.prod)');
    expect(params.get('order')).toBe('first_observed.desc');
  });

  it('calls related_configs_recursive as the UI does, to depth 10 at most', async () => {
    const rows = await getRelatedConfigs(client, {
      configId: 'c1',
      direction: 'all',
      soft: true,
      maxDepth: 50,
    });
    expect(rows[0]!.related_ids).toEqual([]);
    expect(lastQuery('GET /api/db/rpc/related_configs_recursive').request.url).toBe(
      '/api/db/rpc/related_configs_recursive?config_id=c1&include_deleted_configs=false&max_depth=10&type_filter=all&incoming_relation=both&outgoing_relation=both',
    );
  });

  it('lists linked components (skipping deleted ones) and checks', async () => {
    expect(await getConfigComponents(client, 'c1')).toEqual([
      { id: 'k1', name: 'payments', type: 'Service' },
    ]);
    expect(await getConfigChecks(client, 'c1')).toEqual([
      { id: 'h1', name: 'api-health', status: 'healthy' },
    ]);
    expect(lastQuery('GET /api/db/check_summary_for_config').request.url).toBe(
      '/api/db/check_summary_for_config?config_id=eq.c1',
    );
  });

  it('lists scrapers and a scraper’s jobs', async () => {
    expect((await getConfigScrapers(client))[0]!.name).toBe('kubernetes');
    const { params } = lastQuery('GET /api/db/config_scrapers_with_status');
    expect(params.get('order')).toBe('created_at.desc');
    expect(params.get('limit')).toBe('100');
    expect(await getScraperJobs(client, { scraperId: 's1', pageIndex: 0, pageSize: 20 })).toEqual({
      data: [],
      total: 0,
    });
    expect(lastQuery('GET /api/db/job_histories').params.get('resource_id')).toBe('eq.s1');
  });

  it('falls back to the plain scrapers table where the status view is missing', async () => {
    backend.on('GET /api/db/config_scrapers_with_status', json('', { status: 404 }));
    backend.on('GET /api/db/config_scrapers', [{ id: 's2', name: 'aws' }]);
    expect((await getConfigScrapers(client))[0]!.name).toBe('aws');
    expect(lastQuery('GET /api/db/config_scrapers').params.get('select')).toBe('*');
  });
});
