// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TriStateSelection } from './triState.ts';
import {
  decodeTriState,
  decodeTriStateEntries,
  encodeTriStateEntries,
  decodeTriStateValue,
  encodeTriState,
  encodeTriStateValue,
  isLosslessTriStateValue,
} from './triStateCodec.ts';
import { filterParamName, readTriStateParam, writeTriStateParam } from './triStateParams.ts';

describe('tri-state URL codec', () => {
  it('writes value:1 for include and value:-1 for exclude', () => {
    expect(encodeTriState({ healthy: 1, unhealthy: -1 })).toBe('healthy:1,unhealthy:-1');
    expect(decodeTriState('healthy:1,unhealthy:-1')).toEqual({ healthy: 1, unhealthy: -1 });
  });

  it('escapes colons as four underscores and commas as four pipes inside values', () => {
    expect(encodeTriStateValue('Kubernetes::Pod')).toBe('Kubernetes________Pod');
    expect(encodeTriState({ 'a,b': 1, 'k:v': -1 })).toBe('a||||b:1,k____v:-1');
    expect(decodeTriState('a||||b:1,k____v:-1')).toEqual({ 'a,b': 1, 'k:v': -1 });
    expect(decodeTriStateValue('Kubernetes________Pod')).toBe('Kubernetes::Pod');
  });

  it('writes entries in their own order and leaves neutral ones out', () => {
    const entries = [
      ['a:b', 1],
      ['200', -1],
      ['c,d', -1],
      ['neutral', 0],
    ] as const;
    // A record would list the integer-like '200' first; entries keep the caller's order.
    expect(encodeTriStateEntries(entries)).toBe('a____b:1,200:-1,c||||d:-1');
    expect(decodeTriStateEntries(encodeTriStateEntries(entries))).toEqual([
      ['a:b', 1],
      ['200', -1],
      ['c,d', -1],
    ]);
  });

  it('reads an empty or missing value as no selection and skips malformed items', () => {
    expect(decodeTriState(null)).toEqual({});
    expect(decodeTriState('')).toEqual({});
    expect(decodeTriState('web,db:2,api:-1,:1')).toEqual({ api: -1, '': 1 });
  });

  it('keeps a value named __proto__ as a plain key', () => {
    const decoded = decodeTriState('__proto__:1');
    expect(Object.keys(decoded)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
  });

  it('round-trips every selection whose values are lossless', () => {
    const value = fc
      .string({ unit: fc.constantFrom('a', 'Z', '0', '-', ':', ',', '_', '|', '=', ' ', 'é', '/') })
      .filter(isLosslessTriStateValue);
    const selection = fc.dictionary(value, fc.constantFrom<1 | -1>(1, -1));
    fc.assert(
      fc.property(selection, (s: TriStateSelection) => {
        const encoded = encodeTriState(s);
        expect(decodeTriState(encoded)).toEqual(s);
        // The encoded form never leaks a raw separator from inside a value.
        expect(encoded.split(',').filter(Boolean)).toHaveLength(Object.keys(s).length);
      }),
    );
  });

  it('round-trips arbitrary unicode values without the ambiguous runs', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string({ unit: 'grapheme' }).filter(isLosslessTriStateValue),
          fc.constantFrom<1 | -1>(1, -1),
        ),
        (s) => {
          expect(decodeTriState(encodeTriState(s))).toEqual(s);
        },
      ),
    );
  });

  it('names the values the spec escaping cannot carry', () => {
    expect(isLosslessTriStateValue('a_:b')).toBe(false);
    expect(isLosslessTriStateValue('a____b')).toBe(false);
    expect(isLosslessTriStateValue('a|,b')).toBe(false);
    expect(isLosslessTriStateValue('a_b:c|d,e')).toBe(true);
  });
});

describe('tri-state URL parameter', () => {
  it('uses the {key}.filter name', () => {
    expect(filterParamName('status')).toBe('status.filter');
  });

  it('writes, reads and removes the parameter, leaving others alone', () => {
    const params = new URLSearchParams('sortBy=name&pageIndex=3');
    const written = writeTriStateParam(params, 'status.filter', { 'a:b': 1, c: -1 });
    expect(written.get('status.filter')).toBe('a____b:1,c:-1');
    expect(written.get('sortBy')).toBe('name');
    expect(readTriStateParam(written, 'status.filter')).toEqual({ 'a:b': 1, c: -1 });
    expect(writeTriStateParam(written, 'status.filter', {}).has('status.filter')).toBe(false);
    expect(params.has('status.filter')).toBe(false);
  });

  it('drops the parameters named to reset', () => {
    const written = writeTriStateParam(
      new URLSearchParams('pageIndex=3&pageSize=50'),
      'x.filter',
      { a: 1 },
      { resetParams: ['pageIndex'] },
    );
    expect(written.toString()).toBe('pageSize=50&x.filter=a%3A1');
  });
});
