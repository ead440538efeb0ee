import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DataDirLockedError } from './db/dataDirLock.ts';
import { secureDataDir } from './db/dataDirMode.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { withStartLock } from './db/startLock.ts';
import { applyResourceFiles, type ResourceLoadSummary } from './resources/loader.ts';
import { defaultServiceRegistry } from './services/list.ts';

export const APPLY_USAGE = `Usage: opsdeck-server apply -f FILE [-f FILE…] [--data-dir .opsdeck | --database-url URL]
  Loads the resource documents of each FILE once (Playbook, Canary, Topology, ScrapeConfig, Team,
  IncidentRule, LoggingBackend) with source ConfigFile into the server's database, as --resources
  does, but removes nothing. Every document is checked first; one invalid document applies nothing.
  PostgreSQL (--database-url, DATABASE_URL): works while servers run on it (under their start lock).
  PGlite (--data-dir, OPSDECK_DATA_DIR): only while no server runs on that directory — PGlite lets
  one process open it; a running server reloads its --resources directory by itself instead.`;

/** A mistake of the apply's own (flags, files, the database): one line, exit code 1. */
export class ApplyError extends Error {}

export interface ApplyOptions {
  files: string[];
  dataDir: string;
  databaseUrl?: string;
}

export function parseApplyArgs(argv: readonly string[], env: NodeJS.ProcessEnv): ApplyOptions {
  let values: { file?: string[]; 'data-dir'?: string; 'database-url'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        file: { type: 'string', short: 'f', multiple: true },
        'data-dir': { type: 'string' },
        'database-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new ApplyError((error as Error).message.split('\n')[0]!);
  }
  if (values.help) throw new ApplyError(APPLY_USAGE);
  const files = values.file ?? [];
  if (files.length === 0) throw new ApplyError('needs at least one -f FILE (see apply --help)');
  const databaseUrl = values['database-url'] ?? (env.DATABASE_URL || undefined);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new ApplyError('--database-url must be a postgres:// URL');
  return {
    files,
    dataDir: values['data-dir'] ?? (env.OPSDECK_DATA_DIR || '.opsdeck'),
    ...(databaseUrl ? { databaseUrl } : {}),
  };
}

/**
 * `opsdeck-server apply -f FILE…`: opens the database the server uses (migrating it as a start
 * would, under the start lock), loads the files once, closes. On PostgreSQL running servers are no
 * obstacle; a PGlite data directory a server holds is refused, naming it, as its lock says.
 */
export async function applyFiles(options: ApplyOptions): Promise<ResourceLoadSummary> {
  if (!options.databaseUrl && !existsSync(options.dataDir))
    throw new ApplyError(
      `the data directory ${options.dataDir} does not exist: start the server once, or pass --data-dir or --database-url`,
    );
  let db: Database;
  try {
    db = await openDatabase({ url: options.databaseUrl, dataDir: options.dataDir, memory: false });
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new ApplyError(
        `the data directory ${options.dataDir} is in use by a running opsdeck-server${error.pid ? ` (pid ${error.pid})` : ''}: PGlite lets one process open it, so apply cannot write while it runs. Put the files in that server's --resources directory (it reloads them at once), or stop it and apply again`,
      );
    const where = options.databaseUrl ? new URL(options.databaseUrl).host : options.dataDir;
    throw new ApplyError(`cannot open the database (${where}): ${(error as Error).message}`);
  }
  try {
    return await withStartLock(db, async () => {
      await migrate(db);
      return applyResourceFiles(db, options.files, defaultServiceRegistry().resourceKinds());
    });
  } finally {
    await db.close();
    // PGlite writes its files 0666 whatever the umask (as at a server's start): owner-only again.
    if (!options.databaseUrl) secureDataDir(options.dataDir);
  }
}

/** One line per kind for the person who ran it: `Canary: 1 created, 0 updated, 2 unchanged`. */
export function describeApply(summary: ResourceLoadSummary): string[] {
  const lines = Object.entries(summary.loaded).map(
    ([kind, counts]) =>
      `${kind}: ${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged`,
  );
  for (const skipped of summary.skipped) lines.push(`skipped (no module loads it): ${skipped}`);
  if (lines.length === 0) lines.push('nothing to apply: the files hold no documents');
  return lines;
}
