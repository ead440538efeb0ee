// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  clickTriState,
  filterOptionsByQuery,
  isAllIncluded,
  nextTriState,
  pickTriStateOption,
  setTriState,
  summarizeTriState,
  toggleAllTriState,
  triStateOf,
} from './triState.ts';

describe('nextTriState', () => {
  it('moves to the clicked state, and back to neutral when clicking the current one', () => {
    expect(nextTriState(0, 1)).toBe(1);
    expect(nextTriState(0, -1)).toBe(-1);
    expect(nextTriState(1, 1)).toBe(0);
    expect(nextTriState(-1, -1)).toBe(0);
    expect(nextTriState(1, -1)).toBe(-1);
    expect(nextTriState(-1, 1)).toBe(1);
  });
});

describe('clickTriState', () => {
  it('includes, excludes and clears an option', () => {
    const included = clickTriState({}, 'web', 1);
    expect(included).toEqual({ web: 1 });
    const excluded = clickTriState(included, 'web', -1);
    expect(excluded).toEqual({ web: -1 });
    expect(clickTriState(excluded, 'web', -1)).toEqual({});
  });

  it('leaves other options alone and does not mutate its input', () => {
    const start = { db: -1 } as const;
    expect(clickTriState(start, 'web', 1)).toEqual({ db: -1, web: 1 });
    expect(start).toEqual({ db: -1 });
  });
});

describe('pickTriStateOption', () => {
  it('includes a picked option, and clears it when picked again', () => {
    expect(pickTriStateOption({}, 'web')).toEqual({ web: 1 });
    expect(pickTriStateOption({ web: 1 }, 'web')).toEqual({});
    expect(pickTriStateOption({ web: -1 }, 'web')).toEqual({ web: 1 });
  });
});

describe('tag mode', () => {
  it('replaces an option with the same key prefix', () => {
    const first = setTriState({ 'cluster=prod': 1 }, 'namespace=default', 1, { tagMode: true });
    expect(first).toEqual({ 'cluster=prod': 1, 'namespace=default': 1 });
    expect(setTriState(first, 'namespace=kube-system', -1, { tagMode: true })).toEqual({
      'cluster=prod': 1,
      'namespace=kube-system': -1,
    });
  });

  it('keeps same-key options outside tag mode, and when clearing', () => {
    expect(setTriState({ 'namespace=a': 1 }, 'namespace=b', 1)).toEqual({
      'namespace=a': 1,
      'namespace=b': 1,
    });
    expect(setTriState({ 'namespace=a': 1 }, 'namespace=b', 0, { tagMode: true })).toEqual({
      'namespace=a': 1,
    });
  });
});

describe('triStateOf', () => {
  it('reads neutral for absent values, including inherited property names', () => {
    expect(triStateOf({ web: -1 }, 'web')).toBe(-1);
    expect(triStateOf({}, 'toString')).toBe(0);
  });
});

describe('summarizeTriState', () => {
  it('shows the placeholder when empty', () => {
    expect(summarizeTriState({})).toBe('All');
    expect(summarizeTriState({}, { placeholder: 'Any status' })).toBe('Any status');
  });

  it('lists up to three selections, excluded ones as "not"', () => {
    expect(summarizeTriState({ web: 1, db: -1 }, { labelOf: (v) => v.toUpperCase() })).toBe(
      'WEB, not DB',
    );
  });

  it("reads 'N Items' from four selections on", () => {
    expect(summarizeTriState({ a: 1, b: 1, c: -1 })).toBe('a, b, not c');
    expect(summarizeTriState({ a: 1, b: 1, c: -1, d: 1 })).toBe('4 Items');
    expect(summarizeTriState({ a: 1, b: 1, c: -1, d: 1, e: -1 })).toBe('5 Items');
  });
});

describe('select-all', () => {
  const values = ['a', 'b', 'c'];

  it('includes everything, turning exclusions into inclusions', () => {
    expect(toggleAllTriState({ b: -1 }, values)).toEqual({ a: 1, b: 1, c: 1 });
    expect(isAllIncluded({ a: 1, b: 1, c: 1 }, values)).toBe(true);
    expect(isAllIncluded({ a: 1, b: -1, c: 1 }, values)).toBe(false);
    expect(isAllIncluded({}, [])).toBe(false);
  });

  it('clears everything when everything was included', () => {
    expect(toggleAllTriState({ a: 1, b: 1, c: 1 }, values)).toEqual({});
  });
});

describe('filterOptionsByQuery', () => {
  const options = [
    { value: 'namespace=default', label: 'Default namespace' },
    { value: 'cluster=prod', label: 'Production' },
  ];

  it('matches label or value, ignoring case and surrounding spaces', () => {
    expect(filterOptionsByQuery(options, ' PROD ').map((o) => o.value)).toEqual(['cluster=prod']);
    expect(filterOptionsByQuery(options, 'namespace=').map((o) => o.value)).toEqual([
      'namespace=default',
    ]);
    expect(filterOptionsByQuery(options, '')).toEqual(options);
    expect(filterOptionsByQuery(options, 'zzz')).toEqual([]);
  });
});
