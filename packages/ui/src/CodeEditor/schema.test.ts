// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { findProblems } from './problems.ts';
import { loadSchemaCheck, locatePath, validateJsonSchema, type JsonSchema } from './schema.ts';

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
  it('accepts a matching value', async () => {
    expect(
      await validateJsonSchema(
        { name: 'api', spec: { interval: 30, schedule: null, severity: 'low', tags: ['a'] } },
        canarySchema,
      ),
    ).toEqual([]);
  });

  it('reports type, required, enum, item and unknown-property problems with their paths', async () => {
    const problems = await validateJsonSchema(
      { name: 3, spec: { severity: 'urgent', tags: ['a', 2] }, extra: true },
      canarySchema,
    );
    expect(problems).toEqual([
      { path: ['name'], message: "'name' must be of type string" },
      { path: ['spec'], message: "'spec' is missing the required property 'interval'" },
      {
        path: ['spec', 'severity'],
        message: '\'spec.severity\' must be one of: "low", "medium", "high"',
      },
      { path: ['spec', 'tags', 1], message: "'spec.tags.1' must be of type string" },
      { path: ['extra'], message: "'extra' is not an allowed property" },
    ]);
  });

  it('counts integers as numbers but not the other way round', async () => {
    expect(await validateJsonSchema(3, { type: 'number' })).toEqual([]);
    expect(await validateJsonSchema(3.5, { type: 'integer' })).toEqual([
      { path: [], message: 'The document must be of type integer' },
    ]);
  });

  // The keywords the former partial checker ignored: a whole draft, not a subset.
  it('checks bounds, patterns, $defs references and oneOf', async () => {
    const schema: JsonSchema = {
      $defs: { port: { type: 'integer', minimum: 1, maximum: 65535 } },
      type: 'object',
      properties: {
        port: { $ref: '#/$defs/port' },
        name: { type: 'string', pattern: '^[a-z-]+$', maxLength: 10 },
        auth: { oneOf: [{ required: ['token'] }, { required: ['username', 'password'] }] },
      },
    };
    const problems = await validateJsonSchema(
      { port: 0, name: 'Payments_API_v2', auth: {} },
      schema,
    );
    expect(problems.map((problem) => problem.path.join('.'))).toEqual([
      'port',
      'name',
      'name',
      'auth',
    ]);
    expect(problems.map((problem) => problem.message)).toEqual([
      "'port': 0 is less than 1",
      "'name': String is too long (15 > 10)",
      "'name': String does not match pattern",
      "'auth' does not match exactly one subschema (0 matches)",
    ]);
    expect(
      await validateJsonSchema({ port: 5432, name: 'payments', auth: { token: 't' } }, schema),
    ).toEqual([]);
  });

  it('reads the draft from $schema', async () => {
    // Draft 4's exclusiveMaximum is a boolean beside maximum; 2020-12 would reject the schema.
    const draft4: JsonSchema = {
      $schema: 'http://json-schema.org/draft-04/schema#',
      type: 'integer',
      maximum: 10,
      exclusiveMaximum: true,
    };
    expect(await validateJsonSchema(10, draft4)).toHaveLength(1);
    expect(await validateJsonSchema(9, draft4)).toEqual([]);
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
  it('shows the syntax error first and alone', async () => {
    const problems = findProblems('name: [', {
      language: 'yaml',
      schemaCheck: await loadSchemaCheck(canarySchema),
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toMatch(/^YAML: /);
  });

  it('places schema and callback problems on the line of their key', async () => {
    const text = 'name: api\nspec:\n  interval: soon\n';
    const problems = findProblems(text, {
      language: 'yaml',
      schemaCheck: await loadSchemaCheck(canarySchema),
      validate: (value) =>
        (value as { name?: string }).name === 'api'
          ? [{ path: ['name'], message: 'name is taken' }]
          : [],
    });
    expect(problems.map((p) => [p.line, p.message, p.path])).toEqual([
      [3, "'spec.interval' must be of type integer", 'spec.interval'],
      [1, 'name is taken', 'name'],
    ]);
  });

  it('does not check an empty document', async () => {
    expect(
      findProblems('', { language: 'json', schemaCheck: await loadSchemaCheck(canarySchema) }),
    ).toEqual([]);
  });
});
