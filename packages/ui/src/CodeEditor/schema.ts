// A small JSON-schema checker for the subset editors need (type, required, properties,
// additionalProperties: false, items, enum). A full validator (ajv) is ~120 kB for features the
// resource editors do not use; callers needing more pass their own `validate` instead.
import type { CodeLanguage, CodeProblem } from './parse';
import { lineColumnAt } from './parse';

export type JsonSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

export interface JsonSchema {
  type?: JsonSchemaType | readonly JsonSchemaType[];
  required?: readonly string[];
  properties?: Readonly<Record<string, JsonSchema>>;
  additionalProperties?: boolean;
  items?: JsonSchema;
  enum?: readonly unknown[];
  description?: string;
}

/** A problem found in the parsed value, located by its path of keys and indexes. */
export interface SchemaProblem {
  path: readonly (string | number)[];
  message: string;
}

function typeOf(value: unknown): JsonSchemaType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value as JsonSchemaType;
  return 'object';
}

function matchesType(value: unknown, type: JsonSchemaType): boolean {
  const actual = typeOf(value);
  // Every integer is also a number.
  return actual === type || (type === 'number' && actual === 'integer');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeOf(value) === 'object';
}

function describePath(path: readonly (string | number)[]): string {
  return path.length === 0 ? 'The document' : `'${path.join('.')}'`;
}

export function validateJsonSchema(value: unknown, schema: JsonSchema, path: readonly (string | number)[] = []): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  if (schema.type !== undefined) {
    const types: readonly JsonSchemaType[] = typeof schema.type === 'string' ? [schema.type] : schema.type;
    if (!types.some((type) => matchesType(value, type))) {
      // A value of the wrong type makes the nested checks meaningless.
      return [{ path, message: `${describePath(path)} must be of type ${types.join(' or ')}` }];
    }
  }
  if (schema.enum && !schema.enum.some((allowed) => allowed === value)) {
    problems.push({ path, message: `${describePath(path)} must be one of: ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}` });
  }
  if (isRecord(value)) {
    for (const key of schema.required ?? []) {
      if (!(key in value)) problems.push({ path, message: `${describePath(path)} is missing the required property '${key}'` });
    }
    for (const [key, child] of Object.entries(value)) {
      const childSchema = schema.properties?.[key];
      if (childSchema) problems.push(...validateJsonSchema(child, childSchema, [...path, key]));
      else if (schema.additionalProperties === false) {
        problems.push({ path: [...path, key], message: `${describePath([...path, key])} is not an allowed property` });
      }
    }
  }
  if (Array.isArray(value) && schema.items) {
    const items = schema.items;
    value.forEach((item, index) => problems.push(...validateJsonSchema(item, items, [...path, index])));
  }
  return problems;
}

/**
 * Best-effort place of a path in the text: each key is looked for after the previous one, as
 * `key:` in YAML or `"key"` in JSON. Neither parser keeps positions, and being a line off beats
 * pointing at nothing; when a key is not found the last found place (or the start) is used.
 */
export function locatePath(text: string, path: readonly (string | number)[], language: CodeLanguage): { from: number; to: number } {
  let from = 0;
  let to = Math.min(1, text.length);
  for (const segment of path) {
    if (typeof segment === 'number') continue;
    const escaped = segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern =
      language === 'json' ? new RegExp(`"${escaped}"\\s*:`, 'g') : new RegExp(`(^|[\\s{,-])["']?${escaped}["']?\\s*:`, 'gm');
    pattern.lastIndex = from;
    const match = pattern.exec(text);
    if (!match) break;
    const keyStart = match.index + (language === 'yaml' ? (match[1]?.length ?? 0) : 0);
    from = keyStart;
    to = keyStart + match[0].length - (language === 'yaml' ? (match[1]?.length ?? 0) : 0);
  }
  return { from, to: Math.max(to, from) };
}

/** Schema problems as editor problems placed on the text. */
export function schemaProblemsToCodeProblems(text: string, problems: readonly SchemaProblem[], language: CodeLanguage): CodeProblem[] {
  return problems.map((problem) => {
    const { from, to } = locatePath(text, problem.path, language);
    return {
      message: problem.message,
      ...lineColumnAt(text, from),
      from,
      to,
      severity: 'error',
      path: problem.path.join('.'),
    };
  });
}
