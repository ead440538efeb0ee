import { createFakeBackend, json, type FakeBackend } from '@opsdeck/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../client.ts';
import { isApiError, messageFromBody } from '../errors.ts';
import {
  approvePlaybookRun,
  cancelPlaybookRun,
  getPlaybookParams,
  getPlaybookRun,
  getPlaybookRunActions,
  listPlaybookRuns,
  listPlaybooks,
  listPlaybooksForResource,
  runPlaybook,
  searchResources,
} from './calls.ts';
import { isFinalRunStatus, playbookParameterSchema } from './schemas.ts';

const run = {
  id: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
  playbook_id: 'pb-1',
  status: 'running',
  parameters: { namespace: 'default' },
  playbooks: { id: 'pb-1', name: 'restart', title: 'Restart', spec: { parameters: null } },
  check: { id: 'check-1', name: 'api-health', icon: 'http' },
  playbook_approvals: null,
  some_new_column: 1,
};

let backend: FakeBackend;
let client: ApiClient;
beforeAll(async () => {
  backend = await createFakeBackend({
    'GET /api/db/playbooks': [
      { id: 'pb-1', name: 'restart', spec: { title: 'Restart', actions: [] } },
    ],
    'GET /api/playbook/list': [{ id: 'pb-1', name: 'restart', parameters: null }],
    'POST /api/playbook/:id/params': { params: [{ name: 'namespace', default: 'default' }] },
    'POST /api/playbook/run': json(
      { run_id: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6', starts_at: '2026-01-01T00:00:00Z' },
      { status: 201 },
    ),
    'POST /api/playbook/run/approve/:id': { message: 'playbook run approved' },
    'POST /api/playbook/run/cancel/:id': { message: 'playbook run cancelled' },
    'GET /api/db/playbook_runs': json([run], { headers: { 'Content-Range': '0-0/42' } }),
    'GET /api/db/rpc/get_playbook_run_actions': [
      { id: 'a-1', name: 'restart', status: 'completed', result: { stdout: 'ok', exitCode: 0 } },
    ],
    'POST /api/resources/search': { checks: [{ id: 'check-1', name: 'api-health', type: 'http' }] },
  });
  client = createApiClient({ baseUrl: `${backend.url}/api` });
});
afterAll(() => backend.close());
afterEach(() => backend.reset());

describe('the playbook requests, as the reference UI sends them', () => {
  it('lists playbooks with their specs and creators, deleted ones left out', async () => {
    const playbooks = await listPlaybooks(client);
    expect(playbooks[0]?.spec?.title).toBe('Restart');
    const { query } = backend.last();
    expect(query.get('select')).toBe('*,created_by(id,name,avatar,email)');
    expect(query.get('deleted_at')).toBe('is.null');
    expect(query.get('order')).toBe('created_at.desc');
  });

  it('asks /playbook/list for one resource and reads null lists as empty', async () => {
    const items = await listPlaybooksForResource(client, { kind: 'check', id: 'check-1' });
    expect(items[0]?.parameters).toEqual([]);
    expect(backend.last().url).toBe('/api/playbook/list?check_id=check-1');
  });

  it('posts the playbook id in the params body with exactly one resource id', async () => {
    const params = await getPlaybookParams(client, 'pb-1', { kind: 'config', id: 'config-1' });
    expect(params.map((param) => param.name)).toEqual(['namespace']);
    expect(backend.last().path).toBe('/api/playbook/pb-1/params');
    expect(backend.last().body).toEqual({ id: 'pb-1', config_id: 'config-1' });
  });

  it('submits a run with string params and reads the run id', async () => {
    const reply = await runPlaybook(client, {
      playbookId: 'pb-1',
      resource: { kind: 'component', id: 'c-1' },
      params: { replicas: '3' },
    });
    expect(reply.run_id).toBe('7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6');
    expect(backend.last().body).toEqual({
      id: 'pb-1',
      component_id: 'c-1',
      params: { replicas: '3' },
    });
  });

  it("fails a refused run with the server's error field as the message", async () => {
    backend.on(
      'POST /api/playbook/run',
      json({ error: 'missing required parameter(s): a' }, { status: 400 }),
    );
    const failure = await runPlaybook(client, { playbookId: 'pb-1', params: {} }).catch(
      (e: unknown) => e,
    );
    expect(isApiError(failure) && messageFromBody(failure.body)).toBe(
      'missing required parameter(s): a',
    );
  });

  it('approves and cancels with no body', async () => {
    await approvePlaybookRun(client, '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6');
    expect(backend.last().path).toBe(
      '/api/playbook/run/approve/7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
    );
    expect(backend.last().body).toBeUndefined();
    await cancelPlaybookRun(client, '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6');
    expect(backend.last().path).toBe(
      '/api/playbook/run/cancel/7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
    );
  });

  it('filters the runs list and counts it', async () => {
    const page = await listPlaybookRuns(client, {
      pageIndex: 2,
      pageSize: 50,
      status: 'failed',
      playbookId: 'pb-1',
      resource: { kind: 'config', id: 'config-1' },
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-01-02T00:00:00.000Z',
    });
    expect(page.total).toBe(42);
    expect(page.rows[0]?.check?.name).toBe('api-health');
    expect(page.rows[0]?.playbook_approvals).toEqual([]);
    const request = backend.last();
    expect(request.headers.prefer).toContain('count=estimated');
    expect(request.query.get('config_id')).toBe('eq.config-1');
    expect(request.query.get('status')).toBe('eq.failed');
    expect(request.query.get('playbook_id')).toBe('eq.pb-1');
    expect(request.query.get('parent_id')).toBe('is.null');
    expect(request.query.get('limit')).toBe('50');
    expect(request.query.get('offset')).toBe('100');
    // The shared encoder quotes timestamps (their ':' is reserved); PostgREST reads both forms alike.
    expect(request.query.get('or')).toBe(
      '(and(start_time.gte."2026-01-01T00:00:00.000Z",start_time.lte."2026-01-02T00:00:00.000Z"),and(created_at.gte."2026-01-01T00:00:00.000Z",created_at.lte."2026-01-02T00:00:00.000Z"))',
    );
    expect(request.query.get('select')).toContain('check:checks(id,name,icon)');
  });

  it('reads a run with its child runs, and its actions', async () => {
    const detail = await getPlaybookRun(client, '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6');
    expect(detail?.run.parameters).toEqual({ namespace: 'default' });
    expect(backend.last().query.get('or')).toBe(
      '(id.eq.7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6,parent_id.eq.7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6)',
    );
    const actions = await getPlaybookRunActions(client, '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6');
    expect(actions[0]?.result).toEqual({ stdout: 'ok', exitCode: 0 });
    expect(backend.last().query.get('run_id')).toBe('7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6');
  });

  it('searches one kind of resource with agent all and the typed text', async () => {
    const items = await searchResources(client, { kind: 'check', search: 'api' });
    expect(items.map((item) => item.name)).toEqual(['api-health']);
    expect(backend.last().body).toEqual({ checks: [{ search: 'api', agent: 'all' }] });
  });
});

describe('parameters on the wire', () => {
  it("reads bare list options (a duration's choices in the real fixtures) as label and value", () => {
    const parameter = playbookParameterSchema.parse({
      name: 'window',
      type: 'duration',
      properties: { min: '5m', options: ['5m', '1h', { label: 'One day', value: '1d' }] },
    });
    expect(parameter.properties?.options).toEqual([
      { label: '5m', value: '5m' },
      { label: '1h', value: '1h' },
      { label: 'One day', value: '1d' },
    ]);
  });
});

describe('run statuses', () => {
  it('knows the final ones', () => {
    expect(['completed', 'failed', 'cancelled', 'timed_out'].every(isFinalRunStatus)).toBe(true);
    expect(['scheduled', 'running', 'pending_approval', 'waiting'].some(isFinalRunStatus)).toBe(
      false,
    );
  });
});
