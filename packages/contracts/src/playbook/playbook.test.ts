import { describe, expect, it } from 'vitest';
import { parsePath } from '../contract.ts';
import { parseDuration, playbookContract } from './index.ts';

const action = { name: 'a', exec: { script: 'echo' } };
const pathsOf = (spec: unknown) => {
  const verdict = playbookContract.validate(spec);
  return verdict.ok ? [] : verdict.issues.map((issue) => issue.path);
};

describe('the Playbook contract', () => {
  it('accepts its defaults and keeps keys it does not know', () => {
    expect(playbookContract.validate(playbookContract.defaults()).ok).toBe(true);
    const verdict = playbookContract.validate({ actions: [action], mcp: { enabled: true } });
    expect(verdict.ok && verdict.value.mcp).toEqual({ enabled: true });
  });

  // Each was valid in the editor and refused on save before the one contract (issue 32 §1).
  it.each([
    ['an empty exec', { actions: [{ name: 'a', exec: {} }] }, 'actions[0].exec.script'],
    [
      'two parameters of one name',
      { parameters: [{ name: 'x' }, { name: 'x' }], actions: [action] },
      'parameters[1].name',
    ],
    [
      'a retry without a limit',
      { actions: [{ ...action, retry: { duration: '1s' } }] },
      'actions[0].retry.limit',
    ],
    [
      'a webhook path of two segments',
      { on: { webhook: { path: 'a/b' } }, actions: [action] },
      'on.webhook.path',
    ],
    [
      'an unknown canary event',
      { on: { canary: [{ event: 'x' }] }, actions: [action] },
      'on.canary[0].event',
    ],
    ['actions that are not a list', { actions: 'not a list' }, 'actions'],
  ])('refuses %s at its path', (_name, spec, path) => {
    expect(pathsOf(spec)).toContain(path);
  });

  it('says what was expected where the schema names no message', () => {
    const verdict = playbookContract.validate({ actions: [action], title: 5 });
    expect(verdict).toEqual({
      ok: false,
      issues: [{ path: 'title', message: 'must be a string' }],
    });
    expect(playbookContract.validate(null)).toEqual({
      ok: false,
      issues: [{ path: '', message: 'must be a map of fields' }],
    });
    expect(playbookContract.validate({})).toEqual({
      ok: false,
      issues: [{ path: 'actions', message: 'a playbook needs actions' }],
    });
  });

  it('reports a duplicate action name beside other problems', () => {
    expect(pathsOf({ title: 1, actions: [action, { ...action, exec: { script: 'x' } }] })).toEqual([
      'title',
      'actions[1].name',
    ]);
  });

  it('reads Go durations', () => {
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('soon')).toBeUndefined();
  });

  it('turns a path back into keys for an editor', () => {
    expect(parsePath('actions[0].exec.script')).toEqual(['actions', 0, 'exec', 'script']);
    expect(parsePath('')).toEqual([]);
  });
});
