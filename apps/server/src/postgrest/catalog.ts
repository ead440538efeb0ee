import type { SqlRunner } from '../db/database.ts';
import { secretColumnsOf, type ColumnSecret, type SecretColumns } from './secretColumns.ts';

/**
 * What the engine knows about the exposed schema: every identifier it writes into SQL comes from
 * here, never from the request. Built once from pg_catalog and refreshed on demand.
 */
export interface CatalogColumn {
  name: string;
  /** `format_type` spelling, e.g. `timestamp with time zone`, `text[]`: safe to use as a cast. */
  type: string;
  /** The base type name (`pg_type.typname`), e.g. `timestamptz`, `_text`, `jsonb`. */
  udt: string;
  isArray: boolean;
  nullable: boolean;
  hasDefault: boolean;
  /** Declared secret (see SecretColumns): masked on read, never filtered on, sealed on write. */
  secret?: ColumnSecret;
}

export type RelationKind = 'table' | 'view';

export interface CatalogRelation {
  name: string;
  kind: RelationKind;
  columns: CatalogColumn[];
  columnsByName: ReadonlyMap<string, CatalogColumn>;
  primaryKey: string[];
  /** Primary key and unique constraints, each as its column list. */
  uniqueKeys: string[][];
  /** What Postgres lets a statement do to it: every table all three, a view only when updatable. */
  writable: { insert: boolean; update: boolean; delete: boolean };
  /**
   * Column → its case-folded companion (a stored `lower(column)`), which `ilike` on the column
   * reads instead (see CaseFolded). The companions themselves are not exposed.
   */
  folded?: ReadonlyMap<string, string>;
}

/**
 * For a relation, its columns that have a stored case-folded companion: `{ name: 'name_folded' }`
 * where `name_folded` is `lower(name)` kept by the database (a generated column, or a view's column
 * of one). `name ILIKE p` then runs as `name_folded LIKE lower(p)`: the same rows, since ILIKE in a
 * multibyte database is defined as exactly that, without folding every row at every read.
 */
export type CaseFolded = (relation: string) => Readonly<Record<string, string>> | undefined;

/**
 * A foreign key `table(columns) -> foreignTable(foreignColumns)`. For views the engine derives the
 * keys of the base tables their columns come from, as PostgREST does.
 */
export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  foreignTable: string;
  foreignColumns: string[];
  /** Derived for a view from its base table's key (not declared in the database). */
  derived?: boolean;
}

export interface FunctionArgument {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface CatalogFunction {
  name: string;
  args: FunctionArgument[];
  returnType: string;
  returnsSet: boolean;
  /** The return type is a row (table, view or composite type). */
  returnsRow: boolean;
  returnsVoid: boolean;
  volatile: boolean;
  /** The columns of the rows it returns (OUT/TABLE columns or its row type's); empty for a scalar. */
  returns: CatalogColumn[];
  /** The exposed table or view whose rows it returns (`SETOF configs`), if any. */
  returnRelation?: string;
}

export interface Catalog {
  schema: string;
  relations: ReadonlyMap<string, CatalogRelation>;
  foreignKeys: ForeignKey[];
  functions: ReadonlyMap<string, CatalogFunction>;
}

interface ColumnRow {
  relation: string;
  kind: string;
  /** pg_relation_is_updatable's bits: 4 update, 8 insert, 16 delete. */
  updatable: number;
  name: string | null;
  type: string | null;
  udt: string | null;
  category: string | null;
  not_null: boolean | null;
  has_default: boolean | null;
}

interface ConstraintRow {
  name: string;
  type: string;
  relation: string;
  columns: string[];
  foreign_relation: string | null;
  foreign_columns: string[] | null;
}

interface ViewRow {
  view: string;
  action: string;
}

interface ColumnIdRow {
  oid: number;
  relation: string;
  attnum: number;
  name: string;
}

interface FunctionRow {
  name: string;
  returns: { name: string | null; type: string; udt: string; category: string }[] | null;
  return_relation: string | null;
  args: { name: string | null; type: string }[] | null;
  defaults: number;
  return_type: string;
  returns_set: boolean;
  returns_row: boolean;
  volatile: boolean;
  overloads: number;
}

const relationKinds = "('r','p','v','m','f')";

// Columns of every table and view of the schema, in table order; views without columns still appear.
const columnsSql = `
SELECT c.relname AS relation, c.relkind::text AS kind, pg_relation_is_updatable(c.oid::regclass, true) AS updatable, a.attname AS name,
       format_type(a.atttypid, a.atttypmod) AS type, t.typname AS udt, t.typcategory::text AS category,
       a.attnotnull AS not_null, (a.atthasdef OR a.attidentity <> '' OR a.attgenerated <> '') AS has_default
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
  LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
  LEFT JOIN pg_type t ON t.oid = a.atttypid
 WHERE n.nspname = $1 AND c.relkind IN ${relationKinds}
 ORDER BY c.relname, a.attnum`;

// Primary, unique and foreign keys with their columns in key order.
const constraintsSql = `
SELECT con.conname AS name, con.contype::text AS type, c.relname AS relation,
       (SELECT json_agg(a.attname ORDER BY k.ord) FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum) AS columns,
       fc.relname AS foreign_relation,
       (SELECT json_agg(a.attname ORDER BY k.ord) FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum) AS foreign_columns
  FROM pg_constraint con
  JOIN pg_class c ON c.oid = con.conrelid
  JOIN pg_namespace n ON n.oid = c.relnamespace
  LEFT JOIN pg_class fc ON fc.oid = con.confrelid
  LEFT JOIN pg_namespace fn ON fn.oid = fc.relnamespace
 WHERE n.nspname = $1 AND con.contype IN ('p','u','f') AND (con.contype <> 'f' OR fn.nspname = $1)
 ORDER BY con.conname`;

// The parsed query tree of each view: its target entries name the base column each view column is.
const viewsSql = `
SELECT v.relname AS view, r.ev_action::text AS action
  FROM pg_rewrite r
  JOIN pg_class v ON v.oid = r.ev_class
  JOIN pg_namespace n ON n.oid = v.relnamespace
 WHERE n.nspname = $1 AND v.relkind IN ('v','m') AND r.rulename = '_RETURN'`;

const columnIdsSql = `
SELECT c.oid::int8 AS oid, c.relname AS relation, a.attnum::int AS attnum, a.attname AS name
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
 WHERE n.nspname = $1 AND c.relkind IN ${relationKinds}`;

// Plain SQL/plpgsql functions callable as rpc: IN arguments, and OUT or TABLE columns for what they
// return (no INOUT or VARIADIC); not triggers or aggregates. `returns` are the columns of the rows a
// function gives (its OUT/TABLE columns or its composite type's), `return_relation` the exposed
// table or view whose row type it returns (so its rows can embed through that relation's keys).
const functionsSql = `
SELECT p.proname AS name,
       (SELECT json_agg(json_build_object('name', a.name, 'type', format_type(a.type, NULL)) ORDER BY a.ord)
          FROM unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]),
                      coalesce(p.proargmodes, array_fill('i'::"char", ARRAY[p.pronargs::int])),
                      p.proargnames) WITH ORDINALITY AS a(type, mode, name, ord)
         WHERE a.mode = 'i') AS args,
       p.pronargdefaults::int AS defaults,
       format_type(p.prorettype, NULL) AS return_type,
       p.proretset AS returns_set,
       (rt.typtype = 'c' OR rt.typrelid <> 0 OR 't' = ANY(coalesce(p.proargmodes, '{}')) OR 'o' = ANY(coalesce(p.proargmodes, '{}'))) AS returns_row,
       p.provolatile = 'v' AS volatile,
       count(*) OVER (PARTITION BY p.proname)::int AS overloads,
       CASE WHEN p.proargmodes IS NOT NULL AND rt.typrelid = 0 THEN
         (SELECT json_agg(json_build_object('name', a.name, 'type', format_type(a.type, NULL), 'udt', t.typname, 'category', t.typcategory::text) ORDER BY a.ord)
            FROM unnest(p.proallargtypes, p.proargmodes, p.proargnames) WITH ORDINALITY AS a(type, mode, name, ord)
            JOIN pg_type t ON t.oid = a.type
           WHERE a.mode IN ('o', 't'))
       ELSE
         (SELECT json_agg(json_build_object('name', att.attname, 'type', format_type(att.atttypid, att.atttypmod), 'udt', t.typname, 'category', t.typcategory::text) ORDER BY att.attnum)
            FROM pg_attribute att JOIN pg_type t ON t.oid = att.atttypid
           WHERE att.attrelid = rt.typrelid AND att.attnum > 0 AND NOT att.attisdropped)
       END AS returns,
       (SELECT rc.relname FROM pg_class rc JOIN pg_namespace rn ON rn.oid = rc.relnamespace
         WHERE rc.oid = rt.typrelid AND rn.nspname = $1 AND rc.relkind IN ${relationKinds}) AS return_relation
  FROM pg_proc p
  JOIN pg_namespace n ON n.oid = p.pronamespace
  JOIN pg_type rt ON rt.oid = p.prorettype
 WHERE n.nspname = $1 AND p.prokind = 'f'
   AND (p.proargmodes IS NULL OR p.proargmodes <@ ARRAY['i', 'o', 't']::"char"[])
   AND rt.typname NOT IN ('trigger', 'event_trigger', 'internal')`;

function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((column, i) => column === b[i]);
}

// `:resname id :ressortgroupref 0 :resorigtbl 16385 :resorigcol 1` in the node tree text of a view.
const targetEntry =
  /:resname ((?:\\.|[^\s\\])+) :ressortgroupref \d+ :resorigtbl (\d+) :resorigcol (\d+)/g;

/**
 * Where each column of each view comes from (view column -> base table column), following views
 * of views. A view column whose name has several different origins in the tree is left out.
 */
function viewColumnOrigins(
  views: ViewRow[],
  columnIds: ColumnIdRow[],
): Map<string, Map<string, { relation: string; column: string }>> {
  const byId = new Map(columnIds.map((row) => [`${row.oid}:${row.attnum}`, row]));
  const direct = new Map<string, Map<string, { relation: string; column: string } | null>>();
  for (const { view, action } of views) {
    const origins = new Map<string, { relation: string; column: string } | null>();
    for (const match of action.matchAll(targetEntry)) {
      const name = (match[1] ?? '').replace(/\\(.)/g, '$1');
      const origin = byId.get(`${match[2]}:${match[3]}`);
      if (!origin) continue;
      const previous = origins.get(name);
      const next = { relation: origin.relation, column: origin.name };
      if (previous === undefined) origins.set(name, next);
      else if (previous && (previous.relation !== next.relation || previous.column !== next.column))
        origins.set(name, null);
    }
    direct.set(view, origins);
  }
  const resolved = new Map<string, Map<string, { relation: string; column: string }>>();
  for (const [view, origins] of direct) {
    const out = new Map<string, { relation: string; column: string }>();
    for (const [name, origin] of origins) {
      let current = origin;
      // Views of views: walk down to a base table (bounded, in case of odd trees).
      for (let depth = 0; current && direct.has(current.relation) && depth < 10; depth += 1) {
        current = direct.get(current.relation)?.get(current.column) ?? null;
      }
      if (current) out.set(name, current);
    }
    resolved.set(view, out);
  }
  return resolved;
}

/** Foreign keys of views: a base table's key applies to a view exposing all its columns unchanged. */
function deriveViewForeignKeys(
  foreignKeys: ForeignKey[],
  origins: Map<string, Map<string, { relation: string; column: string }>>,
): ForeignKey[] {
  // For every view, base (relation, column) -> the view's column names that expose it.
  const exposing = (
    view: string,
    relation: string,
    columns: readonly string[],
  ): string[] | undefined => {
    const map = origins.get(view);
    if (!map) return undefined;
    const out: string[] = [];
    for (const column of columns) {
      const found = [...map].find(
        ([, origin]) => origin.relation === relation && origin.column === column,
      );
      if (!found) return undefined;
      out.push(found[0]);
    }
    return out;
  };
  const derived: ForeignKey[] = [];
  const sides = (relation: string, columns: readonly string[]) => {
    const out = [{ relation, columns: [...columns] }];
    for (const view of origins.keys()) {
      const viewColumns = exposing(view, relation, columns);
      if (viewColumns) out.push({ relation: view, columns: viewColumns });
    }
    return out;
  };
  for (const fk of foreignKeys) {
    for (const from of sides(fk.table, fk.columns)) {
      for (const to of sides(fk.foreignTable, fk.foreignColumns)) {
        if (from.relation === fk.table && to.relation === fk.foreignTable) continue;
        derived.push({
          name: fk.name,
          table: from.relation,
          columns: from.columns,
          foreignTable: to.relation,
          foreignColumns: to.columns,
          derived: true,
        });
      }
    }
  }
  return derived;
}

/** Reads tables, views, columns, keys (with view-derived ones) and functions of `schema`. */
export async function loadCatalog(
  db: SqlRunner,
  schema = 'public',
  caseFolded?: CaseFolded,
  secretColumns?: SecretColumns,
): Promise<Catalog> {
  const [columns, constraints, views, columnIds, functions] = await Promise.all([
    db.query<ColumnRow>(columnsSql, [schema]),
    db.query<ConstraintRow>(constraintsSql, [schema]),
    db.query<ViewRow>(viewsSql, [schema]),
    db.query<ColumnIdRow>(columnIdsSql, [schema]),
    db.query<FunctionRow>(functionsSql, [schema]),
  ]);

  const relations = new Map<string, CatalogRelation>();
  // `relation.column` of each case-folded companion the database has (kept out of the columns).
  const companions = new Set<string>();
  for (const row of columns.rows) {
    let relation = relations.get(row.relation);
    if (!relation) {
      relation = {
        name: row.relation,
        kind: row.kind === 'v' || row.kind === 'm' ? 'view' : 'table',
        columns: [],
        columnsByName: new Map(),
        primaryKey: [],
        uniqueKeys: [],
        writable: {
          insert: (row.updatable & 8) !== 0,
          update: (row.updatable & 4) !== 0,
          delete: (row.updatable & 16) !== 0,
        },
      };
      relations.set(row.relation, relation);
    }
    if (row.name === null || row.type === null) continue;
    if (isFoldedCompanion(relation, row.name, caseFolded)) {
      companions.add(`${relation.name}.${row.name}`);
      continue;
    }
    const column: CatalogColumn = {
      name: row.name,
      type: row.type,
      udt: row.udt ?? row.type,
      isArray: row.category === 'A',
      nullable: !row.not_null,
      hasDefault: Boolean(row.has_default),
    };
    const secret = secretColumnsOf(secretColumns?.(relation.name)).get(row.name);
    if (secret) column.secret = secret;
    relation.columns.push(column);
    (relation.columnsByName as Map<string, CatalogColumn>).set(column.name, column);
  }

  for (const relation of relations.values()) foldedColumns(relation, companions, caseFolded);

  const foreignKeys: ForeignKey[] = [];
  for (const row of constraints.rows) {
    const relation = relations.get(row.relation);
    if (!relation) continue;
    if (row.type === 'p') relation.primaryKey = row.columns;
    if (row.type === 'p' || row.type === 'u') relation.uniqueKeys.push(row.columns);
    if (
      row.type === 'f' &&
      row.foreign_relation &&
      row.foreign_columns &&
      relations.has(row.foreign_relation)
    ) {
      foreignKeys.push({
        name: row.name,
        table: row.relation,
        columns: row.columns,
        foreignTable: row.foreign_relation,
        foreignColumns: row.foreign_columns,
      });
    }
  }

  const origins = viewColumnOrigins(
    views.rows,
    columnIds.rows.map((row) => ({ ...row, oid: Number(row.oid) })),
  );
  // A view exposing a table's whole primary key unchanged gets it too (to find one-to-one embeds).
  for (const [view, map] of origins) {
    const relation = relations.get(view);
    if (!relation) continue;
    for (const [name, origin] of map) {
      const base = relations.get(origin.relation);
      if (
        base &&
        sameColumns(base.primaryKey, [origin.column]) &&
        relation.primaryKey.length === 0
      ) {
        relation.primaryKey = [name];
        relation.uniqueKeys.push([name]);
      }
    }
  }
  foreignKeys.push(...deriveViewForeignKeys(foreignKeys, origins));

  const functionMap = new Map<string, CatalogFunction>();
  for (const row of functions.rows) {
    // Overloaded names are ambiguous over HTTP; PostgREST answers them with 300, we expose none of them.
    if (row.overloads > 1) continue;
    const args = row.args ?? [];
    if (args.some((arg) => !arg.name)) continue;
    functionMap.set(row.name, {
      name: row.name,
      args: args.map((arg, i) => ({
        name: arg.name ?? '',
        type: arg.type,
        hasDefault: i >= args.length - row.defaults,
      })),
      returnType: row.return_type,
      returnsSet: row.returns_set,
      returnsRow: row.returns_row,
      returnsVoid: row.return_type === 'void',
      volatile: row.volatile,
      returns: (row.returns ?? []).flatMap((column) =>
        column.name
          ? [
              {
                name: column.name,
                type: column.type,
                udt: column.udt,
                isArray: column.category === 'A',
                nullable: true,
                hasDefault: false,
              },
            ]
          : [],
      ),
      ...(row.return_relation ? { returnRelation: row.return_relation } : {}),
    });
  }

  return { schema, relations, foreignKeys, functions: functionMap };
}

// A companion column is the server's, not the API's: never selected, filtered, ordered or written.
function isFoldedCompanion(relation: CatalogRelation, column: string, caseFolded?: CaseFolded) {
  return Object.values(caseFolded?.(relation.name) ?? {}).includes(column);
}

// The declared folds whose column and companion the relation really has (a database before the
// companion's migration keeps plain ILIKE).
function foldedColumns(
  relation: CatalogRelation,
  companions: ReadonlySet<string>,
  caseFolded?: CaseFolded,
) {
  const declared = Object.entries(caseFolded?.(relation.name) ?? {});
  const folded = new Map(
    declared.filter(
      ([column, companion]) =>
        relation.columnsByName.has(column) && companions.has(`${relation.name}.${companion}`),
    ),
  );
  if (folded.size > 0) relation.folded = folded;
}

/** The catalog, loaded once on first use; `refresh()` re-reads it (after a migration, say). */
export class CatalogCache {
  #current: Promise<Catalog> | undefined;

  constructor(
    private readonly db: SqlRunner,
    readonly schema = 'public',
    private readonly caseFolded?: CaseFolded,
    private readonly secretColumns?: SecretColumns,
  ) {}

  get(): Promise<Catalog> {
    this.#current ??= loadCatalog(this.db, this.schema, this.caseFolded, this.secretColumns).catch(
      (error: unknown) => {
        // A failed load is retried by the next request instead of being cached.
        this.#current = undefined;
        throw error;
      },
    );
    return this.#current;
  }

  refresh(): Promise<Catalog> {
    this.#current = undefined;
    return this.get();
  }
}
