import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { randomBytes } from 'node:crypto';
import { PGliteDatabase, PostgresDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string;
    /** A dump of a new PGlite cluster (src/testing/databases.ts copies it). */
    pgliteBareTemplate: string;
    /** A dump of a new PGlite cluster with every migration applied. */
    pgliteMigratedTemplate: string;
    /** The same migrated cluster as a PGlite data directory (what `--data-dir` holds when stopped). */
    pgliteMigratedDataDir: string;
    /** A migrated database in the test PostgreSQL that each suite's database is created from. */
    postgresMigratedTemplate: string;
    /** Where each demo estate's seeded PGlite dump is written once (src/testing/databases.ts). */
    pgliteSeedTemplates: string;
    /** The instant (ISO) a seed without its own `now` generates history back from: the run's. */
    seedNow: string;
  }
}

/**
 * One initdb and one migration for the whole run instead of one per test file: the dumps of a new
 * cluster before and after `migrate`, written to a scratch directory the teardown removes.
 */
async function writePGliteTemplates(
  dir: string,
): Promise<{ bare: string; migrated: string; migratedDataDir: string }> {
  const db = await PGliteDatabase.open();
  try {
    const bare = join(dir, 'bare.tar');
    writeFileSync(bare, Buffer.from(await (await db.dump()).arrayBuffer()));
    await migrate(db);
    const migrated = join(dir, 'migrated.tar');
    writeFileSync(migrated, Buffer.from(await (await db.dump()).arrayBuffer()));
    // The dump is a tar of the data directory: unpacked, it is one a stopped server left.
    const migratedDataDir = join(dir, 'migrated-data');
    mkdirSync(migratedDataDir, { mode: 0o700 });
    // tar warns that it strips the members' leading '/': stderr is read only on a failure.
    execFileSync('tar', ['-xf', migrated, '-C', migratedDataDir], { stdio: 'pipe' });
    return { bare, migrated, migratedDataDir };
  } finally {
    await db.close();
  }
}

function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * The same for PostgreSQL: one database migrated once per run, which every 'both' suite's database
 * is created from (`CREATE DATABASE ... TEMPLATE`, a file copy) instead of running each migration
 * again. No connection to it stays open, or PostgreSQL refuses to copy it. Returns the drop.
 */
async function writePostgresTemplate(
  url: string,
): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `opsdeck_template_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const db = await PostgresDatabase.open({ url, max: 1 });
    try {
      await db.exec(sql);
    } finally {
      await db.close();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const db = await PostgresDatabase.open({ url: databaseUrl(url, name), max: 1 });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  // The estates seeded from it (src/testing/databases.ts) are named after it and go with it.
  const drop = async () => {
    const db = await PostgresDatabase.open({ url, max: 1 });
    try {
      const { rows } = await db.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
        [`${name}_`],
      );
      for (const { datname } of rows)
        await db.exec(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } finally {
      await db.close();
    }
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  return { name, drop };
}

function postgresInstalled(): boolean {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return false;
  return readdirSync(root).some((version) => existsSync(`${root}/${version}/bin/initdb`));
}

/** CI=true (or 1): the pipeline, where a missing engine is a failure rather than a local shortcut. */
const inCi = () => /^(true|1)$/i.test(process.env.CI ?? '');

// Read by scripts/test-summary.mjs, whose closing line is all a green run shows under turbo.
const warningsFile = fileURLToPath(new URL('../../test-results/warnings.json', import.meta.url));

/**
 * What test-results/warnings.json holds when the PostgreSQL suites could not run: the whole reason,
 * printed above the summary, and the few words its closing line ends with, so that a local run that
 * dropped about a tenth of the tests does not end on a bare count (issue 28).
 */
export function postgresWarning(missing: string): { text: string; summary: string } {
  return {
    text: `${missing}: the PostgreSQL suites did not run, only PGlite`,
    summary: 'PostgreSQL suites did not run (set TEST_DATABASE_URL or install postgresql)',
  };
}

// `pnpm test` covers both engines: start the throwaway Postgres when it is installed and nobody
// gave a URL. Without PostgreSQL the Postgres suites do not exist at all (about a tenth of the
// tests), so CI fails and a local run says so in the workspace summary.
export async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL ?? '';
  let missing = url ? '' : 'PostgreSQL is not installed (apt-get install -y postgresql)';
  if (!url && postgresInstalled()) {
    const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
    try {
      const out = execFileSync('bash', ['scripts/test-postgres.sh', 'start'], {
        cwd: repoRoot,
        encoding: 'utf8',
      });
      url = /TEST_DATABASE_URL=(\S+)/.exec(out)?.[1] ?? '';
      missing = url ? '' : `scripts/test-postgres.sh printed no URL: ${out.trim()}`;
    } catch (error) {
      missing = `the test PostgreSQL did not start: ${(error as Error).message}`;
    }
  }
  rmSync(warningsFile, { force: true });
  if (missing) {
    if (inCi())
      throw new Error(
        `${missing}; CI runs the server suites on PGlite and PostgreSQL, set TEST_DATABASE_URL or install it`,
      );
    const warning = postgresWarning(missing);
    console.warn(warning.text);
    mkdirSync(dirname(warningsFile), { recursive: true });
    writeFileSync(warningsFile, JSON.stringify([warning]));
  }
  if (url) process.env.TEST_DATABASE_URL = url;
  project.provide('testDatabaseUrl', url);

  const postgres = url ? await writePostgresTemplate(url) : undefined;
  project.provide('postgresMigratedTemplate', postgres?.name ?? '');
  const templates = mkdtempSync(join(tmpdir(), 'opsdeck-pglite-templates-'));
  const { bare, migrated, migratedDataDir } = await writePGliteTemplates(templates);
  project.provide('pgliteBareTemplate', bare);
  project.provide('pgliteMigratedTemplate', migrated);
  project.provide('pgliteMigratedDataDir', migratedDataDir);
  const seeded = join(templates, 'seeded');
  mkdirSync(seeded);
  project.provide('pgliteSeedTemplates', seeded);
  project.provide('seedNow', new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString());
  return async () => {
    rmSync(templates, { recursive: true, force: true });
    await postgres?.drop();
  };
}
