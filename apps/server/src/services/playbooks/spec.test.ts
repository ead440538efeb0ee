// Every Playbook under shared/fixtures/mission-control/playbooks (read in place, never copied) must
// load: its spec accepted, its parameters served with defaults rendered, its actions validated;
// and the template and CEL evaluation the runner relies on, case by case.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fixturePath } from '@opsdeck/testing';
import { loadAll } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.ts';
import {
  actionShouldRun,
  delayMillis,
  evaluateCel,
  ExpressionError,
  parseDuration,
  retryDelayMillis,
} from './cel.ts';
import { ParameterError, renderParameters, resolveParameters } from './params.ts';
import { selectorMatches } from './resources.ts';
import { actionKind, ACTION_KINDS, parsePlaybookSpec } from './spec.ts';
import { renderTemplate, TemplateError } from './template.ts';

// fixturePath finds shared/ beside the main checkout from a linked worktree too.
const root = fixturePath('mission-control/playbooks');

function yamlFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(entry) ? [path] : [];
  });
}

interface PlaybookDocument {
  kind?: string;
  metadata?: { name?: string };
  spec?: unknown;
}

const playbooks = yamlFiles(root).flatMap((path) =>
  (loadAll(readFileSync(path, 'utf8')) as PlaybookDocument[])
    .filter((doc) => doc?.kind === 'Playbook')
    .map((doc) => ({
      file: path.slice(root.length),
      name: doc.metadata?.name ?? '',
      spec: doc.spec,
    })),
);

const resourceData = {
  params: {},
  config: { id: 'c0', name: 'web-7d9f', type: 'Kubernetes::Pod', tags: { namespace: 'prod' } },
  check: { id: 'k0', name: 'api health', labels: { pod: 'api-0' } },
  component: { id: 'p0', name: 'payments', status: 'healthy' },
  user: { id: 'u0', name: 'Admin', email: 'admin@local' },
  env: {},
};

describe('the Playbook fixtures of Mission Control', () => {
  it('are all read (the folder is not empty)', () => {
    expect(playbooks.length).toBeGreaterThanOrEqual(45);
  });

  it.each(playbooks)(
    '$file ($name) is accepted, its parameters served and its actions valid',
    ({ spec }) => {
      const parsed = parsePlaybookSpec(spec);
      if (!parsed.ok) throw new Error(parsed.message);
      const served = renderParameters(parsed.spec, resourceData);
      const declared = (spec as { parameters?: { name: string }[] }).parameters ?? [];
      expect(served.map((parameter) => parameter.name)).toEqual(declared.map((p) => p.name));
      for (const parameter of served)
        if (parameter.default !== undefined)
          expect(parameter.default).not.toContain('{{.config.name}}');
      for (const action of parsed.spec.actions) expect(ACTION_KINDS).toContain(actionKind(action));
    },
  );

  it('renders a default against the resource', () => {
    const fixture = playbooks.find((playbook) => playbook.name === 'notify-send-with-filter')!;
    const parsed = parsePlaybookSpec(fixture.spec);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(renderParameters(parsed.spec, resourceData)[0]!.default).toBe('web-7d9f');
  });
});

describe('a bad spec', () => {
  it('is refused with the path of the error', () => {
    const check = (spec: unknown) => {
      const parsed = parsePlaybookSpec(spec);
      return parsed.ok ? 'ok' : parsed.message;
    };
    expect(check({ actions: [] })).toMatch(/spec\.actions: a playbook needs at least one action/);
    expect(check({ actions: [{ name: 'a', exec: {} }] })).toMatch(
      /spec\.actions\[0\]\.exec\.script/,
    );
    expect(check({ actions: [{ name: 'a' }] })).toMatch(
      /spec\.actions\[0\]: an action needs exactly one of/,
    );
    expect(check({ actions: [{ name: 'a', exec: { script: 'x' }, http: { url: 'y' } }] })).toMatch(
      /exactly one kind, got exec and http/,
    );
    expect(
      check({
        actions: [
          { name: 'a', exec: { script: 'x' } },
          { name: 'a', exec: { script: 'y' } },
        ],
      }),
    ).toMatch(/spec\.actions\[1\]\.name: action name "a" is used twice/);
    expect(
      check({
        parameters: [{ name: 'p', type: 'colour' }],
        actions: [{ name: 'a', exec: { script: 'x' } }],
      }),
    ).toMatch(/spec\.parameters\[0\]\.type/);
    expect(check('not a spec')).toMatch(/^playbook validation failed/);
  });
});

describe('templates', () => {
  const data = {
    params: { name: 'web', n: '3', empty: '' },
    config: { name: 'api', tags: { namespace: 'prod' } },
    check: { name: 'probe', labels: { pod: 'api-0' } },
    component: { name: 'payments' },
    run: { id: 'r1' },
    user: { email: 'admin@local' },
  };
  const functions = {
    getAction: (name: unknown) =>
      name === 'diagnose' ? { result: { json: '{"summary":"disk full"}', stdout: 'ok' } } : {},
    getLastAction: () => ({ result: { slack: 'S' } }),
    last_result: () => ({ count: 4 }),
  };
  const render = (source: string) => renderTemplate(source, data, functions);

  it('fills the placeholders the real runner does', () => {
    expect(render('{{.params.name}} {{.config.name}} {{.config.tags.namespace}}')).toBe(
      'web api prod',
    );
    expect(render('{{.check.name}}/{{.component.name}}/{{.run.id}}/{{.user.email}}')).toBe(
      'probe/payments/r1/admin@local',
    );
    expect(render('{{index .check.labels "pod"}}')).toBe('api-0');
    expect(render('{{(getAction "diagnose").result.stdout}}')).toBe('ok');
    expect(
      render('{{$d := (getAction "diagnose").result.json | json}}{{index $d "summary"}}'),
    ).toBe('disk full');
    expect(render('{{$rows:=index last_result "count"}}Found {{$rows}}')).toBe('Found 4');
    expect(render('{{ getLastAction.result.slack }}')).toBe('S');
    expect(render('{{ .params.empty | default "none" }}')).toBe('none');
    expect(render(`{{.params.name | shellQuote}}`)).toBe(`'web'`);
    expect(render(`{{"it's" | shellQuote}}`)).toBe(`'it'\\''s'`);
    expect(render('{{if eq .params.name "web"}}yes{{else}}no{{end}}')).toBe('yes');
    expect(
      render('{{if eq .params.name "x"}}1{{else if eq .params.name "web"}}2{{else}}3{{end}}'),
    ).toBe('2');
    expect(render('{{range .config.tags}}[{{.}}]{{end}}')).toBe('[prod]');
    expect(render('a  {{- " b " -}}  c')).toBe('a b c');
    expect(render('{{.missing.deeper}}|')).toBe('|');
    expect(render('no placeholders')).toBe('no placeholders');
  });

  it('names an unknown function, and refuses broken syntax', () => {
    expect(() => render('{{ explode .params.name }}')).toThrow(
      new TemplateError('function "explode" not defined'),
    );
    expect(() => render('{{ constructor }}')).toThrow(/function "constructor" not defined/);
    expect(() => render('{{ .params.name ')).toThrow(TemplateError);
    expect(() => render('{{if .params.name}}x')).toThrow(/missing \{\{end\}\}/);
  });
});

describe('CEL conditions', () => {
  const ok = { name: 'first', status: 'completed', result: { count: 2, stdout: 'hi' } };
  const bad = { name: 'second', status: 'failed', result: {}, error: 'exit status 1' };
  const state = (previous: (typeof ok | typeof bad)[]) => ({
    variables: { params: { delay: '2s', env: 'prod' }, config: { name: 'api' } },
    previous,
  });

  it('runs after success by default; failure() and always() after a failure', () => {
    expect(actionShouldRun(undefined, state([ok]))).toBe(true);
    expect(actionShouldRun(undefined, state([ok, bad]))).toBe(false);
    expect(actionShouldRun('success()', state([ok, bad]))).toBe(false);
    expect(actionShouldRun('failure()', state([ok, bad]))).toBe(true);
    expect(actionShouldRun('failure()', state([ok]))).toBe(false);
    expect(actionShouldRun('always()', state([ok, bad]))).toBe(true);
    expect(actionShouldRun('skip()', state([ok]))).toBe(false);
  });

  it('reads parameters and earlier actions', () => {
    expect(actionShouldRun('params.env == "prod"', state([]))).toBe(true);
    expect(actionShouldRun('last_result().count > 0', state([ok]))).toBe(true);
    expect(actionShouldRun('getAction("first").result.stdout == "hi"', state([ok]))).toBe(true);
    expect(actionShouldRun('success() && params.env != "prod"', state([ok]))).toBe(false);
    expect(evaluateCel('size(params.env)', state([]))).toBe(4);
  });

  it('names an unknown function and refuses a non-boolean condition', () => {
    expect(() => actionShouldRun('explode()', state([]))).toThrow(ExpressionError);
    expect(() => actionShouldRun('explode()', state([]))).toThrow(/unknown function explode\(\)/);
    expect(() => actionShouldRun('params.env', state([]))).toThrow(/must evaluate to a boolean/);
    expect(() => actionShouldRun('1 +', state([]))).toThrow(ExpressionError);
  });

  it('gives delays from durations and expressions', () => {
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('soon')).toBeUndefined();
    expect(delayMillis('30s', state([]))).toBe(30_000);
    expect(delayMillis('params.delay', state([]))).toBe(2000);
    expect(delayMillis(undefined, state([]))).toBe(0);
    expect(() => delayMillis('params.env', state([]))).toThrow(/must give a duration/);
  });
});

describe('parameter validation (settings §5)', () => {
  const served = renderParameters(
    {
      actions: [{ name: 'a', exec: { script: 'true' } }],
      parameters: [
        {
          name: 'reason',
          type: 'text',
          required: true,
          properties: { minLength: 3, maxLength: 10 },
        },
        { name: 'host', type: 'text', properties: { format: 'dns1123' } },
        { name: 'code', type: 'text', properties: { regex: '^[A-Z]{3}$' } },
        { name: 'replicas', type: 'text', properties: { format: 'number', min: 1, max: 5 } },
        { name: 'memory', type: 'bytes' },
        { name: 'cpu', type: 'millicores' },
        { name: 'force', type: 'checkbox', default: 'false' },
        { name: 'size', type: 'list', properties: { options: [{ label: 'S', value: 's' }, 'm'] } },
        { name: 'window', type: 'duration', default: '15m', properties: { min: '5m', max: '1h' } },
        { name: 'pod', type: 'config' },
        { name: 'values', type: 'code', properties: { language: 'json' } },
      ],
    },
    {},
  );
  const check = (params: Record<string, unknown>) => {
    try {
      return resolveParameters(served, params);
    } catch (error) {
      if (error instanceof ParameterError) return error.message;
      throw error;
    }
  };

  it('fills defaults and keeps values as strings', () => {
    expect(check({ reason: 'stuck', replicas: 3, force: true, values: { a: 1 } })).toEqual({
      reason: 'stuck',
      replicas: '3',
      force: 'true',
      window: '15m',
      values: '{"a":1}',
    });
  });

  it('refuses what the spec forbids, naming each field', () => {
    expect(check({})).toBe('missing required parameter(s): reason');
    expect(check({ reason: 'x', nope: '1' })).toBe('unknown parameter(s): nope');
    const message = String(
      check({
        reason: 'ab',
        host: 'Bad_Host',
        code: 'abc',
        replicas: '9',
        memory: '512MB',
        cpu: '0.5',
        force: 'yes',
        size: 'xl',
        window: '2h',
        pod: 'not-a-uuid',
        values: '{',
      }),
    );
    for (const expected of [
      'reason: must be at least 3 characters',
      'host: must be lowercase',
      'code: must match ^[A-Z]{3}$',
      'replicas: must be at most 5',
      'memory: must be a number with a unit of Mi, Gi or Ti',
      'cpu: must be a whole number of millicores',
      'force: must be true or false',
      'size: must be one of s, m',
      'window: must be at most 1h',
      'pod: must be the id (a uuid) of a config',
      'values: must be valid JSON',
    ])
      expect(message).toContain(expected);
    expect(
      check({ reason: 'fine', memory: '2Gi', cpu: '500m', size: 's', host: 'api.prod-1' }),
    ).toMatchObject({
      memory: '2Gi',
      cpu: '500m',
    });
    expect(check({ reason: { no: 1 } })).toContain('reason: must be a string');
  });
});

describe('resource selectors', () => {
  const resource = {
    kind: 'config' as const,
    row: {
      id: 'c1',
      name: 'web-7d9f',
      type: 'Kubernetes::Pod',
      namespace: 'prod',
      status: 'Running',
      health: 'healthy',
      tags: { namespace: 'prod', cluster: 'eu' },
      labels: { app: 'web' },
      agent_id: '00000000-0000-0000-0000-000000000000',
    },
  };
  it('match on every field given, and an empty selector matches nothing', () => {
    expect(selectorMatches({ types: ['Kubernetes::Pod'] }, resource)).toBe(true);
    expect(selectorMatches({ types: ['Kubernetes::Deployment'] }, resource)).toBe(false);
    expect(selectorMatches({ name: 'web-*', namespace: 'prod' }, resource)).toBe(true);
    expect(selectorMatches({ tagSelector: 'cluster=eu' }, resource)).toBe(true);
    expect(selectorMatches({ tagSelector: 'cluster!=eu' }, resource)).toBe(false);
    expect(selectorMatches({ labelSelector: 'app in (web,api)' }, resource)).toBe(true);
    expect(selectorMatches({ search: 'web type=Kubernetes::Pod' }, resource)).toBe(true);
    expect(selectorMatches({ types: ['!Kubernetes::Pod'] }, resource)).toBe(false);
    expect(selectorMatches({}, resource)).toBe(false);
  });
});

describe('--no-playbook-exec', () => {
  it('is off by default, and the flag or OPSDECK_NO_PLAYBOOK_EXEC turns exec off', () => {
    expect(parseConfig([], {}).playbookExec).toBe(true);
    expect(parseConfig(['--no-playbook-exec'], {}).playbookExec).toBe(false);
    expect(parseConfig([], { OPSDECK_NO_PLAYBOOK_EXEC: '1' }).playbookExec).toBe(false);
  });
});

describe('action retry', () => {
  it('backs off by the multiplier, moves by the jitter, and stops at the limit', () => {
    const retry = { limit: 3, duration: '10s', jitter: 10, exponent: { multiplier: 2 } };
    const middle = () => 0.5;
    expect([0, 1, 2].map((n) => retryDelayMillis(retry, n, middle))).toEqual([
      10_000, 20_000, 40_000,
    ]);
    expect(retryDelayMillis(retry, 3, middle)).toBeUndefined();
    expect(retryDelayMillis(retry, 0, () => 0)).toBe(9_000);
    expect(retryDelayMillis(retry, 0, () => 1)).toBe(11_000);
    expect(retryDelayMillis({ limit: 1, duration: '500ms' }, 0)).toBe(500);
    expect(retryDelayMillis(undefined, 0)).toBeUndefined();
  });

  it('is validated with the path of the mistake', () => {
    const spec = (retry: unknown) => ({
      actions: [{ name: 'a', retry, exec: { script: 'true' } }],
    });
    expect(parsePlaybookSpec(spec({ limit: 2, duration: '3m' })).ok).toBe(true);
    const bad = parsePlaybookSpec(spec({ limit: 2, duration: 'soon' }));
    expect(bad).toMatchObject({
      ok: false,
      message: expect.stringContaining(
        'spec.actions[0].retry.duration: must be a duration such as 10s',
      ),
    });
    expect(parsePlaybookSpec(spec({ limit: -1, duration: '1s' })).ok).toBe(false);
  });
});
