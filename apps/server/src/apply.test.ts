// Issue 35: `opsdeck-server apply -f FILE…` loads resource files once into the server's database:
// on PostgreSQL beside a running server (which then serves the canary and its checks), into a
// stopped PGlite data directory, and never into one a running server holds (a clear refusal);
// an invalid document applies nothing; rows not in the files stay.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApplyError, applyFiles, describeApply, parseApplyArgs } from './apply.ts';
import type { ServerConfig } from './config.ts';
import { PostgresDatabase } from './db/database.ts';
import { ResourceLoadError } from './resources/loader.ts';
import { startServer } from './server.ts';
import { migratedDataDir, postgresTemplate, testDatabaseUrl } from './testing/databases.ts';

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'opsdeck-apply-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function canaryFile(dir: string, name: string, url: string | null = 'http://127.0.0.1:1/') {
  const path = join(dir, `${name}.yaml`);
  writeFileSync(
    path,
    [
      'apiVersion: canaries.flanksource.com/v1',
      'kind: Canary',
      `metadata: { name: ${name} }`,
      'spec:',
      '  http:',
      `    - name: ${name}-up`,
      ...(url ? [`      url: ${url}`] : []),
      '---',
      'apiVersion: mission-control.flanksource.com/v1',
      'kind: Team',
      `metadata: { name: ${name}-team }`,
      'spec: {}',
      '',
    ].join('\n'),
  );
  return path;
}

const serverConfig = (database: Partial<ServerConfig>): ServerConfig => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: '',
  memory: false,
  seed: 'none',
  checks: 0,
  auth: 'disabled',
  demoPassword: 'x',
  trustProxy: false,
  devOutbox: false,
  publicDemo: false,
  ...database,
});

async function servedChecks(url: string, canary: string) {
  const response = await fetch(
    `${url}/api/db/checks?select=name,canaries!inner(name,source)&canaries.name=eq.${canary}&deleted_at=is.null`,
  );
  return (await response.json()) as { name: string; canaries: { source: string } }[];
}

describe('apply arguments', () => {
  it('needs a file and takes the database flags of the server', () => {
    expect(() => parseApplyArgs([], {})).toThrow(ApplyError);
    expect(() => parseApplyArgs(['-f', 'a.yaml', '--port', '1'], {})).toThrow(/Unknown option/);
    expect(parseApplyArgs(['-f', 'a.yaml', '-f', 'b.yaml'], { OPSDECK_DATA_DIR: '/x' })).toEqual({
      files: ['a.yaml', 'b.yaml'],
      dataDir: '/x',
    });
    expect(
      parseApplyArgs(['-f', 'a.yaml', '--database-url', 'postgres://u@h/db'], {}).databaseUrl,
    ).toBe('postgres://u@h/db');
  });
});

describe('apply on PGlite', () => {
  it('loads into a stopped data directory and refuses one a running server holds', async () => {
    // What a first start leaves once stopped: a copy of the run's migrated data directory.
    const dataDir = migratedDataDir(join(tempDir(), 'data'));
    const files = tempDir();

    const summary = await applyFiles({ files: [canaryFile(files, 'offline')], dataDir });
    expect(describeApply(summary)).toEqual([
      'Canary: 1 created, 0 updated, 0 unchanged',
      'Team: 1 created, 0 updated, 0 unchanged',
    ]);

    const server = await startServer(serverConfig({ dataDir }), () => undefined);
    try {
      expect(await servedChecks(server.url, 'offline')).toEqual([
        { name: 'offline-up', canaries: { name: 'offline', source: 'ConfigFile' } },
      ]);
      const refusal = await applyFiles({ files: [canaryFile(files, 'online')], dataDir }).catch(
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(ApplyError);
      expect((refusal as Error).message).toMatch(
        /is in use by a running opsdeck-server \(pid \d+\): PGlite lets one process open it/,
      );
    } finally {
      await server.close();
    }
  }, 120_000);
});

const postgresUrl = testDatabaseUrl();

describe.skipIf(!postgresUrl)('apply on PostgreSQL', () => {
  const name = `opsdeck_apply_${randomBytes(6).toString('hex')}`;
  const url = (() => {
    const parsed = new URL(postgresUrl ?? 'postgres://localhost/x');
    parsed.pathname = `/${name}`;
    return parsed.toString();
  })();
  afterAll(async () => {
    const admin = await PostgresDatabase.open({ url: postgresUrl!, max: 1 });
    try {
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.close();
    }
  });

  it('loads beside a running server, which serves the canary and its checks; a broken file applies nothing', async () => {
    const admin = await PostgresDatabase.open({ url: postgresUrl!, max: 1 });
    try {
      // Migrated, as the PGlite test's data directory is: loading beside a server is the test.
      const template = postgresTemplate();
      await admin.exec(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    } finally {
      await admin.close();
    }
    const files = tempDir();
    // Its secret key lives in a data directory of its own.
    const server = await startServer(
      serverConfig({ databaseUrl: url, dataDir: tempDir() }),
      () => undefined,
    );
    try {
      const good = canaryFile(files, 'online');
      const summary = await applyFiles({ files: [good], dataDir: '', databaseUrl: url });
      expect(summary.loaded.Canary).toEqual({ created: 1, updated: 0, unchanged: 0 });
      expect(await servedChecks(server.url, 'online')).toEqual([
        { name: 'online-up', canaries: { name: 'online', source: 'ConfigFile' } },
      ]);

      const broken = canaryFile(files, 'broken', null);
      const error = await applyFiles({
        files: [good, broken],
        dataDir: '',
        databaseUrl: url,
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ResourceLoadError);
      expect((error as Error).message).toContain(
        `${broken} (document 1) Canary default/broken: spec.http[0].url: This field is required`,
      );
      const response = await fetch(`${server.url}/api/db/canaries?select=name&deleted_at=is.null`);
      // Nothing of the refused apply; what an earlier apply loaded stays (apply removes nothing).
      expect(await response.json()).toEqual([{ name: 'online' }]);
    } finally {
      await server.close();
    }
  }, 120_000);
});
