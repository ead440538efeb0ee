// @vitest-environment node
import * as yup from 'yup';
import { describe, expect, it } from 'vitest';
import {
  bytes,
  dns1123,
  integer,
  isDns1123,
  millicores,
  required,
  text,
} from '@opsdeck/contracts/form';
import {
  duplicateKeys,
  formatBytesQuantity,
  formatMillicores,
  mapFromRows,
  parseBytesQuantity,
  parseIntegerInput,
  parseMillicores,
  rowsFromMap,
  sameMap,
  schedulePresets,
} from './values.ts';
import {
  emptyValueSource,
  valueSource,
  valueSourceKind,
  valueSourcePaths,
} from '@opsdeck/contracts/form';

async function errorOf(
  schema: { validate: (value: unknown) => Promise<unknown> },
  value: unknown,
): Promise<string | undefined> {
  try {
    await schema.validate(value);
    return undefined;
  } catch (error) {
    return (error as yup.ValidationError).errors.join('; ');
  }
}

describe('required', () => {
  it("says 'This field is required'", async () => {
    expect(await errorOf(required(yup.string()), '')).toBe('This field is required');
    expect(await errorOf(required(yup.string()), undefined)).toBe('This field is required');
    expect(await errorOf(required(yup.string()), 'x')).toBeUndefined();
  });
});

describe('integer', () => {
  it("rejects non-numbers with 'This field must be a number'", async () => {
    expect(await errorOf(integer(), 'abc')).toBe('This field must be a number');
    expect(await errorOf(integer(), '12abc')).toBe('This field must be a number');
    expect(await errorOf(integer(), 12)).toBeUndefined();
    expect(await errorOf(integer(), undefined)).toBeUndefined();
  });

  it('requires a value when asked, and honours min and max', async () => {
    expect(await errorOf(integer({ required: true }), undefined)).toBe('This field is required');
    expect(await errorOf(integer({ min: 0 }), -1)).toBe('Must be at least 0');
    expect(await errorOf(integer({ max: 10 }), 11)).toBe('Must be at most 10');
    expect(await errorOf(integer(), 1.5)).toBe('This field must be a whole number');
  });
});

describe('dns1123', () => {
  it('accepts lowercase alphanumeric dot-separated labels with inner hyphens', () => {
    for (const ok of ['a', 'web-1', 'mission-control', 'api.example.com', '0abc', 'a-b.c-d'])
      expect(isDns1123(ok), ok).toBe(true);
  });

  it('rejects uppercase, underscores, edge hyphens, empty labels and overlong names', () => {
    for (const bad of [
      'Web',
      'web_1',
      '-web',
      'web-',
      'a..b',
      '.a',
      'a.',
      'a b',
      'a.-b',
      'x'.repeat(254),
    ])
      expect(isDns1123(bad), bad).toBe(false);
  });

  it('is a yup rule, optional unless required', async () => {
    expect(await errorOf(dns1123(), 'Bad_Name')).toMatch(/^Must be lowercase/);
    expect(await errorOf(dns1123(), '')).toBeUndefined();
    expect(await errorOf(dns1123({ required: true }), '')).toBe('This field is required');
  });
});

describe('text', () => {
  it('honours min length, max length and a regex from the definition', async () => {
    expect(await errorOf(text({ minLength: 3 }), 'ab')).toBe('Must be at least 3 characters');
    expect(await errorOf(text({ maxLength: 3 }), 'abcd')).toBe('Must be at most 3 characters');
    expect(await errorOf(text({ regex: '^v\\d+$' }), 'x1')).toBe('Must match ^v\\d+$');
    expect(await errorOf(text({ regex: /^v\d+$/ }), 'v2')).toBeUndefined();
    expect(await errorOf(text({ required: true }), '')).toBe('This field is required');
  });
});

describe('integer input', () => {
  it('stores integers as numbers, empty as undefined, and keeps anything else as typed', () => {
    expect(parseIntegerInput('42')).toBe(42);
    expect(parseIntegerInput(' -7 ')).toBe(-7);
    expect(parseIntegerInput('')).toBeUndefined();
    expect(parseIntegerInput('4x')).toBe('4x');
    expect(parseIntegerInput('1.5')).toBe('1.5');
  });
});

describe('bytes and millicores', () => {
  it('stores the number plus the unit, Mi by default', () => {
    expect(formatBytesQuantity({ amount: '512', unit: 'Mi' })).toBe('512Mi');
    expect(formatBytesQuantity({ amount: ' ', unit: 'Gi' })).toBeUndefined();
    expect(parseBytesQuantity('2Gi')).toEqual({ amount: '2', unit: 'Gi' });
    expect(parseBytesQuantity('1Ti')).toEqual({ amount: '1', unit: 'Ti' });
    expect(parseBytesQuantity(undefined)).toEqual({ amount: '', unit: 'Mi' });
    expect(parseBytesQuantity('abcMi')).toEqual({ amount: 'abc', unit: 'Mi' });
  });

  it("stores millicores as the number plus 'm'", () => {
    expect(formatMillicores('500')).toBe('500m');
    expect(formatMillicores('')).toBeUndefined();
    expect(parseMillicores('250m')).toBe('250');
    expect(parseMillicores(undefined)).toBe('');
  });
});

describe('key-value rows', () => {
  it('turns a map into rows and back, leaving out rows without a key', () => {
    expect(rowsFromMap({ app: 'web', tier: '' })).toEqual([
      { key: 'app', value: 'web' },
      { key: 'tier', value: '' },
    ]);
    expect(
      mapFromRows([
        { key: 'app', value: 'web' },
        { key: '', value: 'orphan' },
        { key: ' env ', value: 'prod' },
      ]),
    ).toEqual({ app: 'web', env: 'prod' });
    expect(rowsFromMap(undefined)).toEqual([]);
  });

  it('finds duplicate keys and compares maps', () => {
    expect(
      duplicateKeys([
        { key: 'a', value: '1' },
        { key: 'a ', value: '2' },
        { key: '', value: '' },
        { key: '', value: '' },
      ]),
    ).toEqual(['a']);
    expect(sameMap({ a: '1' }, { a: '1' })).toBe(true);
    expect(sameMap({ a: '1' }, { a: '2' })).toBe(false);
    expect(sameMap({ a: '1' }, { b: '1' })).toBe(false);
  });
});

describe('schedule presets', () => {
  it('are the spec presets in order', () => {
    expect(schedulePresets).toEqual([
      '@every 30s',
      '@every 1m',
      '@every 5m',
      '@every 30m',
      '@hourly',
      '@every 6h',
      '@daily',
      '@weekly',
    ]);
  });
});

describe('value source', () => {
  it('knows its kind from the wire shape', () => {
    expect(valueSourceKind({ value: 'x' })).toBe('static');
    expect(valueSourceKind({ valueFrom: { configMapKeyRef: { name: 'cm', key: 'k' } } })).toBe(
      'configMap',
    );
    expect(valueSourceKind({ valueFrom: { secretKeyRef: { name: 's', key: 'k' } } })).toBe(
      'secret',
    );
    expect(valueSourceKind(undefined)).toBe('static');
    expect(emptyValueSource('secret')).toEqual({
      valueFrom: { secretKeyRef: { name: '', key: '' } },
    });
    expect(valueSourcePaths('configMap').map((p) => p.path)).toEqual([
      'valueFrom.configMapKeyRef.name',
      'valueFrom.configMapKeyRef.key',
    ]);
  });

  it('requires the inputs of the chosen kind when required', async () => {
    const schema = valueSource({ required: true });
    expect(await errorOf(schema, { value: '' })).toBe('This field is required');
    expect(await errorOf(schema, { value: 's3cret' })).toBeUndefined();
    expect(await errorOf(schema, { valueFrom: { secretKeyRef: { name: 'db', key: '' } } })).toBe(
      'This field is required',
    );
    expect(
      await errorOf(schema, { valueFrom: { configMapKeyRef: { name: 'cm', key: 'url' } } }),
    ).toBeUndefined();
    expect(await errorOf(valueSource(), { value: '' })).toBeUndefined();
  });
});

describe('bytes and millicores rules', () => {
  it("accept stored quantities and reject the rest with 'This field must be a number'", async () => {
    expect(await errorOf(bytes(), '512Mi')).toBeUndefined();
    expect(await errorOf(bytes(), '1.5Gi')).toBeUndefined();
    expect(await errorOf(bytes(), 'lotsMi')).toBe('This field must be a number');
    expect(await errorOf(bytes(), '512Ki')).toBe('This field must be a number');
    expect(await errorOf(bytes({ required: true }), undefined)).toBe('This field is required');
    expect(await errorOf(millicores(), '250m')).toBeUndefined();
    expect(await errorOf(millicores(), '0.5m')).toBe('This field must be a number');
    expect(await errorOf(millicores({ required: true }), undefined)).toBe('This field is required');
  });
});
