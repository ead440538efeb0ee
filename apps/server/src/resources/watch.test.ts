// Issue 35: the resource files reload whenever they change, without a restart, on PGlite and
// PostgreSQL: a new file, an editor's rename-on-save, a file removed (its rows go), a broken save
// (logged naming file, document and path; the rows stay as they were); and the server started with
// --resources watches its directory.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { startServer } from '../server.ts';
import { defaultServiceRegistry } from '../services/list.ts';
import { testDatabases } from '../testing/databases.ts';
import type { ResourceLoadSummary } from './loader.ts';
import { watchResources } from './watch.ts';

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'opsdeck-watch-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

const canaryYaml = (name: string, url: string | undefined, checkName = `${name}-up`) =>
  [
    'apiVersion: canaries.flanksource.com/v1',
    'kind: Canary',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    '  http:',
    `    - name: ${checkName}`,
    ...(url ? [`      url: ${url}`] : []),
    '',
  ].join('\n');

type Outcome = { summary?: ResourceLoadSummary; error?: Error };

describe.each(testDatabases('one'))('resource files reload on change on $engine', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(() => target.release());

  const liveChecks = async (canary: string) =>
    (
      await db.query<{ name: string; url: string }>(
        `SELECT k.name, k.spec->>'url' AS url FROM checks k JOIN canaries c ON c.id = k.canary_id
         WHERE c.name = $1 AND c.deleted_at IS NULL AND k.deleted_at IS NULL ORDER BY k.name`,
        [canary],
      )
    ).rows;

  it('loads a new file, an editor’s rename-on-save and a removal, and keeps the rows over a broken save', async () => {
    const dir = tempDir();
    const logs: Record<string, unknown>[] = [];
    const waiting: ((outcome: Outcome) => void)[] = [];
    const next = () => new Promise<Outcome>((resolve) => waiting.push(resolve));
    const watcher = watchResources(db, dir, defaultServiceRegistry().resourceKinds(), {
      log: (entry) => logs.push(entry),
      debounceMillis: 50,
      onReload: (outcome) => waiting.shift()?.(outcome),
    });
    try {
      let reloaded = next();
      writeFileSync(join(dir, 'shop.yaml'), canaryYaml('shop', 'http://127.0.0.1:1/a'));
      expect((await reloaded).summary?.loaded.Canary).toEqual({
        created: 1,
        updated: 0,
        unchanged: 0,
      });
      expect(await liveChecks('shop')).toEqual([{ name: 'shop-up', url: 'http://127.0.0.1:1/a' }]);

      // Vim, VS Code and others write a temporary file and rename it over the old one.
      reloaded = next();
      writeFileSync(join(dir, 'shop.yaml.tmp'), canaryYaml('shop', 'http://127.0.0.1:1/b', 'b'));
      renameSync(join(dir, 'shop.yaml.tmp'), join(dir, 'shop.yaml'));
      expect((await reloaded).summary?.loaded.Canary?.updated).toBe(1);
      expect(await liveChecks('shop')).toEqual([{ name: 'b', url: 'http://127.0.0.1:1/b' }]);

      // A broken save: reported with file, document and path; what was loaded stays.
      reloaded = next();
      writeFileSync(join(dir, 'shop.yaml'), canaryYaml('shop', undefined, 'b'));
      expect((await reloaded).error?.message).toContain(
        'shop.yaml (document 1) Canary default/shop: spec.http[0].url: This field is required',
      );
      expect(logs.at(-1)).toMatchObject({
        level: 'error',
        msg: 'resources not reloaded: the records stay as they were',
      });
      expect(await liveChecks('shop')).toEqual([{ name: 'b', url: 'http://127.0.0.1:1/b' }]);

      reloaded = next();
      rmSync(join(dir, 'shop.yaml'));
      expect((await reloaded).summary?.removed).toEqual(['Canary default/shop']);
      expect(await liveChecks('shop')).toEqual([]);
    } finally {
      await watcher.close();
    }
  });
});

describe('the server started with --resources', () => {
  it('reloads its directory when a file changes', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'first.yaml'), canaryYaml('first', 'http://127.0.0.1:1/'));
    const config: ServerConfig = {
      port: 0,
      host: '127.0.0.1',
      dataDir: '',
      memory: true,
      seed: 'none',
      checks: 0,
      auth: 'disabled',
      demoPassword: 'x',
      trustProxy: false,
      devOutbox: false,
      publicDemo: false,
      resourcesDir: dir,
    };
    const logs: Record<string, unknown>[] = [];
    const server = await startServer(config, (entry) => logs.push(entry));
    try {
      const names = async () => {
        const response = await fetch(
          `${server.url}/api/db/canaries?select=name,source&deleted_at=is.null&order=name`,
        );
        return (await response.json()) as { name: string; source: string }[];
      };
      expect(await names()).toEqual([{ name: 'first', source: 'ConfigFile' }]);
      writeFileSync(join(dir, 'second.yaml'), canaryYaml('second', 'http://127.0.0.1:1/'));
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && (await names()).length < 2)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await names()).toEqual([
        { name: 'first', source: 'ConfigFile' },
        { name: 'second', source: 'ConfigFile' },
      ]);
      expect(logs.some((entry) => entry.msg === 'resources reloaded')).toBe(true);
    } finally {
      await server.close();
    }
  });
});
