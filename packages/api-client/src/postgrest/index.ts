/**
 * The PostgREST URL grammar, both directions, with no dependencies (safe for the server and the
 * browser). The client's query builder writes requests only through these encoders; apps/server
 * parses them with the matching parsers, so both sides agree on every character.
 *
 * AST (see ./ast.ts):
 * - `FilterCondition` `{kind:'condition', column, operator, negated, value}`: value is a string for
 *   eq|neq|gt|gte|lt|lte|like|ilike, `string[]` for `in`, 'null'|'true'|'false'|'unknown' for `is`.
 * - `LogicGroup` `{kind:'and'|'or', negated, items: Filter[]}` for `or=(...)`, `not.and=(...)` and
 *   nested `and(...)`/`not.or(...)`. `Filter = FilterCondition | LogicGroup`.
 * - `OrderTerm` `{column, direction:'asc'|'desc', nulls?:'first'|'last'}`.
 * - `SelectItem`: `{kind:'star'}`, `{kind:'field', column, alias?, jsonPath?:[{arrow:'->'|'->>', key}],
 *   cast?}`, `{kind:'embed', relation, alias?, hint?, joinType?:'inner'|'left', children}`
 *   (`alias:relation!hint!inner(children)`; `relation!inner` alone has no children).
 * - `FilterExtension` `{key, include, exclude, comparisons:[{comparator:'>'|'>='|'<'|'<=', value}]}`
 *   for `{key}.filter=a,!b,>now-1h`.
 * - `PostgrestQuery` `{select?, filters, order, limit?, offset?, extensions}`.
 *
 * Functions (every parse* throws `PostgrestParseError` {message, input, position, param} on bad
 * input; answer it with a 400):
 * - `encodeFilterValue(expr)` / `parseFilterValue('not.in.("a,b",c)')`; `parseCondition(column, text)`.
 * - `encodeLogicTree(group)` / `parseLogicTree(kind, negated, '(a.eq.1,and(b.gt.2,c.is.null))')`;
 *   `logicGroupKey(group)` gives `or`|`and`|`not.or`|`not.and`.
 * - `encodeOrder(terms)` / `parseOrder('col.desc.nullslast,col2')`.
 * - `encodeSelect(items)` / `parseSelect('*,agent:agent_id(id,name)')`.
 * - `encodeFilterExtension(ext)` / `parseFilterExtension(key, 'a,!b,>now-1h')`.
 * - `encodeFilterKey(column)`: a query key, quoted when a column would read as a reserved key
 *   (`reservedQueryKeys`) or an extension; `parseQuery` reads it back.
 * - `parseQuery(URLSearchParams)` / `encodeQuery(query)`.
 *
 * Quoting: top-level scalar values are raw (PostgREST takes everything after `op.`). Inside `in.(...)`
 * lists and logic trees, and for names in select/order, a value with `,` `.` `:` `(` `)` `"` `\`,
 * whitespace, or an empty value is written as `"..."` with `"` and `\` backslash-escaped.
 */
export * from './ast.ts';
export { PostgrestParseError } from './errors.ts';
export {
  encodeFilterValue,
  encodeLogicTree,
  logicGroupKey,
  parseCondition,
  parseFilterValue,
  parseLogicTree,
} from './filter.ts';
export { encodeOrder, parseOrder } from './order.ts';
export { encodeSelect, parseSelect } from './select.ts';
export { encodeFilterExtension, parseFilterExtension } from './extension.ts';
export { encodeFilterKey, encodeQuery, parseQuery, reservedQueryKeys } from './query.ts';
