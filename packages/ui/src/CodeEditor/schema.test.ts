import { describe, expect, it } from 'vitest';
import { findProblems } from './problems';
import { locatePath, validateJsonSchema, type JsonSchema } from './schema';

const canarySchema: JsonSchema = {
  type: 'object',
  required: ['name', 'spec'],
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    spec: {
      type: 'object',
      required: ['interval'],
      properties: {
        interval: { type: 'integer' },
        schedule: { type: ['string', 'null'] },
        severity: { enum: ['low', 'medium', 'high'] },
        tags: { type: 'array', items: { type: 'string' } },
      },
    },
  },
};

describe('validateJsonSchema', () => {
  it('accepts a matching value', () => {
    expect(validateJsonSchema({ name: 'api', spec: { interval: 30, schedule: null, severity: 'low', tags: ['a'] } }, canarySchema)).toEqual([]);
  });

  it('reports type, required, enum, item and unknown-property problems with their paths', () => {
    const problems = validateJsonSchema({ name: 3, spec: { severity: 'urgent', tags: ['a', 2] }, extra: true }, canarySchema);
    expect(problems).toEqual([
      { path: ['name'], message: "'name' must be of type string" },
      { path: ['spec'], message: "'spec' is missing the required property 'interval'" },
      { path: ['spec', 'severity'], message: "'spec.severity' must be one of: \"low\", \"medium\", \"high\"" },
      { path: ['spec', 'tags', 1], message: "'spec.tags.1' must be of type string" },
      { path: ['extra'], message: "'extra' is not an allowed property" },
    ]);
  });

  it('counts integers as numbers but not the other way round', () => {
    expect(validateJsonSchema(3, { type: 'number' })).toEqual([]);
    expect(validateJsonSchema(3.5, { type: 'integer' })).toEqual([{ path: [], message: 'The document must be of type integer' }]);
  });
});

describe('locatePath', () => {
  it('finds nested keys in YAML and JSON', () => {
    const yaml = 'name: x\nspec:\n  name: inner\n  interval: abc\n';
    const { from } = locatePath(yaml, ['spec', 'interval'], 'yaml');
    expect(yaml.slice(from, from + 9)).toBe('interval:');
    const json = '{"spec": {"interval": "abc"}}';
    const found = locatePath(json, ['spec', 'interval'], 'json');
    expect(json.slice(found.from, found.from + 10)).toBe('"interval"');
  });
});

describe('findProblems', () => {
  it('shows the syntax error first and alone', () => {
    const problems = findProblems('name: [', { language: 'yaml', schema: canarySchema });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toMatch(/^YAML: /);
  });

  it('places schema and callback problems on the line of their key', () => {
    const text = 'name: api\nspec:\n  interval: soon\n';
    const problems = findProblems(text, {
      language: 'yaml',
      schema: canarySchema,
      validate: (value) => ((value as { name?: string }).name === 'api' ? [{ path: ['name'], message: 'name is taken' }] : []),
    });
    expect(problems.map((p) => [p.line, p.message, p.path])).toEqual([
      [3, "'spec.interval' must be of type integer", 'spec.interval'],
      [1, 'name is taken', 'name'],
    ]);
  });

  it('does not check an empty document', () => {
    expect(findProblems('', { language: 'json', schema: canarySchema })).toEqual([]);
  });
});
