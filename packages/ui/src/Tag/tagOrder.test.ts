// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sortTags } from './tagOrder.ts';

describe('sortTags', () => {
  it('puts account, namespace and name first, then the rest alphabetically by key', () => {
    const sorted = sortTags({
      zone: 'eu-1',
      name: 'api',
      app: 'web',
      namespace: 'prod',
      account: '123',
      cluster: 'c1',
    });
    expect(sorted.map((t) => t.key)).toEqual([
      'account',
      'namespace',
      'name',
      'app',
      'cluster',
      'zone',
    ]);
  });

  it('keeps the leading order when only some leading keys are present', () => {
    expect(sortTags({ name: 'a', beta: 'b', namespace: 'n' }).map((t) => t.key)).toEqual([
      'namespace',
      'name',
      'beta',
    ]);
  });

  it('accepts entries and does not mutate them', () => {
    const entries = [
      { key: 'b', value: '2' },
      { key: 'a', value: '1' },
    ];
    expect(sortTags(entries)).toEqual([
      { key: 'a', value: '1' },
      { key: 'b', value: '2' },
    ]);
    expect(entries[0]?.key).toBe('b');
  });

  it('gives an empty list for no tags', () => {
    expect(sortTags(undefined)).toEqual([]);
    expect(sortTags({})).toEqual([]);
  });
});
