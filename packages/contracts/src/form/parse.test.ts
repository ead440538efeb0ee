// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { lineColumnAt, offsetAt, parseDocument } from './parse.ts';

describe('lineColumnAt / offsetAt', () => {
  const text = 'ab\ncde\n\nf';
  it('converts offsets to one-based lines and columns and back', () => {
    expect(lineColumnAt(text, 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumnAt(text, 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumnAt(text, 7)).toEqual({ line: 3, column: 1 });
    expect(lineColumnAt(text, 99)).toEqual({ line: 4, column: 2 });
    expect(offsetAt(text, 2, 2)).toBe(4);
    expect(offsetAt(text, 9, 1)).toBe(text.length);
    expect(offsetAt(text, 1, 99)).toBe(2);
  });
});

describe('parseDocument', () => {
  it('parses YAML and JSON', () => {
    expect(parseDocument('name: api\nport: 8080\n', 'yaml')).toEqual({
      ok: true,
      value: { name: 'api', port: 8080 },
    });
    expect(parseDocument('{"name": "api"}', 'json')).toEqual({ ok: true, value: { name: 'api' } });
  });

  it('treats an empty document as valid with no value', () => {
    expect(parseDocument('  \n', 'json')).toEqual({ ok: true, value: undefined });
    expect(parseDocument('', 'yaml')).toEqual({ ok: true, value: undefined });
  });

  it('reports a YAML error with its line and column', () => {
    const result = parseDocument('a: 1\n  b: 2\n', 'yaml');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem).toMatchObject({ line: 2, column: 4, from: 8, severity: 'error' });
    expect(result.problem.message).toBe('YAML: bad indentation of a mapping entry');
  });

  it('reports a YAML error in a flow collection on the line where it was noticed', () => {
    const result = parseDocument('a: 1\nb: [1, 2\nc: 3\n', 'yaml');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem.line).toBe(3);
  });

  it('reports a JSON error with its line and column and without the engine position text', () => {
    const result = parseDocument('{\n  "a": 1,\n}', 'json');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem).toMatchObject({ line: 3, column: 1, from: 12, to: 13 });
    expect(result.problem.message).toMatch(/^JSON: /);
    expect(result.problem.message).not.toMatch(/position/);
  });

  it('puts an unexpected end of JSON at the end of the text', () => {
    const text = '{"a": [1, 2';
    const result = parseDocument(text, 'json');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem.from).toBeLessThanOrEqual(text.length);
  });
});
