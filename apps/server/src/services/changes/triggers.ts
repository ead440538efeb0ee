import type { SqlRunner } from '../../db/database.ts';
import { maskedRowImageSql, type SecretDeclaration } from '../../postgrest/secretColumns.ts';
import type { Service } from '../defineService.ts';

/** The name of each of a table's three change triggers (one per statement kind). */
export const CHANGE_TRIGGERS = {
  insert: 'opsdeck_change_insert',
  update: 'opsdeck_change_update',
  delete: 'opsdeck_change_delete',
} as const;

/**
 * Tables no module declares for /api/db but whose writes the audit records: the identity flows'
 * people and credentials. Their change events reach no stream (nobody may read them there).
 */
export const AUDITED_UNDECLARED: readonly string[] = [
  'identity_identities',
  'identity_credentials',
];

/**
 * Base tables whose rows readers reach through a declared view of the same name's live rows (the
 * soft-deleted incident records): traced, and told to the change stream under the view's name,
 * which is what a reader queries and may read.
 */
export const TRACED_BEHIND_VIEWS: Readonly<Record<string, string>> = {
  incident_records: 'incidents',
  hypothesis_records: 'hypotheses',
  evidence_records: 'evidences',
  comment_records: 'comments',
};

/** Written by the triggers themselves: never traced, or each write would write again. */
const UNTRACED: ReadonlySet<string> = new Set(['audit_log']);

/** Tables whose every column but the keys and times is a secret (identity credentials). */
const SECRET_TABLES: ReadonlySet<string> = new Set(['identity_credentials']);
const KEPT_IN_SECRET_TABLES: ReadonlySet<string> = new Set([
  'id',
  'identity_id',
  'type',
  'created_at',
  'updated_at',
]);
const SECRET_NAME = /password|secret|token|credential|private_?key|certificate/i;

/**
 * The columns of `table` the audit replaces whole in its before/after images. Keys named like a
 * secret inside JSON values are masked by the database as well (opsdeck.mask_secret_keys). Until
 * tables declare their secret columns, this decides by name; it is the one place to change.
 */
export function auditMaskedColumns(table: string, columns: readonly string[]): string[] {
  if (SECRET_TABLES.has(table))
    return columns.filter((column) => !KEPT_IN_SECRET_TABLES.has(column));
  return columns.filter((column) => SECRET_NAME.test(column));
}

/**
 * The tables that carry change triggers: every declared base table, AUDITED_UNDECLARED and
 * TRACED_BEHIND_VIEWS.
 */
export function tracedTableNames(services: readonly Service[]): string[] {
  const names = new Set<string>();
  for (const service of services)
    for (const name of Object.keys(service.tables ?? {})) if (!UNTRACED.has(name)) names.add(name);
  for (const name of AUDITED_UNDECLARED) names.add(name);
  for (const name of Object.keys(TRACED_BEHIND_VIEWS)) names.add(name);
  return [...names].sort();
}

/** The secrets each traced table's module declares (the tables that declare any). */
function declaredSecrets(services: readonly Service[]): Map<string, readonly SecretDeclaration[]> {
  const out = new Map<string, readonly SecretDeclaration[]>();
  for (const service of services)
    for (const [name, declaration] of Object.entries(service.tables ?? {}))
      if (declaration.secrets?.length && !UNTRACED.has(name)) out.set(name, declaration.secrets);
  return out;
}

/**
 * Installs, for each table whose module declares secrets, `opsdeck."audit_secrets_{table}"(jsonb)`:
 * a row's image with those secrets masked as /api/db reads show them (maskedRowImageSql), which the
 * audit applies before its by-name masking. Returns each table's function name.
 */
async function installSecretMasks(
  tx: SqlRunner,
  services: readonly Service[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const wanted = new Map<string, string>();
  for (const [table, secrets] of declaredSecrets(services)) {
    const name = `audit_secrets_${table}`;
    names.set(table, `opsdeck.${quoteIdent(name)}`);
    wanted.set(name, `SELECT ${maskedRowImageSql('image', secrets)!}`);
  }
  if (wanted.size === 0) return names;
  const { rows } = await tx.query<{ name: string; body: string }>(
    `SELECT p.proname::text AS name, p.prosrc AS body FROM pg_proc p
     JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'opsdeck' AND p.proname = ANY($1::text[])`,
    [[...wanted.keys()]],
  );
  const present = new Map(rows.map((row) => [row.name, row.body]));
  for (const [name, body] of wanted) {
    // Only a changed declaration rewrites the function (each start migrates).
    if (present.get(name) === body) continue;
    await tx.exec(
      `CREATE OR REPLACE FUNCTION opsdeck.${quoteIdent(name)}(image jsonb) RETURNS jsonb
       LANGUAGE sql IMMUTABLE AS ${quoteLiteral(body)}`,
    );
  }
  return names;
}

interface TableShape {
  name: string;
  keys: string[] | null;
  columns: string[];
}

/**
 * Gives every traced base table of the public schema its three statement triggers calling
 * opsdeck.record_change() (migration changes/001), replacing those whose arguments changed. Views
 * are skipped: their writes land on a table that has its own. Does nothing on a database without
 * that function (a test migrating a subset of the modules). Returns the tables it (re)installed.
 */
export async function installChangeTriggers(
  tx: SqlRunner,
  services: readonly Service[],
): Promise<string[]> {
  const { rows: present } = await tx.query<{ ok: boolean }>(
    "SELECT to_regprocedure('opsdeck.record_change()') IS NOT NULL AS ok",
  );
  if (!present[0]?.ok) return [];
  const masks = await installSecretMasks(tx, services);
  const names = tracedTableNames(services);
  const { rows: tables } = await tx.query<TableShape>(
    `SELECT c.relname::text AS name,
       (SELECT array_agg(a.attname::text ORDER BY k.n)
          FROM pg_index i
          CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)
          JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
         WHERE i.indrelid = c.oid AND i.indisprimary) AS keys,
       (SELECT array_agg(a.attname::text ORDER BY a.attnum) FROM pg_attribute a
         WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped) AS columns
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname = ANY($1::text[])`,
    [names],
  );
  const { rows: existing } = await tx.query<{ table: string; trigger: string; args: string }>(
    `SELECT c.relname AS table, t.tgname AS trigger,
       encode(t.tgargs, 'escape') AS args
     FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND t.tgname = ANY($1::text[])`,
    [Object.values(CHANGE_TRIGGERS)],
  );
  const installed = new Map(existing.map((row) => [`${row.table}.${row.trigger}`, row.args]));
  const changed: string[] = [];
  for (const table of tables) {
    const keys = (table.keys ?? []).join(',');
    const masked = auditMaskedColumns(table.name, table.columns).join(',');
    const declared = masks.get(table.name) ?? '';
    // pg_trigger keeps each argument NUL-terminated; encode(…, 'escape') shows NUL as \000 (and a
    // backslash doubled, which no key, column or function name here holds).
    const args = `${keys}\\000${masked}\\000${declared}\\000`;
    let touched = false;
    for (const [verb, trigger] of Object.entries(CHANGE_TRIGGERS)) {
      if (installed.get(`${table.name}.${trigger}`) === args) continue;
      const transition =
        verb === 'delete'
          ? 'OLD TABLE AS old_rows'
          : verb === 'insert'
            ? 'NEW TABLE AS new_rows'
            : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';
      await tx.exec(
        `CREATE OR REPLACE TRIGGER ${trigger} AFTER ${verb.toUpperCase()} ON public.${quoteIdent(table.name)}
         REFERENCING ${transition} FOR EACH STATEMENT
         EXECUTE FUNCTION opsdeck.record_change(${quoteLiteral(keys)}, ${quoteLiteral(masked)}, ${quoteLiteral(declared)})`,
      );
      touched = true;
    }
    if (touched) changed.push(table.name);
  }
  return changed;
}

/** Declared base tables (and AUDITED_UNDECLARED ones) that lack one of their change triggers. */
export async function untracedTables(
  db: SqlRunner,
  services: readonly Service[],
): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname = ANY($1::text[])
       AND (SELECT count(*) FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = ANY($2::text[])) < 3
     ORDER BY 1`,
    [tracedTableNames(services), Object.values(CHANGE_TRIGGERS)],
  );
  return rows.map((row) => row.name);
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function quoteLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * Starts a bulk load in `tx`'s transaction: the change triggers skip its statements until
 * `endBulkLoad` records one audit row and one change event per table. False (nothing changed)
 * outside a transaction, where the setting would not outlive its statement, or on a database
 * without the changes module.
 */
export async function beginBulkLoad(tx: SqlRunner): Promise<boolean> {
  const { rows } = await tx.query<{ ok: boolean }>(
    "SELECT to_regprocedure('opsdeck.record_bulk_load(text[])') IS NOT NULL AS ok",
  );
  if (!rows[0]?.ok) return false;
  await tx.query("SELECT set_config('opsdeck.bulk_load', 'on', true)");
  const { rows: now } = await tx.query<{ on: boolean }>(
    "SELECT current_setting('opsdeck.bulk_load', true) = 'on' AS on",
  );
  return now[0]?.on === true;
}

/** Ends a bulk load begun by `beginBulkLoad`: one audit row and change event per table written. */
export async function endBulkLoad(tx: SqlRunner, services: readonly Service[]): Promise<void> {
  await tx.query("SELECT set_config('opsdeck.bulk_load', '', true)");
  await tx.query('SELECT opsdeck.record_bulk_load($1::text[])', [tracedTableNames(services)]);
}
