// The typed AST of the PostgREST URL grammar the console speaks. Both the client (encoders) and
// apps/server (parsers) use these shapes, so a request means the same thing on both sides.

export const scalarOperators = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike'] as const;
export type ScalarOperator = (typeof scalarOperators)[number];
export const filterOperators = [...scalarOperators, 'in', 'is'] as const;
export type FilterOperator = (typeof filterOperators)[number];
export const isValues = ['null', 'true', 'false', 'unknown'] as const;
export type IsValue = (typeof isValues)[number];

/** What follows `column=` (or `column.` inside a logic tree): operator, negation and value. */
export type FilterExpression =
  | { operator: ScalarOperator; negated: boolean; value: string }
  | { operator: 'in'; negated: boolean; value: string[] }
  | { operator: 'is'; negated: boolean; value: IsValue };

/** One column condition, e.g. `name=not.eq.foo` or `a.in.(1,2)` inside `or=(...)`. */
export type FilterCondition = FilterExpression & { kind: 'condition'; column: string };

/** `or=(...)`, `and=(...)`, `not.or=(...)` and their nested forms `and(...)`, `not.or(...)`. */
export interface LogicGroup {
  kind: 'and' | 'or';
  negated: boolean;
  items: Filter[];
}

export type Filter = FilterCondition | LogicGroup;

export type OrderDirection = 'asc' | 'desc';
export type NullsOrder = 'first' | 'last';
/** `col.desc.nullslast`; a term without a direction parses as `asc`. */
export interface OrderTerm {
  column: string;
  direction: OrderDirection;
  nulls?: NullsOrder;
}

export type JsonArrow = '->' | '->>';
export interface JsonPathStep {
  arrow: JsonArrow;
  key: string;
}

export interface SelectStar {
  kind: 'star';
}
/** `alias:column->a->>b::cast`; alias, jsonPath and cast are omitted when absent. */
export interface SelectField {
  kind: 'field';
  column: string;
  alias?: string;
  jsonPath?: JsonPathStep[];
  cast?: string;
}
export type JoinType = 'inner' | 'left';
/**
 * `alias:relation!hint!inner(children)`; `relation!inner` without parentheses has no children.
 * `...relation(children)` spreads a to-one embed's columns into its parent (`spread`), and
 * `relation(children)::jsonb` casts the embedded value (`cast`).
 */
export interface SelectEmbed {
  kind: 'embed';
  relation: string;
  alias?: string;
  hint?: string;
  joinType?: JoinType;
  spread?: boolean;
  cast?: string;
  children: SelectItem[];
}
export type SelectItem = SelectStar | SelectField | SelectEmbed;

export type ExtensionComparator = '>' | '>=' | '<' | '<=';
/**
 * The backend's `{key}.filter=` extension: a tri-state include/exclude list (`a,!b`) and date math
 * comparisons (`>now-1h`).
 */
export interface FilterExtension {
  key: string;
  include: string[];
  exclude: string[];
  comparisons: { comparator: ExtensionComparator; value: string }[];
}

export interface PostgrestQuery {
  /** Absent when the request has no `select` (PostgREST then returns `*`). */
  select?: SelectItem[];
  filters: Filter[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  extensions: FilterExtension[];
}
