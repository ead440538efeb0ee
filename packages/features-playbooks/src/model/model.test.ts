import { fixturePath } from '@opsdeck/testing';
import yaml from 'js-yaml';
import { DateTime } from 'luxon';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  parseResourceFilter,
  playbooksByCategory,
  resourceKindsOf,
  runDurationMs,
  runsRequest,
  statusLabel,
} from './playbooks.ts';
import { actionKindOf, actionResultView } from './results.ts';
import { checkSpecText, columnsFromSpec, newPlaybookSpec } from './specDocument.ts';

describe('action results by kind', () => {
  it('exec: stdout, stderr and the exit code', () => {
    expect(
      actionResultView({ stdout: 'ok\n', stderr: 'warn', exitCode: 2, path: '/bin/bash' }),
    ).toEqual({
      kind: 'exec',
      stdout: 'ok\n',
      stderr: 'warn',
      exitCode: 2,
    });
  });

  it('http: the status code, the body and the headers', () => {
    expect(
      actionResultView({
        code: 503,
        content: '{"up":false}',
        headers: { 'Content-Type': ['application/json'] },
      }),
    ).toEqual({
      kind: 'http',
      code: 503,
      body: '{"up":false}',
      headers: [['Content-Type', 'application/json']],
    });
  });

  it('sql: rows as a table with the declared columns, else the rows keys', () => {
    expect(
      actionResultView({
        query: 'select 1',
        rows: [{ a: 1, b: null }],
        count: 1,
        columns: ['a', 'b'],
      }),
    ).toEqual({ kind: 'sql', query: 'select 1', columns: ['a', 'b'], rows: [{ a: 1, b: null }] });
    expect(actionResultView({ query: 'q', rows: [{ x: 1 }, { y: 2 }] })).toMatchObject({
      columns: ['x', 'y'],
    });
  });

  it('pod logs (capital L), notifications, anything else as raw JSON, nothing as empty', () => {
    expect(actionResultView({ Logs: 'line' })).toEqual({ kind: 'logs', text: 'line' });
    expect(actionResultView({ title: 'T', message: 'M', slack: '' })).toEqual({
      kind: 'notification',
      title: 'T',
      message: 'M',
    });
    expect(actionResultView({ links: [] }, 'gitops')).toEqual({
      kind: 'raw',
      text: '{\n  "links": []\n}',
    });
    expect(actionResultView(null)).toEqual({ kind: 'empty' });
    expect(actionResultView({})).toEqual({ kind: 'empty' });
  });

  it("reads the action's kind from the run's spec, exec by default", () => {
    const spec = { actions: [{ name: 'probe', http: { url: 'x' } }, { name: 'other' }] };
    expect(actionKindOf(spec, 'probe')).toBe('http');
    expect(actionKindOf(spec, 'other')).toBe('exec');
    expect(actionKindOf(spec, 'missing')).toBeUndefined();
  });
});

describe('playbooks and runs', () => {
  it('lists the resource kinds a spec accepts, configs first', () => {
    expect(resourceKindsOf({ checks: [{}], configs: [{ types: ['x'] }] })).toEqual([
      'config',
      'check',
    ]);
    expect(resourceKindsOf({ components: [] })).toEqual([]);
  });

  it('groups by category, sorted, uncategorised last', () => {
    const groups = playbooksByCategory([
      { id: '1', title: 'B', spec: { category: 'Ops', parameters: [] } },
      { id: '2', title: 'A', category: 'Ops' },
      { id: '3', title: 'C' },
      { id: '4', title: 'D', category: 'Db' },
    ]);
    expect(groups.map((group) => [group.name, group.playbooks.map((p) => p.title)])).toEqual([
      ['Db', ['D']],
      ['Ops', ['A', 'B']],
      ['Uncategorized', ['C']],
    ]);
  });

  it('durations run from start to end, or to now while running', () => {
    expect(
      runDurationMs({ start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-01T00:00:05Z' }),
    ).toBe(5000);
    expect(
      runDurationMs({ start_time: '2026-01-01T00:00:00Z' }, Date.parse('2026-01-01T00:01:00Z')),
    ).toBe(60000);
    expect(runDurationMs({ start_time: null })).toBeUndefined();
  });

  it('labels statuses in words', () => {
    expect(statusLabel('pending_approval')).toBe('Pending approval');
  });

  it('turns the table state into the runs request', () => {
    const now = DateTime.fromISO('2026-03-01T12:00:00Z');
    expect(
      runsRequest(
        {
          pageIndex: 1,
          pageSize: 50,
          sortBy: undefined,
          sortOrder: undefined,
          filters: { status: 'failed', playbook: 'pb-1', resource: 'component:c-1' },
          timeRange: { type: 'relative', display: '1 hour', range: 'now-1h' },
        },
        now,
      ),
    ).toEqual({
      pageIndex: 1,
      pageSize: 50,
      status: 'failed',
      playbookId: 'pb-1',
      resource: { kind: 'component', id: 'c-1' },
      from: '2026-03-01T11:00:00.000Z',
      to: '2026-03-01T12:00:00.000Z',
    });
    expect(parseResourceFilter('nonsense')).toBeUndefined();
  });
});

describe('the spec editor document', () => {
  it('the new playbook template is valid', () => {
    expect(checkSpecText(newPlaybookSpec).problems).toEqual([]);
  });

  it('reports syntax errors and schema problems with their paths', () => {
    expect(checkSpecText('actions: [').problems).toHaveLength(1);
    expect(checkSpecText('title: x\nactions:\n  - exec: {}\n').problems).toContain(
      'actions[0].name: an action needs a name',
    );
  });

  // Issue 32 §1: each of these was valid in the editor and refused on save; the editor now asks
  // the server's own contract, so it says so as it is typed, at the same path.
  it.each([
    [
      'an action with an empty exec',
      'actions:\n  - name: a\n    exec: {}\n',
      'actions[0].exec.script',
    ],
    [
      'two parameters of one name',
      'parameters:\n  - name: x\n  - name: x\nactions:\n  - name: a\n    exec: {script: echo}\n',
      'parameters[1].name',
    ],
    [
      'a retry without a limit',
      'actions:\n  - name: a\n    retry: {duration: 1s}\n    exec: {script: echo}\n',
      'actions[0].retry.limit',
    ],
    [
      'a webhook path of two segments',
      'on:\n  webhook: {path: a/b}\nactions:\n  - name: a\n    exec: {script: echo}\n',
      'on.webhook.path',
    ],
    [
      'a canary trigger on an unknown event',
      'on:\n  canary: [{event: x}]\nactions:\n  - name: a\n    exec: {script: echo}\n',
      'on.canary[0].event',
    ],
  ])('refuses %s, naming its path', (_name, text, path) => {
    const { problems } = checkSpecText(text);
    expect(
      problems.some((problem) => problem.startsWith(`${path}: `)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('copies title, category, description and icon to the row', () => {
    expect(columnsFromSpec({ title: 'T', category: 'C', icon: 5 })).toEqual({
      title: 'T',
      category: 'C',
    });
  });

  const directory = 'mission-control/playbooks';
  const files = readdirSync(fixturePath(directory)).filter((name) => name.endsWith('.yaml'));
  it.each(files)('accepts the spec of %s', (file) => {
    const documents = yaml.loadAll(readFileSync(fixturePath(`${directory}/${file}`), 'utf8')) as {
      kind?: string;
      spec?: unknown;
    }[];
    for (const document of documents.filter((doc) => doc?.kind === 'Playbook')) {
      expect(checkSpecText(yaml.dump(document.spec)).problems).toEqual([]);
    }
  });
});
