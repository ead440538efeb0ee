import { describeIssues, withPrefix, type Contract } from '@opsdeck/contracts';
import type { SqlRunner } from '../db/database.ts';
import type { ResourceDocument, ResourceKind, ResourceWrite } from './kinds.ts';
import { canonical } from './canonical.ts';

// A refusal names at most this many problems; the rest are usually the same mistake.
const SHOWN = 5;

/** One column a document fills besides name, namespace, spec and source. */
export interface ResourceColumn {
  name: string;
  /** A jsonb column (written as JSON text, compared as JSON). */
  json?: boolean;
  /**
   * A column of another type than text or jsonb: `text[]` (written from a JSON array, compared as
   * JSON), `timestamptz` (compared as instants), `uuid` or `boolean`.
   */
  type?: 'text[]' | 'timestamptz' | 'uuid' | 'boolean';
  /** `resolved` is what the kind's `resolve` found for the document (ids of the names it gives). */
  value(document: ResourceDocument, resolved: Record<string, unknown>): unknown;
}

export interface TableResourceKindOptions {
  /** The table its rows live in, as the /api/db table of the same kind. */
  table: string;
  /** The kind's contract: a document's spec must pass it, as a row written through /api/db must. */
  contract: Contract<unknown>;
  /**
   * The table keeps a namespace: rows are keyed by (namespace, name). Without one (teams,
   * incident_rules, logging_backends) by name alone, and a document's namespace is not kept.
   */
  namespaced: boolean;
  /** Further columns the document fills (labels from metadata.labels…). */
  columns?: readonly ResourceColumn[];
  /**
   * The table keeps the document's spec in a `spec` column (the default). Without one (notifications,
   * notification_silences) the spec is spread over `columns`.
   */
  specColumn?: boolean;
  /** A check of a valid spec beyond the contract (`spec.check_id: must be an id`). */
  check?(document: ResourceDocument): string | undefined;
  /**
   * Looks up, inside the load's transaction, what the document names by name (a team, a person):
   * passed to each column's value. Throws, naming it, when something named does not exist.
   */
  resolve?(tx: SqlRunner, document: ResourceDocument): Promise<Record<string, unknown>>;
  /** Kinds whose documents load first because this one refers to their rows (see ResourceKind). */
  loadsAfter?: readonly string[];
}

interface StoredRow {
  id: string;
  source: string | null;
  deleted_at: string | null;
  [column: string]: unknown;
}

const same = (a: unknown, b: unknown) =>
  JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null));

/** `metadata.labels` when it is a map, else null (the column's "no labels"). */
export const metadataLabels: ResourceColumn = {
  name: 'labels',
  json: true,
  value: (document) => {
    const labels = document.metadata.labels;
    return labels && typeof labels === 'object' && !Array.isArray(labels) ? labels : null;
  },
};

/**
 * A resource kind whose document is one row of `table` (name, namespace, spec, source and the
 * given columns): validated by its contract (`spec.http[0].url: …`), created or updated by key with
 * the load's source, a row of that key made another way (the console, Kubernetes) never taken over
 * (an error naming it), and rows of the load's source no file holds any more deleted softly.
 */
export function tableResourceKind(options: TableResourceKindOptions): ResourceKind {
  const { table, contract, namespaced } = options;
  const columns: ResourceColumn[] = [
    ...(options.specColumn === false
      ? []
      : [{ name: 'spec', json: true, value: (document: ResourceDocument) => document.spec ?? {} }]),
    ...(options.columns ?? []),
  ];
  // Without a namespace column the namespace is still bound (typed), so both engines see $1.
  const key = namespaced ? 'namespace = $1 AND name = $2' : '$1::text IS NOT NULL AND name = $2';
  const label = (document: ResourceDocument) =>
    namespaced
      ? `${document.metadata.namespace}/${document.metadata.name}`
      : document.metadata.name;
  // Quoted: a silence has a column named "from".
  const quoted = (column: ResourceColumn) => `"${column.name}"`;
  const asJson = (column: ResourceColumn) => column.json || column.type === 'text[]';
  const placeholder = (column: ResourceColumn, n: number) =>
    column.type === 'text[]'
      ? `ARRAY(SELECT jsonb_array_elements_text($${n}::jsonb))`
      : `$${n}${column.json ? '::jsonb' : column.type ? `::${column.type}` : ''}`;
  const bound = (column: ResourceColumn, value: unknown) =>
    asJson(column) ? (value === null || value === undefined ? null : JSON.stringify(value)) : value;
  const instant = (value: unknown) =>
    value === null || value === undefined ? null : new Date(value as string | Date).getTime();
  const equal = (column: ResourceColumn, stored: unknown, wanted: unknown) => {
    if (asJson(column)) return same(stored, wanted);
    if (column.type === 'timestamptz') return instant(stored) === instant(wanted);
    return (stored ?? null) === (wanted ?? null);
  };

  return {
    apiVersion: contract.apiVersion,
    ...(options.loadsAfter ? { loadsAfter: options.loadsAfter } : {}),
    identity: (document) => label(document),
    validate(document) {
      const verdict = contract.validate(document.spec ?? {});
      if (!verdict.ok)
        return {
          ok: false,
          message: describeIssues(withPrefix('spec', verdict.issues.slice(0, SHOWN))),
        };
      const problem = options.check?.(document);
      return problem ? { ok: false, message: problem } : { ok: true };
    },
    async load(tx: SqlRunner, document, { source }): Promise<ResourceWrite> {
      const { namespace, name } = document.metadata;
      const { rows } = await tx.query<StoredRow>(
        `SELECT id, source, deleted_at, ${columns.map(quoted).join(', ')}
         FROM ${table}
         WHERE ${key} AND (deleted_at IS NULL OR source = $3)
         ORDER BY deleted_at DESC NULLS FIRST, updated_at DESC
         FOR UPDATE`,
        [namespace, name, source],
      );
      const live = rows.find((row) => row.deleted_at === null);
      if (live && live.source !== source)
        throw new Error(
          `${table} ${label(document)} already exists with source ${live.source ?? 'none'} (made in the console, by the API or elsewhere): rename one of them, or delete that one first`,
        );
      const own = live ?? rows[0];
      const resolved = (await options.resolve?.(tx, document)) ?? {};
      const wanted = columns.map((column) => column.value(document, resolved));
      const values = columns.map((column, index) => bound(column, wanted[index]));
      if (!own) {
        const names = ['name', ...(namespaced ? ['namespace'] : []), 'source'];
        const given = [name, ...(namespaced ? [namespace] : []), source];
        const placeholders = [
          ...given.map((_, index) => `$${index + 1}`),
          ...columns.map((column, index) => placeholder(column, given.length + index + 1)),
        ];
        await tx.query(
          `INSERT INTO ${table} (${[...names, ...columns.map(quoted)].join(', ')})
           VALUES (${placeholders.join(', ')})`,
          [...given, ...values],
        );
        return 'created';
      }
      const unchanged =
        own.deleted_at === null &&
        columns.every((column, index) => equal(column, own[column.name], wanted[index]));
      if (unchanged) return 'unchanged';
      await tx.query(
        `UPDATE ${table}
         SET ${columns.map((column, index) => `${quoted(column)} = ${placeholder(column, index + 2)}`).join(', ')},
             deleted_at = NULL, updated_at = now()
         WHERE id = $1`,
        [own.id, ...values],
      );
      return 'updated';
    },
    async prune(tx, kept, { source }) {
      const { rows } = await tx.query<{ namespace: string | null; name: string }>(
        `UPDATE ${table} SET deleted_at = now(), updated_at = now()
         WHERE source = $1 AND deleted_at IS NULL
           AND NOT EXISTS (
             SELECT 1 FROM unnest($2::text[], $3::text[]) AS kept (namespace, name)
             WHERE ${namespaced ? `kept.namespace = ${table}.namespace AND ` : ''}kept.name = ${table}.name)
         RETURNING ${namespaced ? 'namespace' : 'NULL::text AS namespace'}, name`,
        [
          source,
          kept.map((document) => document.metadata.namespace),
          kept.map((document) => document.metadata.name),
        ],
      );
      return rows
        .map((row) => (row.namespace === null ? row.name : `${row.namespace}/${row.name}`))
        .sort();
    },
  };
}
