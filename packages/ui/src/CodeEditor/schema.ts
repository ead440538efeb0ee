// JSON-schema checks for the editors, by a full validator (@cfworker/json-schema: drafts 4 to
// 2020-12). It interprets schemas instead of compiling them with new Function as ajv does, which the
// console's CSP (script-src 'self', no unsafe-eval) would refuse; and it is imported on first use so
// it stays out of every initial chunk.
import type { Schema as ValidatorSchema, OutputUnit } from '@cfworker/json-schema';
import type { CodeLanguage, CodeProblem } from '@opsdeck/contracts/form';
import { lineColumnAt } from '@opsdeck/contracts/form';

export type JsonSchemaType =
  'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** A JSON schema; the common keywords are typed, any other keyword of the draft is accepted. */
export interface JsonSchema {
  $schema?: string;
  type?: JsonSchemaType | readonly JsonSchemaType[];
  required?: readonly string[];
  properties?: Readonly<Record<string, JsonSchema | boolean>>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | boolean;
  enum?: readonly unknown[];
  description?: string;
  [keyword: string]: unknown;
}

/** A problem found in the parsed value, located by its path of keys and indexes. */
export interface SchemaProblem {
  path: readonly (string | number)[];
  message: string;
}

/** A schema made ready to check values with. */
export type SchemaCheck = (value: unknown) => SchemaProblem[];

function describePath(path: readonly (string | number)[]): string {
  return path.length === 0 ? 'The document' : `'${path.join('.')}'`;
}

// Keywords that only say "something inside failed": the inner unit says what, and where.
const SUMMARY_KEYWORDS = new Set([
  'properties',
  'patternProperties',
  'additionalProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedProperties',
  'unevaluatedItems',
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
  'allOf',
  'dependentSchemas',
  'propertyNames',
  'then',
  'else',
]);

// Keywords whose branches are alternatives: their own unit is the problem, not each branch's failure.
const CHOICE_KEYWORDS = new Set(['oneOf', 'anyOf', 'not']);

function pathOf(instanceLocation: string): (string | number)[] {
  return instanceLocation
    .replace(/^#\/?/, '')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

function messageOf(unit: OutputUnit, path: readonly (string | number)[]): string {
  const where = describePath(path);
  switch (unit.keyword) {
    case 'type': {
      const expected = /Expected (.+)\.$/
        .exec(unit.error)?.[1]
        ?.replace(/"/g, '')
        .split(/,\s*/)
        .join(' or ');
      if (expected) return `${where} must be of type ${expected}`;
      break;
    }
    case 'required': {
      const property = /required property "(.+)"/.exec(unit.error)?.[1];
      if (property) return `${where} is missing the required property '${property}'`;
      break;
    }
    case 'enum': {
      const list = /any of (.+)\.$/.exec(unit.error)?.[1];
      if (list) {
        try {
          return `${where} must be one of: ${(JSON.parse(list) as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
        } catch {
          break;
        }
      }
      break;
    }
    case 'false':
      return `${where} is not an allowed property`;
  }
  const error = unit.error.replace(/\.$/, '');
  return error.startsWith('Instance') ? error.replace(/^Instance/, where) : `${where}: ${error}`;
}

/** The validator's output as problems, one per failing keyword, without the summaries of their parents. */
export function problemsOfOutput(units: readonly OutputUnit[]): SchemaProblem[] {
  const choices = units
    .filter((unit) => CHOICE_KEYWORDS.has(unit.keyword))
    .map((unit) => `${unit.keywordLocation}/`);
  return units
    .filter((unit) => !SUMMARY_KEYWORDS.has(unit.keyword))
    .filter((unit) => !choices.some((choice) => unit.keywordLocation.startsWith(choice)))
    .map((unit) => {
      const path = pathOf(unit.instanceLocation);
      return { path, message: messageOf(unit, path) };
    });
}

const DRAFTS = [
  ['draft-04', '4'],
  ['draft-07', '7'],
  ['2019-09', '2019-09'],
  ['2020-12', '2020-12'],
] as const;

// By the schema's text: an inline schema is a new object on every render but the same schema.
const compiled = new Map<string, Promise<SchemaCheck>>();

/**
 * Loads the validator (once) and prepares `schema` (once per distinct schema). A validator that
 * fails to load or a schema it rejects becomes one problem on the document, not a thrown error.
 */
export function loadSchemaCheck(schema: JsonSchema): Promise<SchemaCheck> {
  const key = JSON.stringify(schema);
  let check = compiled.get(key);
  if (!check) {
    check = import('@cfworker/json-schema')
      .then(({ Validator }) => {
        const draft = DRAFTS.find(([marker]) => schema.$schema?.includes(marker))?.[1] ?? '2020-12';
        // Not short-circuited: every problem at once, as the editor lists them.
        const validator = new Validator(schema as ValidatorSchema, draft, false);
        return (value: unknown) => {
          const result = validator.validate(value);
          return result.valid ? [] : problemsOfOutput(result.errors);
        };
      })
      .catch((error: unknown) => {
        compiled.delete(key);
        const reason = error instanceof Error ? error.message : String(error);
        return () => [{ path: [], message: `The schema check is unavailable: ${reason}` }];
      });
    compiled.set(key, check);
  }
  return check;
}

/** Checks `value` against `schema` with the full validator. */
export async function validateJsonSchema(
  value: unknown,
  schema: JsonSchema,
): Promise<SchemaProblem[]> {
  return (await loadSchemaCheck(schema))(value);
}

/**
 * Best-effort place of a path in the text: each key is looked for after the previous one, as
 * `key:` in YAML or `"key"` in JSON. Neither parser keeps positions, and being a line off beats
 * pointing at nothing; when a key is not found the last found place (or the start) is used.
 */
export function locatePath(
  text: string,
  path: readonly (string | number)[],
  language: CodeLanguage,
): { from: number; to: number } {
  let from = 0;
  let to = Math.min(1, text.length);
  for (const segment of path) {
    if (typeof segment === 'number') continue;
    const escaped = segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern =
      language === 'json'
        ? new RegExp(`"${escaped}"\\s*:`, 'g')
        : new RegExp(`(^|[\\s{,-])["']?${escaped}["']?\\s*:`, 'gm');
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
export function schemaProblemsToCodeProblems(
  text: string,
  problems: readonly SchemaProblem[],
  language: CodeLanguage,
): CodeProblem[] {
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
