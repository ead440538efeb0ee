import {
  filterOperators,
  parseCondition,
  PostgrestParseError,
  type FilterCondition,
  type ScalarOperator,
} from '@opsdeck/api-client/postgrest';

// The shared grammar (@opsdeck/api-client/postgrest) reads what the console writes. A real PostgREST
// reads more, and callers such as supabase's postgrest-js send it: the containment operators on
// arrays and jsonb, full-text search, regular expressions, `isdistinct`, and `{...}` array values
// inside logic trees. This module reads those on top of the shared grammar: the operators it knows
// are still read by it (but for in-lists, below), so both sides agree on what the console sends.

/** `cs` (@>), `cd` (<@), `ov` (&&) on arrays, ranges and jsonb. */
export const containmentOperators = ['cs', 'cd', 'ov'] as const;
export type ContainmentOperator = (typeof containmentOperators)[number];
/** Full-text search: to_tsquery, plainto_tsquery, phraseto_tsquery, websearch_to_tsquery. */
export const textSearchOperators = ['fts', 'plfts', 'phfts', 'wfts'] as const;
export type TextSearchOperator = (typeof textSearchOperators)[number];
/** `match` (~), `imatch` (~*), `isdistinct` (IS DISTINCT FROM). */
export const patternOperators = ['match', 'imatch', 'isdistinct'] as const;
export type PatternOperator = (typeof patternOperators)[number];

export type EngineCondition =
  | FilterCondition
  | {
      kind: 'condition';
      column: string;
      operator: ContainmentOperator | PatternOperator;
      negated: boolean;
      value: string;
    }
  | {
      kind: 'condition';
      column: string;
      operator: TextSearchOperator;
      negated: boolean;
      value: string;
      /** `fts(english).term`: a text search configuration, bound as a `regconfig`. */
      language?: string;
    };

/** A condition or an `and`/`or` group of them, as the engine evaluates it. */
export type EngineFilter =
  EngineCondition | { kind: 'and' | 'or'; negated: boolean; items: EngineFilter[] };

const sharedOperators: ReadonlySet<string> = new Set(filterOperators);
const engineOperators: ReadonlySet<string> = new Set([
  ...containmentOperators,
  ...textSearchOperators,
  ...patternOperators,
]);
const allOperators = [...filterOperators, ...engineOperators].join(', ');
const isWords: ReadonlySet<string> = new Set(['null', 'true', 'false', 'unknown']);

/** A cursor over one piece of filter text that fails with the shared grammar's parse error. */
class Cursor {
  pos = 0;
  constructor(
    readonly input: string,
    readonly what: string,
  ) {}

  fail(problem: string, at = this.pos): never {
    throw new PostgrestParseError(
      `Invalid ${this.what} "${this.input}": ${problem} at position ${at}`,
      this.input,
      at,
    );
  }

  get done(): boolean {
    return this.pos >= this.input.length;
  }

  peek(): string | undefined {
    return this.input[this.pos];
  }

  next(): string {
    const next = this.peek();
    return next === undefined ? 'end of input' : `"${next}"`;
  }

  startsWith(text: string): boolean {
    return this.input.startsWith(text, this.pos);
  }

  expect(text: string): void {
    if (!this.startsWith(text)) this.fail(`expected "${text}" but found ${this.next()}`);
    this.pos += text.length;
  }

  /** Characters up to the first of `stops` (or the end). */
  until(stops: string): string {
    const start = this.pos;
    while (!this.done && !stops.includes(this.input[this.pos] as string)) this.pos += 1;
    return this.input.slice(start, this.pos);
  }

  /** `"..."` with backslash escapes, when it is followed by one of `ends` (PostgREST's rule). */
  quoted(ends: string): string | undefined {
    if (this.peek() !== '"') return undefined;
    let out = '';
    let at = this.pos + 1;
    for (; at < this.input.length; at += 1) {
      const ch = this.input[at] as string;
      if (ch === '"') break;
      if (ch === '\\') at += 1;
      out += this.input[at] ?? '';
    }
    if (at >= this.input.length) return undefined;
    const after = this.input[at + 1];
    if (after !== undefined && !ends.includes(after)) return undefined;
    this.pos = at + 1;
    return out;
  }
}

interface Operation {
  operator: string;
  negated: boolean;
  language?: string;
}

// `[not.]op.` or `[not.]fts(config).`; the cursor ends after the dot before the value.
function readOperation(c: Cursor): Operation {
  let negated = false;
  if (c.startsWith('not.')) {
    negated = true;
    c.pos += 4;
  }
  const start = c.pos;
  const operator = c.until('.(');
  if (!sharedOperators.has(operator) && !engineOperators.has(operator))
    c.fail(`unknown operator "${operator}" (expected one of ${allOperators})`, start);
  let language: string | undefined;
  if (c.peek() === '(') {
    if (!(textSearchOperators as readonly string[]).includes(operator))
      c.fail(`only the text search operators take a (configuration)`);
    c.pos += 1;
    language = c.until(')').trim();
    if (!/^[\w $]+$/u.test(language)) c.fail('expected a text search configuration name');
    c.expect(')');
  }
  c.expect('.');
  return { operator, negated, ...(language === undefined ? {} : { language }) };
}

function engineCondition(column: string, operation: Operation, value: string): EngineCondition {
  const { operator, negated, language } = operation;
  if ((textSearchOperators as readonly string[]).includes(operator)) {
    return {
      kind: 'condition',
      column,
      operator: operator as TextSearchOperator,
      negated,
      value,
      ...(language === undefined ? {} : { language }),
    };
  }
  return {
    kind: 'condition',
    column,
    operator: operator as ContainmentOperator | PatternOperator,
    negated,
    value,
  };
}

/**
 * `column=[not.]op.value` at the top level: the shared grammar reads its own operators; the
 * engine's take everything after `op.` as the value, as PostgREST does (`cs.{"app":"x"}`).
 */
export function parseEngineCondition(column: string, text: string): EngineCondition {
  const c = new Cursor(text, 'filter');
  const operation = readOperation(c);
  // An in-list is read by PostgREST's rule, which takes a bare item with a stray quote as it is
  // (postgrest-js quotes only items with `,` `(` `)`), where the shared grammar refuses it.
  if (operation.operator === 'in') {
    const value = treeList(c);
    if (!c.done) c.fail(`unexpected ${c.next()} after the value`);
    return { kind: 'condition', column, operator: 'in', negated: operation.negated, value };
  }
  if (sharedOperators.has(operation.operator)) return parseCondition(column, text);
  return engineCondition(column, operation, text.slice(c.pos));
}

// One value inside a logic tree: a quoted value, a `{...}` array literal (which may hold commas),
// or anything up to the next `,` or `)`.
function treeValue(c: Cursor): string {
  const quoted = c.quoted(',)');
  if (quoted !== undefined) return quoted;
  if (c.peek() === '{') {
    const close = c.input.indexOf('}', c.pos);
    const nested = c.input.indexOf('{', c.pos + 1);
    if (close > 0 && (nested < 0 || nested > close)) {
      const value = c.input.slice(c.pos, close + 1);
      c.pos = close + 1;
      return value;
    }
  }
  return c.until(',)');
}

function treeList(c: Cursor): string[] {
  c.expect('(');
  const values: string[] = [];
  if (c.peek() === ')') {
    c.pos += 1;
    return values;
  }
  for (;;) {
    values.push(c.quoted(',)') ?? c.until(',)'));
    if (c.peek() === ',') c.pos += 1;
    else if (c.peek() === ')') {
      c.pos += 1;
      return values;
    } else c.fail(`expected "," or ")" in the in-list but found ${c.next()}`);
  }
}

const bareKey = /^[^\s"\\.,:()!*-][^\s"\\.,:()!*]*$/u;

// A column with its JSON path (`labels->>"app.kubernetes.io/name"`), written back in the form the
// select grammar reads (keys quoted where needed), which is what the engine resolves columns from.
function treeColumn(c: Cursor): string {
  const start = c.pos;
  const name = (at: number): string => {
    const quoted = c.quoted('.-,()');
    if (quoted !== undefined) return quoted;
    let out = '';
    while (!c.done && !'.,()"'.includes(c.peek() as string) && !c.startsWith('->')) {
      out += c.peek();
      c.pos += 1;
    }
    if (out === '') c.fail('expected a column name', at);
    return out;
  };
  const quote = (key: string) =>
    bareKey.test(key) ? key : `"${key.replace(/["\\]/g, (ch) => `\\${ch}`)}"`;
  const column = name(start);
  let text = column;
  while (c.startsWith('->')) {
    const arrow = c.startsWith('->>') ? '->>' : '->';
    c.pos += arrow.length;
    text += `${arrow}${quote(name(c.pos))}`;
  }
  return text;
}

function treeItem(c: Cursor): EngineFilter {
  for (const kind of ['and', 'or'] as const) {
    for (const negated of [false, true]) {
      const head = `${negated ? 'not.' : ''}${kind}(`;
      if (c.startsWith(head)) {
        c.pos += head.length - 1;
        return { kind, negated, items: treeItems(c) };
      }
    }
  }
  const column = treeColumn(c);
  c.expect('.');
  const operation = readOperation(c);
  const { operator, negated } = operation;
  if (operator === 'in')
    return { kind: 'condition', column, operator, negated, value: treeList(c) };
  if (operator === 'is') {
    const start = c.pos;
    const word = c.until(',)').toLowerCase();
    if (!isWords.has(word)) c.fail(`"is" takes null, true, false or unknown, not "${word}"`, start);
    return {
      kind: 'condition',
      column,
      operator,
      negated,
      value: word as 'null' | 'true' | 'false' | 'unknown',
    };
  }
  const value = treeValue(c);
  if (sharedOperators.has(operator))
    return { kind: 'condition', column, operator: operator as ScalarOperator, negated, value };
  return engineCondition(column, operation, value);
}

// The parentheses of a URL are bounded before parsing (request.ts), so recursion stays shallow.
function treeItems(c: Cursor): EngineFilter[] {
  c.expect('(');
  if (c.peek() === ')') c.fail('a logic group needs at least one condition');
  const items: EngineFilter[] = [];
  for (;;) {
    items.push(treeItem(c));
    if (c.peek() === ',') c.pos += 1;
    else if (c.peek() === ')') {
      c.pos += 1;
      return items;
    } else c.fail(`expected "," or ")" but found ${c.next()}`);
  }
}

/** The value of `or=`/`and=` (e.g. `(tags.cs.{a,b},and(name.fts(english).db,id.gt.2))`). */
export function parseEngineLogicTree(
  kind: 'and' | 'or',
  negated: boolean,
  text: string,
): EngineFilter {
  const c = new Cursor(text, `${negated ? 'not.' : ''}${kind} filter`);
  const items = treeItems(c);
  if (!c.done) c.fail(`unexpected ${c.next()} after the closing ")"`);
  return { kind, negated, items };
}

/** The column a filter key names: `"order"` (quoted, as a reserved word must be) or a bare name. */
export function filterKeyColumn(key: string): string {
  if (!key.startsWith('"')) return key;
  const c = new Cursor(key, 'column name');
  return c.quoted('') ?? c.fail('expected a quoted column name with nothing after it');
}
