import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { loadResources } from '../resources/loader.ts';
const MAX_RESOURCE_FILE_BYTES = 1024 * 1024;
import { startServer } from '../server.ts';
import { defaultServiceRegistry } from '../services/list.ts';
import { testDatabases } from '../testing/databases.ts';

// Issue 27 #9 and #11: what sits in a --resources directory must not keep the server from starting
// (a 614-byte alias bomb took 2.26 GB and never finished), nor reach files outside it.

const playbook = (name: string, extra = '') =>
  [
    'apiVersion: mission-control.flanksource.com/v1',
    'kind: Playbook',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    `  title: ${name}`,
    '  actions:',
    '    - name: say',
    '      exec:',
    '        script: echo hi',
    extra,
  ].join('\n');

/** "Billion laughs": nine levels of nine aliases, 9^9 strings once expanded, in about 600 bytes. */
function aliasBomb(): string {
  const levels = 'abcdefghi';
  const lines = [`  a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]`];
  for (let i = 1; i < levels.length; i += 1)
    lines.push(
      `  ${levels[i]}: &${levels[i]} [${Array(9)
        .fill(`*${levels[i - 1]}`)
        .join(',')}]`,
    );
  return playbook('bomb', `  labels:\n${lines.map((line) => `  ${line}`).join('\n')}\n`);
}

const nested = (levels: number, inner = '1') => '['.repeat(levels) + inner + ']'.repeat(levels);

/** Each file's text, and what the loader must say of it (undefined: loaded). */
const badFiles: Record<string, { text: string; reason: RegExp }> = {
  'bomb.yaml': { text: aliasBomb(), reason: /expand to more than/ },
  'deep.yaml': { text: playbook('deep', `  x: ${nested(200)}\n`), reason: /maxDepth|deeper/ },
  // Each anchor under the depth cap, the whole over it once its aliases are expanded.
  'deep-aliases.yaml': {
    text: playbook(
      'deepaliases',
      `  x: &x ${nested(40)}\n  y: &y ${nested(40, '*x')}\n  z: ${nested(10, '*y')}\n`,
    ),
    reason: /deeper than 64/,
  },
  'cycle.yaml': { text: playbook('cycle', '  x: &x [*x]\n'), reason: /deeper than 64/ },
  'merge.yaml': {
    text: playbook(
      'merge',
      `  m0: &m0 {k0: 1}\n${Array.from({ length: 300 }, (_, i) => `  m${i + 1}: &m${i + 1} {<<: *m${i}, k${i + 1}: 1}`).join('\n')}\n`,
    ),
    reason: /merge keys/,
  },
  'merge-list.yaml': {
    text: playbook(
      'mergelist',
      `  m: &m {k: 1}\n  n: {<<: [${Array(200).fill('*m').join(',')}]}\n`,
    ),
    reason: /merge sequence/,
  },
  'big.yaml': {
    text: playbook('big', `  description: ${'x'.repeat(MAX_RESOURCE_FILE_BYTES)}\n`),
    reason: /bytes, over/,
  },
  'scalar-aliases.yaml': {
    text: playbook(
      'scalars',
      `  s: &s ${'y'.repeat(300_000)}\n  t: [${Array(20).fill('*s').join(',')}]\n`,
    ),
    reason: /expand to more than/,
  },
  'deep.json': { text: nested(100), reason: /deeper than 64/ },
};

const tempDirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** A resources directory with one good playbook, every bad file, and links in and out of it. */
function resourcesDir(): string {
  const outside = tempDir('opsdeck-outside-');
  writeFileSync(join(outside, 'outside.yaml'), playbook('outside'));
  const dir = tempDir('opsdeck-resources-');
  writeFileSync(join(dir, 'good.yaml'), playbook('good'));
  for (const [name, { text }] of Object.entries(badFiles)) writeFileSync(join(dir, name), text);
  symlinkSync(join(outside, 'outside.yaml'), join(dir, 'linked-out.yaml'));
  symlinkSync(outside, join(dir, 'linked-dir'));
  symlinkSync(join(dir, 'gone.yaml'), join(dir, 'dangling.yaml'));
  // A pipe named like a resource would block a read forever: it is no file, so it is not read.
  execFileSync('mkfifo', [join(dir, 'pipe.yaml')]);
  // A ConfigMap volume: the files are links through `..data` to a dated folder, all inside.
  mkdirSync(join(dir, '..2026_01_01'));
  writeFileSync(join(dir, '..2026_01_01', 'mapped.yaml'), playbook('mapped'));
  symlinkSync('..2026_01_01', join(dir, '..data'));
  symlinkSync(join('..data', 'mapped.yaml'), join(dir, 'mapped.yaml'));
  return dir;
}

const expectedRefusals = [
  ...Object.entries(badFiles).map(([file, { reason }]) => ({ file, reason })),
  { file: 'linked-out.yaml', reason: /a link out of/ },
  { file: 'linked-dir', reason: /a link out of/ },
  { file: 'dangling.yaml', reason: /a link to nothing/ },
].sort((a, b) => a.file.localeCompare(b.file));

describe.each(testDatabases('one'))('the resources loader under attack on $engine', (target) => {
  let db: Database;
  const kinds = () => defaultServiceRegistry().resourceKinds();
  const playbookNames = async () =>
    (
      await db.query<{ name: string }>(
        'SELECT name FROM playbooks WHERE deleted_at IS NULL ORDER BY name',
      )
    ).rows.map((row) => row.name);

  beforeAll(async () => {
    db = await target.open();
  });
  beforeEach(async () => {
    await db.query('DELETE FROM playbooks');
  });
  afterAll(() => target.release());

  it('#9 #11 refuses each over-limit file and each link out of the directory or to nothing, naming why, and loads the rest', async () => {
    const started = Date.now();
    const summary = await loadResources(db, resourcesDir(), kinds());
    expect(Date.now() - started).toBeLessThan(20_000);
    expect([...summary.refused].sort((a, b) => a.file.localeCompare(b.file))).toEqual(
      expectedRefusals.map(({ file, reason }) => ({ file, reason: expect.stringMatching(reason) })),
    );
    expect(await playbookNames()).toEqual(['good', 'mapped']);
    expect(summary.loaded).toEqual({ Playbook: { created: 2, updated: 0, unchanged: 0 } });
  });

  it('#9 keeps the playbooks of a file that turned into a refused one, rather than removing them', async () => {
    const dir = tempDir('opsdeck-resources-');
    writeFileSync(join(dir, 'good.yaml'), playbook('good'));
    writeFileSync(join(dir, 'later.yaml'), playbook('later'));
    await loadResources(db, dir, kinds());
    expect(await playbookNames()).toEqual(['good', 'later']);
    writeFileSync(join(dir, 'later.yaml'), aliasBomb().replace('name: bomb', 'name: later'));
    const summary = await loadResources(db, dir, kinds());
    expect(summary.refused).toEqual([
      { file: 'later.yaml', reason: expect.stringMatching(/expand to more than/) },
    ]);
    expect(summary.removed).toEqual([]);
    expect(await playbookNames()).toEqual(['good', 'later']);
  });
});

describe('opsdeck-server --resources with hostile files', () => {
  it('#9 #11 starts, serves the good playbooks and logs each refused file with its path and reason', async () => {
    const dir = resourcesDir();
    const config: ServerConfig = {
      port: 0,
      host: '127.0.0.1',
      dataDir: '',
      memory: true,
      seed: 'none',
      checks: 0,
      auth: 'disabled',
      demoPassword: 'opsdeck-demo',
      trustProxy: false,
      devOutbox: false,
      publicDemo: false,
      resourcesDir: dir,
    };
    const logs: Record<string, unknown>[] = [];
    const server = await startServer(config, (entry) => logs.push(entry));
    try {
      const served = (await (await fetch(`${server.url}/api/playbook/list`)).json()) as {
        name: string;
      }[];
      expect(served.map((entry) => entry.name).sort()).toEqual(['good', 'mapped']);
      const skipped = logs
        .filter((entry) => entry.msg === 'resource file skipped')
        .sort((a, b) => String(a.file).localeCompare(String(b.file)));
      expect(skipped).toEqual(
        expectedRefusals.map(({ file, reason }) => ({
          level: 'warn',
          msg: 'resource file skipped',
          dir,
          file,
          reason: expect.stringMatching(reason),
        })),
      );
    } finally {
      await server.close();
    }
  });
});
