import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DataDirLockedError } from './db/dataDirLock.ts';
import { secureDataDir } from './db/dataDirMode.ts';
import { openDatabase, type Database, type SqlRunner } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { withStartLock } from './db/startLock.ts';
import { isSecretReference, secretColumnsOf } from './postgrest/secretColumns.ts';
import { defaultServiceRegistry } from './services/list.ts';
import {
  loadSecretBox,
  SECRET_KEY_FILE,
  secretBoxFromText,
  secretContext,
  SecretError,
  type SecretBox,
} from './services/playbooks/secrets.ts';
import type { ServiceRegistry } from './services/registry.ts';

const ROTATE_USAGE = `Usage: opsdeck-server secrets rotate [--data-dir .opsdeck | --database-url URL]
  Re-seals every stored secret (connection credentials and every other declared secret column,
  secret playbook parameters) under a new key, in one transaction. The keys come from the
  environment only (a flag would show in ps):
    OPSDECK_SECRET_KEY      the new key (required; start the servers with it afterwards)
    OPSDECK_OLD_SECRET_KEY  the key the secrets are sealed with now; when unset, the generated
                            secret.key of the data directory (the embedded default's key)
  Refuses, changing nothing, when any stored secret does not open with the old key. Prints counts,
  never values. Stop the servers first: one still running with the old key cannot open the secrets.`;

/** A mistake of the rotation's own (flags, keys, the database, a secret that does not open). */
export class RotateError extends Error {}

export interface RotateOptions {
  dataDir: string;
  databaseUrl?: string;
  oldKey?: string;
  newKey: string;
}

export function parseRotateArgs(argv: readonly string[], env: NodeJS.ProcessEnv): RotateOptions {
  let values: { 'data-dir'?: string; 'database-url'?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: {
        'data-dir': { type: 'string' },
        'database-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new RotateError((error as Error).message.split('\n')[0]!);
  }
  if (values.help) throw new RotateError(ROTATE_USAGE);
  if (positionals[0] !== 'rotate' || positionals.length > 1)
    throw new RotateError('the secrets command is `secrets rotate` (see secrets rotate --help)');
  const newKey = env.OPSDECK_SECRET_KEY;
  if (!newKey)
    throw new RotateError(
      'secrets rotate needs the new key in OPSDECK_SECRET_KEY (environment only)',
    );
  const oldKey = env.OPSDECK_OLD_SECRET_KEY || undefined;
  if (oldKey === newKey)
    throw new RotateError('OPSDECK_OLD_SECRET_KEY and OPSDECK_SECRET_KEY are the same key');
  const databaseUrl = values['database-url'] ?? (env.DATABASE_URL || undefined);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new RotateError('--database-url must be a postgres:// URL');
  return {
    dataDir: values['data-dir'] ?? (env.OPSDECK_DATA_DIR || '.opsdeck'),
    newKey,
    ...(oldKey ? { oldKey } : {}),
    ...(databaseUrl ? { databaseUrl } : {}),
  };
}

/** How many values were re-sealed, per `table.column` (and `opsdeck.playbook_run_secrets`). */
export type RotateSummary = Record<string, number>;

/**
 * Re-seals every sealed value under `next`, in one transaction of `db`: the declared secret columns
 * of every /api/db table (whole columns and keys of a jsonb column, under the contexts /api/db
 * seals with) and secret playbook parameters. Every value is opened with `current` first; when any
 * does not open, nothing is written and the error names where (table, column, row), never a value.
 * Values in clear or references stay as they are (the start seals values in clear).
 */
export async function rotateSecrets(
  db: Pick<Database, 'transaction'>,
  current: SecretBox,
  next: SecretBox,
  registry: ServiceRegistry = defaultServiceRegistry(),
): Promise<RotateSummary> {
  return db.transaction(async (tx) => {
    const summary: RotateSummary = {};
    const failures: string[] = [];
    const count = (place: string) => (summary[place] = (summary[place] ?? 0) + 1);
    // Opens with the old key and seals with the new one; a failure is noted, not thrown, so the
    // error can name every place at once.
    const reseal = (stored: string, context: string, where: string): string | undefined => {
      try {
        return next.seal(current.open(stored, context), context);
      } catch (error) {
        if (!(error instanceof SecretError)) throw error;
        failures.push(where);
        return undefined;
      }
    };

    for (const [table, owned] of registry.tables()) {
      const columns = [...secretColumnsOf(owned.declaration.secrets)].filter(
        ([, secret]) => !secret.paths,
      );
      if (columns.length === 0) continue;
      await resealTable(tx, table, columns, reseal, count);
    }

    const { rows } = await tx.query<{ run_id: string; name: string; value: string }>(
      `SELECT run_id, name, value FROM opsdeck.playbook_run_secrets WHERE value LIKE 'v1:%'
       ORDER BY run_id, name FOR UPDATE`,
    );
    for (const row of rows) {
      const place = 'opsdeck.playbook_run_secrets';
      const value = reseal(
        row.value,
        secretContext(row.run_id, row.name),
        `${place} (run ${row.run_id}, parameter ${row.name})`,
      );
      if (value === undefined) continue;
      await tx.query(
        'UPDATE opsdeck.playbook_run_secrets SET value = $3 WHERE run_id = $1 AND name = $2',
        [row.run_id, row.name, value],
      );
      count(place);
    }

    if (failures.length > 0)
      throw new RotateError(
        `${failures.length} stored secret${failures.length === 1 ? '' : 's'} do not open with the old key, so nothing was changed: ${failures.slice(0, 5).join('; ')}${failures.length > 5 ? '; …' : ''}`,
      );
    return summary;
  });
}

const quoted = (name: string) =>
  name
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');

async function resealTable(
  tx: SqlRunner,
  table: string,
  columns: [string, { keys?: readonly string[] }][],
  reseal: (stored: string, context: string, where: string) => string | undefined,
  count: (place: string) => void,
) {
  const { rows } = await tx.query<Record<string, unknown> & { id: string }>(
    `SELECT id, ${columns.map(([name]) => quoted(name)).join(', ')} FROM ${quoted(table)}
     ORDER BY id FOR UPDATE`,
  );
  const sealed = (value: unknown) => typeof value === 'string' && value.startsWith('v1:');
  // A value as /api/db stores it: the sealed text, or `{value: sealed}` (references stay as they are).
  const resealValue = (value: unknown, context: string, where: string) => {
    if (isSecretReference(value)) return { changed: false, value };
    if (sealed(value)) {
      const out = reseal(value as string, context, where);
      return out === undefined ? { changed: false, value } : { changed: true, value: out };
    }
    if (value && typeof value === 'object' && !Array.isArray(value) && 'value' in value) {
      const inner = (value as { value: unknown }).value;
      if (!sealed(inner)) return { changed: false, value };
      const out = reseal(inner as string, context, where);
      return out === undefined
        ? { changed: false, value }
        : { changed: true, value: { ...value, value: out } };
    }
    return { changed: false, value };
  };

  for (const row of rows) {
    const updates: [string, unknown][] = [];
    for (const [column, secret] of columns) {
      const value = row[column];
      const where = (path: string) => `${table}.${path} (id ${row.id})`;
      if (!secret.keys) {
        const out = resealValue(value, `${table}.${column}`, where(column));
        if (out.changed) {
          updates.push([column, out.value]);
          count(`${table}.${column}`);
        }
        continue;
      }
      if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
      const object = { ...(value as Record<string, unknown>) };
      let changed = false;
      for (const key of secret.keys) {
        if (!(key in object)) continue;
        const out = resealValue(
          object[key],
          `${table}.${column}.${key}`,
          where(`${column}.${key}`),
        );
        if (!out.changed) continue;
        object[key] = out.value;
        changed = true;
        count(`${table}.${column}.${key}`);
      }
      if (changed) updates.push([column, JSON.stringify(object)]);
    }
    if (updates.length === 0) continue;
    await tx.query(
      `UPDATE ${quoted(table)} SET ${updates.map(([column], i) => `${quoted(column)} = $${i + 2}`).join(', ')} WHERE id = $1`,
      [row.id, ...updates.map(([, value]) => value)],
    );
  }
}

/**
 * `opsdeck-server secrets rotate`: opens the database the server uses (migrated under the start
 * lock, as a start does), re-seals every secret from the old key to the new one, closes.
 */
export async function rotateStoredSecrets(options: RotateOptions): Promise<RotateSummary> {
  if (!options.databaseUrl && !existsSync(options.dataDir))
    throw new RotateError(
      `the data directory ${options.dataDir} does not exist: pass --data-dir or --database-url`,
    );
  let current: SecretBox;
  if (options.oldKey) current = secretBoxFromText(options.oldKey);
  else {
    const file = join(options.dataDir, SECRET_KEY_FILE);
    if (!existsSync(file))
      throw new RotateError(
        `no old key: set OPSDECK_OLD_SECRET_KEY, or pass the --data-dir holding ${SECRET_KEY_FILE}`,
      );
    try {
      current = loadSecretBox({ dataDir: options.dataDir, memory: false });
    } catch (error) {
      throw new RotateError((error as Error).message);
    }
  }
  const next = secretBoxFromText(options.newKey);
  let db: Database;
  try {
    db = await openDatabase({ url: options.databaseUrl, dataDir: options.dataDir, memory: false });
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new RotateError(
        `the data directory ${options.dataDir} is in use by a running opsdeck-server${error.pid ? ` (pid ${error.pid})` : ''}: stop it, rotate, then start it with the new OPSDECK_SECRET_KEY`,
      );
    const where = options.databaseUrl ? new URL(options.databaseUrl).host : options.dataDir;
    throw new RotateError(`cannot open the database (${where}): ${(error as Error).message}`);
  }
  try {
    return await withStartLock(db, async () => {
      await migrate(db);
      return rotateSecrets(db, current, next);
    });
  } finally {
    await db.close();
    if (!options.databaseUrl) secureDataDir(options.dataDir);
  }
}

/** One line per place for the person who ran it: `connections.password: 3 re-sealed`. */
export function describeRotation(summary: RotateSummary): string[] {
  const lines = Object.entries(summary).map(([place, n]) => `${place}: ${n} re-sealed`);
  const total = Object.values(summary).reduce((sum, n) => sum + n, 0);
  lines.push(
    total === 0
      ? 'no sealed secrets were stored: nothing to re-seal'
      : `${total} secret${total === 1 ? '' : 's'} re-sealed under the new key: start the servers with it (OPSDECK_SECRET_KEY)`,
  );
  return lines;
}
