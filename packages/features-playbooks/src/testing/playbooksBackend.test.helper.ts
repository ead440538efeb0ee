import { createFakeBackend, fixturePath, type FakeBackend } from '@opsdeck/testing';
import yaml from 'js-yaml';
import { readFileSync } from 'node:fs';

interface FixturePlaybook {
  metadata: { name: string };
  spec: Record<string, unknown> & { parameters?: Record<string, unknown>[] };
}

const fixture = (name: string) =>
  yaml.load(
    readFileSync(fixturePath(`mission-control/playbooks/${name}`), 'utf8'),
  ) as FixturePlaybook;

/** The fixtures' "Params Kitchen Sink" (every parameter type) and a parameterless http playbook. */
export const kitchenSink = fixture('params.yaml');
const httpFixture = fixture('http.yaml');

export const ids = {
  sink: '0190a000-0000-7000-8000-000000000001',
  http: '0190a000-0000-7000-8000-000000000002',
  namespace: '0190a000-0000-7000-8000-0000000000c1',
  run: '0190a000-0000-7000-8000-00000000a0e1',
  pendingRun: '0190a000-0000-7000-8000-00000000a0e2',
} as const;

export const playbookRows = [
  {
    id: ids.sink,
    name: kitchenSink.metadata.name,
    title: kitchenSink.spec.title,
    category: kitchenSink.spec.category,
    source: 'UI',
    spec: kitchenSink.spec,
  },
  {
    id: ids.http,
    name: httpFixture.metadata.name,
    title: 'HTTP probe',
    category: null,
    source: 'KubernetesCRD',
    spec: { ...httpFixture.spec, parameters: [] },
  },
];

export const runRows = [
  {
    id: ids.run,
    playbook_id: ids.sink,
    status: 'completed',
    created_at: '2026-11-25T10:00:00Z',
    start_time: '2026-11-25T10:00:01Z',
    end_time: '2026-11-25T10:00:04Z',
    config_id: ids.namespace,
    parameters: { 'text-input': 'hello run', checkbox: 'true' },
    playbooks: {
      id: ids.sink,
      name: 'params-sink',
      title: 'Params Kitchen Sink',
      spec: kitchenSink.spec,
    },
    config: { id: ids.namespace, name: 'kube-system', type: 'Kubernetes::Namespace' },
    created_by: { id: 'p1', name: 'Ada Admin' },
    playbook_approvals: [],
  },
  {
    id: ids.pendingRun,
    playbook_id: ids.http,
    status: 'pending_approval',
    created_at: '2026-11-25T10:05:00Z',
    parameters: {},
    playbooks: { id: ids.http, name: 'http', title: 'HTTP probe', spec: playbookRows[1]?.spec },
    playbook_approvals: [],
  },
];

export const runActions = [
  {
    id: 'a1',
    name: 'echo',
    status: 'completed',
    start_time: '2026-11-25T10:00:01Z',
    end_time: '2026-11-25T10:00:02Z',
    result: { stdout: 'hello run\n', stderr: '', exitCode: 0 },
  },
  {
    id: 'a2',
    name: 'probe',
    status: 'failed',
    error: 'exit status 1',
    result: { code: 503, content: 'unavailable', headers: { 'Content-Type': 'text/plain' } },
  },
  {
    id: 'a3',
    name: 'report',
    status: 'completed',
    result: { query: 'select name from config_items', rows: [{ name: 'kube-system' }], count: 1 },
  },
];

function parametersOf(id: string | undefined) {
  return id === ids.sink ? (kitchenSink.spec.parameters ?? []) : [];
}

/** Mission Control's playbook calls answering with the fixtures. */
export function startPlaybooksBackend(): Promise<FakeBackend> {
  return createFakeBackend({
    'GET /api/db/playbooks': ({ query }) => {
      const id = query.get('id')?.replace(/^eq\./, '');
      return id ? playbookRows.filter((row) => row.id === id) : playbookRows;
    },
    'GET /api/playbook/list': () => playbookRows.map(({ spec, ...row }) => ({ ...row, spec })),
    'POST /api/playbook/:id/params': ({ body }) => ({
      params: parametersOf((body as { id?: string }).id),
    }),
    'POST /api/playbook/run': { run_id: ids.run, starts_at: '2026-11-25T10:00:00Z' },
    'POST /api/playbook/run/approve/:id': { message: 'playbook run approved' },
    'POST /api/playbook/run/cancel/:id': { message: 'playbook run cancelled' },
    'GET /api/db/playbook_runs': ({ query }) => {
      const or = query.get('or') ?? '';
      const match = or.match(/^\(id\.eq\.([^,]+),/);
      if (match) return runRows.filter((run) => run.id === match[1]);
      // The runs list embeds no approvals (only a run's own page reads them).
      return runRows.map(({ playbook_approvals: _approvals, ...run }) => run);
    },
    'GET /api/db/rpc/get_playbook_run_actions': runActions,
    'POST /api/resources/search': ({ body }) => {
      const keys = Object.keys(body as object);
      return keys.includes('configs')
        ? { configs: [{ id: ids.namespace, name: 'kube-system', type: 'Kubernetes::Namespace' }] }
        : {};
    },
    'GET /api/db/teams': [{ id: 't1', name: 'platform' }],
    'GET /api/db/people': [{ id: 'p1', name: 'Ada Admin', email: 'ada@example.com' }],
  });
}
