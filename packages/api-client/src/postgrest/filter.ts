import {
  filterOperators,
  isValues,
  type Filter,
  type FilterCondition,
  type FilterExpression,
  type FilterOperator,
  type IsValue,
  type LogicGroup,
} from './ast.ts';
import { quoteIfReserved, Scanner } from './scanner.ts';

const operatorSet: ReadonlySet<string> = new Set(filterOperators);
const isValueSet: ReadonlySet<string> = new Set(isValues);

// ---- encoding -------------------------------------------------------------------------------

/** `in.(...)` list body: `("a,b",c)`. */
export function encodeInList(values: readonly string[]): string {
  return `(${values.map(quoteIfReserved).join(',')})`;
}

/**
 * The text after `column=`, e.g. `eq.foo`, `not.in.("a,b",c)`, `is.null`. A top-level scalar value
 * is written raw: PostgREST takes everything after `op.` as the value.
 */
export function encodeFilterValue(expression: FilterExpression): string {
  const prefix = `${expression.negated ? 'not.' : ''}${expression.operator}.`;
  if (expression.operator === 'in') return prefix + encodeInList(expression.value);
  return prefix + expression.value;
}

// Inside a logic tree, column names and scalar values are delimited by `.` `,` `(` `)`.
function encodeTreeExpression(expression: FilterExpression): string {
  const prefix = `${expression.negated ? 'not.' : ''}${expression.operator}.`;
  if (expression.operator === 'in') return prefix + encodeInList(expression.value);
  if (expression.operator === 'is') return prefix + expression.value;
  return prefix + quoteIfReserved(expression.value);
}

function encodeTreeColumn(column: string): string {
  return quoteIfReserved(column);
}

function encodeTreeItem(item: Filter): string {
  if (item.kind === 'condition')
    return `${encodeTreeColumn(item.column)}.${encodeTreeExpression(item)}`;
  return `${item.negated ? 'not.' : ''}${item.kind}${encodeLogicItems(item.items)}`;
}

function encodeLogicItems(items: readonly Filter[]): string {
  if (items.length === 0) throw new TypeError('A logic group (and/or) needs at least one item');
  return `(${items.map(encodeTreeItem).join(',')})`;
}

/** The value of `or=`/`and=` for a group: `(a.eq.1,and(b.gt.2,c.is.null))`. */
export function encodeLogicTree(group: LogicGroup): string {
  return encodeLogicItems(group.items);
}

/** The query key for a top-level group: `or`, `and`, `not.or`, `not.and`. */
export function logicGroupKey(group: Pick<LogicGroup, 'kind' | 'negated'>): string {
  return `${group.negated ? 'not.' : ''}${group.kind}`;
}

// ---- parsing --------------------------------------------------------------------------------

function readInList(s: Scanner): string[] {
  s.expect('(');
  const values: string[] = [];
  if (s.peek() === ')') {
    s.pos += 1;
    return values;
  }
  for (;;) {
    values.push(s.readValue(',)').text);
    const next = s.peek();
    if (next === ',') s.pos += 1;
    else if (next === ')') {
      s.pos += 1;
      return values;
    } else s.fail(`expected "," or ")" in the in-list but found ${s.describeNext()}`);
  }
}

function readOperator(s: Scanner): { operator: FilterOperator; negated: boolean } {
  let negated = false;
  let word = s.readWhile((ch) => ch !== '.');
  if (word === 'not') {
    negated = true;
    s.expect('.');
    word = s.readWhile((ch) => ch !== '.');
  }
  if (!operatorSet.has(word)) {
    s.fail(
      `unknown operator "${word}" (expected one of ${filterOperators.join(', ')})`,
      s.pos - word.length,
    );
  }
  s.expect('.');
  return { operator: word as FilterOperator, negated };
}

function readIsValue(s: Scanner, stops: string): IsValue {
  const start = s.pos;
  const word = s.readWhile((ch) => !stops.includes(ch)).toLowerCase();
  if (!isValueSet.has(word))
    s.fail(`"is" takes null, true, false or unknown, not "${word}"`, start);
  return word as IsValue;
}

/** Parses the text after `column=`, e.g. `eq.foo`, `not.in.("a,b",c)`. */
export function parseFilterValue(text: string): FilterExpression {
  const s = new Scanner(text, 'filter');
  const { operator, negated } = readOperator(s);
  let expression: FilterExpression;
  if (operator === 'in') expression = { operator, negated, value: readInList(s) };
  else if (operator === 'is') expression = { operator, negated, value: readIsValue(s, '') };
  else expression = { operator, negated, value: s.input.slice(s.pos) };
  if (operator !== 'in' && operator !== 'is') s.pos = s.input.length;
  if (!s.done) s.fail(`unexpected ${s.describeNext()} after the value`);
  return expression;
}

/** Parses `column=text` into a condition. */
export function parseCondition(column: string, text: string): FilterCondition {
  return { kind: 'condition', column, ...parseFilterValue(text) };
}

function readTreeItem(s: Scanner): Filter {
  // `and(`, `or(`, `not.and(`, `not.or(` open a nested group; anything else is `column.op.value`.
  for (const kind of ['and', 'or'] as const) {
    if (s.startsWith(`${kind}(`)) {
      s.pos += kind.length;
      return { kind, negated: false, items: readTreeItems(s) };
    }
    if (s.startsWith(`not.${kind}(`)) {
      s.pos += kind.length + 4;
      return { kind, negated: true, items: readTreeItems(s) };
    }
  }
  const columnStart = s.pos;
  const { text: column, quoted } = s.readValue('.,()');
  if (!quoted && column === '') s.fail('expected a column name', columnStart);
  s.expect('.');
  const { operator, negated } = readOperator(s);
  let expression: FilterExpression;
  if (operator === 'in') expression = { operator, negated, value: readInList(s) };
  else if (operator === 'is') expression = { operator, negated, value: readIsValue(s, ',)') };
  else expression = { operator, negated, value: s.readValue(',)').text };
  return { kind: 'condition', column, ...expression };
}

function readTreeItems(s: Scanner): Filter[] {
  s.expect('(');
  const items: Filter[] = [];
  if (s.peek() === ')') s.fail('a logic group needs at least one condition');
  for (;;) {
    items.push(readTreeItem(s));
    const next = s.peek();
    if (next === ',') s.pos += 1;
    else if (next === ')') {
      s.pos += 1;
      return items;
    } else s.fail(`expected "," or ")" but found ${s.describeNext()}`);
  }
}

/** Parses the value of `or=`/`and=` (e.g. `(a.eq.1,and(b.gt.2,c.is.null))`) into a group. */
export function parseLogicTree(kind: 'and' | 'or', negated: boolean, text: string): LogicGroup {
  const s = new Scanner(text, `${negated ? 'not.' : ''}${kind} filter`);
  const items = readTreeItems(s);
  if (!s.done) s.fail(`unexpected ${s.describeNext()} after the closing ")"`);
  return { kind, negated, items };
}
