import type { FilterExtension, OrderTerm, SelectItem } from '@opsdeck/api-client/postgrest';
import type { Catalog, CatalogRelation } from './catalog.ts';
import { PostgrestError, unknownRelation } from './errors.ts';
import type { EngineFilter } from './filters.ts';
import { findRelationship, isToOne, type Relationship } from './relationships.ts';
import type { EmbeddedModifiers } from './request.ts';
import {
  castType,
  columnExpr,
  extensionSql,
  filterSql,
  orderTermSql,
  outputIdent,
  quoteIdent,
  resolveColumnRef,
  type ColumnRef,
  type SqlBuilder,
} from './sql.ts';

/** One resolved output of a `select`: a column (maybe a JSON path, maybe cast) or an embed. */
export type ReadItem =
  | { kind: 'column'; name: string; ref: ColumnRef; cast?: string }
  | {
      kind: 'embed';
      name: string;
      relationship: Relationship;
      node: ReadNode;
      inner: boolean;
      hidden: boolean;
      /** `...relation(cols)`: the embedded row's outputs become the parent's. */
      spread: boolean;
      /** `relation(count)`: the number of related rows, as `[{count}]` (`{count}` to one). */
      count?: string;
      cast?: string;
    };

/** A relation read with its select, filters and window: the top level or an embed. */
export interface ReadNode {
  relation: CatalogRelation;
  items: ReadItem[];
  filters: EngineFilter[];
  extensions: FilterExtension[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

function relationOf(catalog: Catalog, name: string): CatalogRelation {
  const relation = catalog.relations.get(name);
  if (!relation) throw unknownRelation(catalog.schema, name);
  return relation;
}

// Postgres allows 1664 entries in one target list (54011) and ORDER BY terms join it; these caps stay
// under that together and far above any page the console asks for. PostgREST stops embeds near 10.
export const maxSelectItems = 1000;
export const maxOrderTerms = 100;
export const maxEmbedDepth = 10;

const tooWide = () =>
  new PostgrestError(
    400,
    'PGRST100',
    `A select may have at most ${maxSelectItems} columns and embeds`,
    null,
    'Ask for the columns the page shows.',
  );

function checkOrder(order: OrderTerm[], path: string): OrderTerm[] {
  if (order.length > maxOrderTerms) {
    throw new PostgrestError(
      400,
      'PGRST100',
      `An order may have at most ${maxOrderTerms} terms`,
      path === '' ? null : `in "${path}.order"`,
    );
  }
  return order;
}

function fieldName(item: Extract<SelectItem, { kind: 'field' }>): string {
  return item.alias ?? item.jsonPath?.at(-1)?.key ?? item.column;
}

/**
 * The output name of an embed's only child when it asks for the related rows' count (`rel(count)`,
 * `rel(n:count)`, `rel(count())`) of a relation without a `count` column; undefined otherwise.
 */
function countRequest(children: SelectItem[], target: CatalogRelation): string | undefined {
  const [only, ...rest] = children;
  if (!only || rest.length > 0 || target.columnsByName.has('count')) return undefined;
  if (only.kind === 'field' && only.column === 'count' && !only.jsonPath && !only.cast)
    return only.alias ?? 'count';
  if (
    only.kind === 'embed' &&
    only.relation === 'count' &&
    only.children.length === 0 &&
    !only.hint
  )
    return only.alias ?? 'count';
  return undefined;
}

const spreadNotPossible = (parent: string, target: string) =>
  new PostgrestError(
    400,
    'PGRST119',
    `A spread operation on '${target}' is not possible`,
    `'${parent}' and '${target}' do not form a many-to-one or one-to-one relationship`,
  );

/**
 * Resolves a `select` tree against the catalog (columns, embeds through foreign keys) and attaches
 * the embedded modifiers by path. Unknown names are 400s before any SQL runs.
 */
export function resolveRead(
  catalog: Catalog,
  relation: CatalogRelation,
  select: SelectItem[] | undefined,
  top: { filters: EngineFilter[]; extensions: FilterExtension[]; order: OrderTerm[] },
  embedded: Map<string, EmbeddedModifiers>,
): ReadNode {
  const context: ResolveContext = { catalog, embedded, used: new Set<string>(), items: 0 };
  const node = resolveNode(context, relation, select ?? [{ kind: 'star' }], '', 0);
  node.filters = top.filters;
  node.extensions = top.extensions;
  node.order = checkOrder(top.order, '');
  const { used } = context;
  for (const path of embedded.keys()) {
    if (!used.has(path)) {
      throw new PostgrestError(
        400,
        'PGRST108',
        `'${path}' is not an embedded resource in this request`,
        null,
        `Verify that '${path}' is included in the 'select' query parameter.`,
      );
    }
  }
  return node;
}

/** What the resolution of one select tree shares across its levels. */
interface ResolveContext {
  catalog: Catalog;
  embedded: Map<string, EmbeddedModifiers>;
  /** Embed paths that met their modifiers. */
  used: Set<string>;
  /** Columns and embeds resolved so far, against `maxSelectItems`. */
  items: number;
}

function resolveNode(
  context: ResolveContext,
  relation: CatalogRelation,
  select: SelectItem[],
  path: string,
  depth: number,
): ReadNode {
  const { catalog, embedded, used } = context;
  if (depth > maxEmbedDepth) {
    throw new PostgrestError(
      400,
      'PGRST100',
      `Embedded resources may nest at most ${maxEmbedDepth} levels`,
      `in "${path}"`,
    );
  }
  const items: ReadItem[] = [];
  const push = (item: ReadItem) => {
    context.items += 1;
    if (context.items > maxSelectItems) throw tooWide();
    items.push(item);
  };
  const explicit = new Set<string>();
  for (const item of select) {
    if (item.kind === 'field') explicit.add(fieldName(item));
    if (item.kind === 'embed' && item.children.length > 0 && !item.spread)
      explicit.add(item.alias ?? item.relation);
  }
  for (const item of select) {
    if (item.kind === 'star') {
      // Columns an explicit item of the same name replaces (`*,created_by(...)`) are left out.
      for (const column of relation.columns) {
        if (!explicit.has(column.name))
          push({ kind: 'column', name: column.name, ref: { column, jsonPath: [] } });
      }
    } else if (item.kind === 'field') {
      const ref = resolveColumnRef(relation, item.column);
      const resolved: ReadItem = {
        kind: 'column',
        name: fieldName(item),
        ref: { column: ref.column, jsonPath: item.jsonPath ?? [] },
      };
      if (item.cast !== undefined) resolved.cast = castType(item.cast);
      push(resolved);
    } else {
      const relationship = findRelationship(catalog, relation.name, item.relation, item.hint);
      const name = item.alias ?? item.relation;
      const childPath = path === '' ? name : `${path}.${name}`;
      const target = relationOf(catalog, relationship.target);
      const count = item.spread ? undefined : countRequest(item.children, target);
      if (item.spread && !isToOne(relationship))
        throw spreadNotPossible(relation.name, relationship.target);
      const child = resolveNode(
        context,
        target,
        count === undefined ? item.children : [],
        childPath,
        depth + 1,
      );
      const modifiers = embedded.get(childPath);
      if (modifiers) {
        used.add(childPath);
        child.filters = modifiers.filters;
        child.order = checkOrder(modifiers.order, childPath);
        if (modifiers.limit !== undefined) child.limit = modifiers.limit;
        if (modifiers.offset !== undefined) child.offset = modifiers.offset;
      }
      const resolved: ReadItem = {
        kind: 'embed',
        name,
        relationship,
        node: child,
        inner: item.joinType === 'inner',
        hidden: item.children.length === 0,
        spread: item.spread ?? false,
      };
      if (count !== undefined) resolved.count = count;
      if (item.cast !== undefined) resolved.cast = castType(item.cast);
      push(resolved);
    }
  }
  return { relation, items, filters: [], extensions: [], order: [] };
}

/**
 * Every relation a read exposes besides its own: embedded ones (at any depth), the junction tables
 * of many-to-many embeds and the relations of `order=embed(col)`. Each needs its own read right.
 */
export function relationsTouched(catalog: Catalog, node: ReadNode): Set<string> {
  const out = new Set<string>();
  const walk = (current: ReadNode) => {
    for (const term of current.order) {
      const related = /^([^()]+)\(([^()]+)\)$/.exec(term.column);
      if (related?.[1]) {
        const embed = current.items.find(
          (item) => item.kind === 'embed' && item.name === related[1],
        );
        const relationship =
          embed?.kind === 'embed'
            ? embed.relationship
            : findRelationship(catalog, current.relation.name, related[1], undefined);
        out.add(relationship.target);
      }
    }
    for (const item of current.items) {
      if (item.kind !== 'embed') continue;
      out.add(item.relationship.target);
      if (item.relationship.kind === 'many-to-many') out.add(item.relationship.junction);
      walk(item.node);
    }
  };
  walk(node);
  return out;
}

/** The SQL condition joining an embedded relation (alias `child`) to its parent row (alias `parent`). */
export function joinSql(
  sql: SqlBuilder,
  relationship: Relationship,
  parent: string,
  child: string,
): string {
  const pairs = (left: string, leftColumns: string[], right: string, rightColumns: string[]) =>
    leftColumns.map(
      (column, i) =>
        `${left}.${quoteIdent(column)} = ${right}.${quoteIdent(rightColumns[i] ?? '')}`,
    );
  switch (relationship.kind) {
    case 'many-to-one':
      return pairs(child, relationship.fk.foreignColumns, parent, relationship.fk.columns).join(
        ' AND ',
      );
    case 'one-to-many':
      return pairs(child, relationship.fk.columns, parent, relationship.fk.foreignColumns).join(
        ' AND ',
      );
    case 'many-to-many': {
      const junction = sql.alias('j');
      const conditions = [
        ...pairs(
          junction,
          relationship.sourceFk.columns,
          parent,
          relationship.sourceFk.foreignColumns,
        ),
        ...pairs(
          junction,
          relationship.targetFk.columns,
          child,
          relationship.targetFk.foreignColumns,
        ),
      ];
      return `EXISTS (SELECT 1 FROM ${sql.qualified(relationship.junction)} AS ${junction} WHERE ${conditions.join(' AND ')})`;
    }
  }
}

/** Each output of a node read as `alias`: its name and SQL expression (a spread gives several). */
function outputsSql(sql: SqlBuilder, node: ReadNode, alias: string): [string, string][] {
  const out: [string, string][] = [];
  for (const item of node.items) {
    if (item.kind === 'column') {
      const expr = columnExpr(sql, alias, item.ref);
      out.push([item.name, item.cast ? `(${expr})::${item.cast}` : expr]);
    } else if (item.spread) {
      // One scalar subquery per spread output, each reading the one related row.
      const child = sql.alias();
      const conditions = [
        joinSql(sql, item.relationship, alias, child),
        ...whereSql(sql, item.node, child),
      ];
      const from = `FROM ${sql.qualified(item.node.relation.name)} AS ${child} WHERE ${conditions.join(' AND ')}`;
      for (const [name, expr] of outputsSql(sql, item.node, child))
        out.push([name, `(SELECT ${expr} ${from} LIMIT 1)`]);
    } else if (!item.hidden) {
      const expr =
        item.count === undefined ? embedSql(sql, item, alias) : countSql(sql, item, alias);
      out.push([item.name, item.cast ? `(${expr})::${item.cast}` : expr]);
    }
  }
  return out;
}

/** `alias.col AS "name", (embed subquery) AS "name"...` for a node read as `alias`. */
export function selectListSql(sql: SqlBuilder, node: ReadNode, alias: string): string {
  return outputsSql(sql, node, alias)
    .map(([name, expr]) => `${expr} AS ${outputIdent(name)}`)
    .join(', ');
}

// `rel(count)`: PostgREST answers `[{"count": n}]` for a to-many embed and `{"count": n}` to one.
function countSql(
  sql: SqlBuilder,
  item: Extract<ReadItem, { kind: 'embed' }>,
  parent: string,
): string {
  const child = sql.alias();
  const conditions = [
    joinSql(sql, item.relationship, parent, child),
    ...whereSql(sql, item.node, child),
  ];
  const object = `json_build_object(${sql.bind(item.count ?? 'count')}::text, count(*))`;
  const value = isToOne(item.relationship) ? object : `json_build_array(${object})`;
  return `(SELECT ${value} FROM ${sql.qualified(item.node.relation.name)} AS ${child} WHERE ${conditions.join(' AND ')})`;
}

/** The WHERE conditions of a node: filters, extensions and the existence of its `!inner` embeds. */
export function whereSql(sql: SqlBuilder, node: ReadNode, alias: string): string[] {
  const out = node.filters.map(
    (filter) =>
      embedNullSql(sql, node, alias, filter) ?? filterSql(sql, alias, node.relation, filter),
  );
  for (const extension of node.extensions)
    out.push(extensionSql(sql, alias, node.relation, extension));
  for (const item of node.items) {
    if (item.kind === 'embed' && item.inner) {
      const child = sql.alias();
      const conditions = [
        joinSql(sql, item.relationship, alias, child),
        ...whereSql(sql, item.node, child),
      ];
      out.push(
        `EXISTS (SELECT 1 FROM ${sql.qualified(item.node.relation.name)} AS ${child} WHERE ${conditions.join(' AND ')})`,
      );
    }
  }
  return out;
}

// `embed=is.null` / `embed=not.is.null`: parents without / with a matching embedded row (PostgREST's
// alternative to !inner). Only `is.null` applies to an embed name (PGRST120 otherwise).
function embedNullSql(
  sql: SqlBuilder,
  node: ReadNode,
  alias: string,
  filter: EngineFilter,
): string | undefined {
  if (filter.kind !== 'condition' || node.relation.columnsByName.has(filter.column))
    return undefined;
  const embed = node.items.find((item) => item.kind === 'embed' && item.name === filter.column);
  if (embed?.kind !== 'embed') return undefined;
  if (filter.operator !== 'is' || filter.value !== 'null') {
    throw new PostgrestError(
      400,
      'PGRST120',
      `An embedded resource can only be filtered using the is.null or not.is.null operators`,
    );
  }
  const child = sql.alias();
  const conditions = [
    joinSql(sql, embed.relationship, alias, child),
    ...whereSql(sql, embed.node, child),
  ];
  const exists = `EXISTS (SELECT 1 FROM ${sql.qualified(embed.node.relation.name)} AS ${child} WHERE ${conditions.join(' AND ')})`;
  return filter.negated ? exists : `NOT ${exists}`;
}

export function orderSql(sql: SqlBuilder, node: ReadNode, alias: string): string {
  return node.order
    .map((term) => orderTermSql(orderExpr(sql, node, alias, term.column), term))
    .join(', ');
}

// `col`, `col->>key`, or `embed(col)` for a to-one embedded relation, as PostgREST allows.
function orderExpr(sql: SqlBuilder, node: ReadNode, alias: string, column: string): string {
  const related = /^([^()]+)\(([^()]+)\)$/.exec(column);
  if (!related) return columnExpr(sql, alias, resolveColumnRef(node.relation, column));
  const [, relationName = '', relatedColumn = ''] = related;
  const embed = node.items.find((item) => item.kind === 'embed' && item.name === relationName);
  const relationship =
    embed?.kind === 'embed'
      ? embed.relationship
      : findRelationship(sql.catalog, node.relation.name, relationName, undefined);
  if (!isToOne(relationship)) {
    throw new PostgrestError(
      400,
      'PGRST118',
      `A related order on '${relationName}' is not possible`,
      `'${node.relation.name}' and '${relationName}' do not form a many-to-one or one-to-one relationship`,
    );
  }
  const target = relationOf(sql.catalog, relationship.target);
  const child = sql.alias();
  const expr = columnExpr(sql, child, resolveColumnRef(target, relatedColumn));
  return `(SELECT ${expr} FROM ${sql.qualified(target.name)} AS ${child} WHERE ${joinSql(sql, relationship, alias, child)} LIMIT 1)`;
}

function windowSql(sql: SqlBuilder, limit: number | undefined, offset: number | undefined): string {
  return `${limit === undefined ? '' : ` LIMIT ${sql.bind(String(limit))}`}${offset ? ` OFFSET ${sql.bind(String(offset))}` : ''}`;
}

// One scalar subquery per embed, so a page with embeds is still one statement (no N+1). Rows are
// aggregated as `alias.*`, the whole row even where a select names an output like the alias.
function embedSql(
  sql: SqlBuilder,
  item: Extract<ReadItem, { kind: 'embed' }>,
  parent: string,
): string {
  const child = sql.alias();
  const row = sql.alias('e');
  const list = selectListSql(sql, item.node, child);
  const conditions = [
    joinSql(sql, item.relationship, parent, child),
    ...whereSql(sql, item.node, child),
  ];
  const from = `FROM ${sql.qualified(item.node.relation.name)} AS ${child} WHERE ${conditions.join(' AND ')}`;
  if (isToOne(item.relationship)) {
    return `(SELECT row_to_json(${row}.*) FROM (SELECT ${list} ${from} LIMIT 1) AS ${row})`;
  }
  const order = orderSql(sql, item.node, child);
  const window = windowSql(sql, item.node.limit, item.node.offset);
  return `(SELECT coalesce(json_agg(${row}.*), '[]'::json) FROM (SELECT ${list} ${from}${order ? ` ORDER BY ${order}` : ''}${window}) AS ${row})`;
}

/**
 * How the total of a read is counted in its statement: every matching row (`exact`), at most
 * `bound` + 1 of them (`bounded`, the cheap first step of an estimated count) or not at all.
 */
export type CountMode = { kind: 'exact' } | { kind: 'bounded'; bound: number } | { kind: 'none' };

/** `FROM relation AS alias WHERE ...` of a read, or FROM the rows of a function call (`source`). */
function fromSql(sql: SqlBuilder, node: ReadNode, alias: string, source?: string): string {
  const where = whereSql(sql, node, alias);
  const whereText = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  return `FROM ${source === undefined ? sql.qualified(node.relation.name) : 'pgrst_source'} AS ${alias}${whereText}`;
}

// A function's rows are computed once for the page and the count: a volatile function must not run
// twice, and an expensive one (a recursive walk) should not.
function sourceSql(source: string | undefined): string {
  return source === undefined
    ? ''
    : `WITH pgrst_source AS MATERIALIZED (SELECT * FROM ${source} AS pgrst_call) `;
}

/**
 * The whole read as one statement: the page as a JSON array text (`body`, or CSV text with `csv`),
 * its row count (`n`) and, when asked, the total (`total`) of rows matching the filters.
 */
export function readSql(
  sql: SqlBuilder,
  node: ReadNode,
  options: { count: CountMode; limit?: number; offset: number; csv?: boolean; source?: string },
): string {
  const alias = sql.alias();
  const list = selectListSql(sql, node, alias);
  const from = fromSql(sql, node, alias, options.source);
  const order = orderSql(sql, node, alias);
  const page = `SELECT ${list} ${from}${order ? ` ORDER BY ${order}` : ''}${windowSql(sql, options.limit, options.offset)}`;
  const { count } = options;
  const total =
    count.kind === 'exact'
      ? `(SELECT count(*) ${from})`
      : count.kind === 'bounded'
        ? `(SELECT count(*) FROM (SELECT 1 ${from} LIMIT ${sql.bind(String(count.bound + 1))}) AS c)`
        : 'NULL::bigint';
  const body = options.csv
    ? csvSql(sql, 'p', outputNames(node))
    : `coalesce(json_agg(p.*), '[]'::json)::text`;
  return `${sourceSql(options.source)}SELECT ${total} AS total, count(*) AS n, ${body} AS body FROM (${page}) AS p`;
}

/** The names a read's rows carry, in order: its columns and visible embeds. */
export function outputNames(node: ReadNode): string[] {
  return node.items.flatMap((item) =>
    item.kind === 'column'
      ? [item.name]
      : item.spread
        ? outputNames(item.node)
        : item.hidden
          ? []
          : [item.name],
  );
}

/**
 * PostgREST's CSV of the rows of `alias` (an aggregate over them): a header of the column names,
 * empty when there are no rows, then each row as Postgres writes a record without its parentheses:
 * values quoted where they hold a comma, quote, space or parenthesis, NULL as nothing, `t`/`f`.
 */
export function csvSql(sql: SqlBuilder, alias: string, names: string[]): string {
  const row = `(${alias}.*)::text`;
  const header = `CASE WHEN count(*) > 0 THEN ${sql.bind(names.join(','))}::text ELSE '' END`;
  return `${header} || E'\\n' || coalesce(string_agg(substring(${row}, 2, length(${row}) - 2), E'\\n'), '')`;
}

/** The statement the planner is asked to estimate for `Prefer: count=planned|estimated`. */
export function countPlanSql(sql: SqlBuilder, node: ReadNode, source?: string): string {
  const alias = sql.alias();
  return `EXPLAIN (FORMAT JSON) ${sourceSql(source)}SELECT 1 ${fromSql(sql, node, alias, source)}`;
}
