import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { defineContract, describeIssues, formatPath, withPrefix } from './index.ts';

const example = defineContract({
  kind: 'Example',
  apiVersion: 'example.opsdeck.dev/v1',
  schema: z.object({
    items: z.array(z.object({ name: z.string().check(z.minLength(1, 'an item needs a name')) })),
  }),
  defaults: () => ({ items: [] }),
});

describe('a contract', () => {
  it('accepts its defaults and returns the parsed value', () => {
    expect(example.validate(example.defaults())).toEqual({ ok: true, value: { items: [] } });
  });

  it('names each problem by its path in the spec', () => {
    const verdict = example.validate({ items: [{ name: 'a' }, { name: '' }] });
    expect(verdict).toEqual({
      ok: false,
      issues: [{ path: 'items[1].name', message: 'an item needs a name' }],
    });
  });

  it('formats paths and prefixes them from the manifest root', () => {
    expect(formatPath(['actions', 0, 'exec', 'script'])).toBe('actions[0].exec.script');
    expect(formatPath([])).toBe('');
    expect(
      withPrefix('spec', [
        { path: 'actions[0]', message: 'x' },
        { path: '', message: 'y' },
      ]),
    ).toEqual([
      { path: 'spec.actions[0]', message: 'x' },
      { path: 'spec', message: 'y' },
    ]);
    expect(
      describeIssues([
        { path: 'a[0]', message: 'bad' },
        { path: '', message: 'worse' },
      ]),
    ).toBe('a[0]: bad; worse');
  });
});
