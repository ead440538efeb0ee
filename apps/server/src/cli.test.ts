import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';
import { bundleForTest } from './testing/bundle.ts';
import { migratedDataDir } from './testing/databases.ts';

let outDir = '';

// The CLI is spawned as users run it: bundled by tsup with its migrations, in a temporary directory
// under node_modules so the bundle still resolves the package's dependencies (the workspace ones
// bundled from their source, as the build does).
beforeAll(() => {
  outDir = bundleForTest('src/cli.ts', 'cli-test');
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function cli(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [join(outDir, 'cli.js'), ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env.PATH, ...env },
  });
}

describe('opsdeck-server CLI', () => {
  it.each([
    [['--bogus'], /Unknown option '--bogus'/],
    [['--port', 'eighty'], /--port must be a whole number/],
    [['--seed', 'lots'], /--seed must be demo or none/],
    [['--checks', '-3'], /--checks/],
    [['--components', 'many'], /--components must be a whole number/],
    [['--configs', 'lots'], /--configs must be a whole number/],
    [['--auth', 'disabled', '--host', '0.0.0.0'], /only accepted on a loopback host/],
    [
      ['--database-url', 'postgres://nobody@127.0.0.1:1/none'],
      /cannot open the database \(127\.0\.0\.1:1\)/,
    ],
  ])('%j stops with one clear line and exit code 1', (args, message) => {
    const result = cli(args);
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('reads the same options from the environment', () => {
    const result = cli([], { PORT: 'x' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/--port must be a whole number/);
  });
});

describe('opsdeck-server apply', () => {
  it.each([
    [['apply'], /apply: needs at least one -f FILE/],
    [['apply', '-f', 'x.yaml', '--port', '1'], /apply: Unknown option '--port'/],
    [
      ['apply', '-f', 'x.yaml', '--data-dir', '/nonexistent/opsdeck-apply'],
      /the data directory \/nonexistent\/opsdeck-apply does not exist/,
    ],
  ])('%j stops with one clear line and exit code 1', (args, message) => {
    const result = cli(args);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });

  it('loads a file into a stopped PGlite data directory, migrating it, and names a broken one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'opsdeck-cli-apply-'));
    try {
      const file = join(dir, 'team.yaml');
      writeFileSync(
        file,
        'apiVersion: mission-control.flanksource.com/v1\nkind: Team\nmetadata: { name: sre }\nspec: {}\n',
      );
      const data = join(dir, 'data');
      mkdirSync(data);
      const applied = cli(['apply', '-f', file, '--data-dir', data]);
      expect(applied.stderr).toBe('');
      expect(applied.status).toBe(0);
      expect(applied.stdout).toBe('Team: 1 created, 0 updated, 0 unchanged\n');
      expect(cli(['apply', '-f', file, '--data-dir', data]).stdout).toBe(
        'Team: 0 created, 0 updated, 1 unchanged\n',
      );
      writeFileSync(file, 'kind: Team\nmetadata: { name: sre }\nspec: { members: [""] }\n');
      const broken = cli(['apply', '-f', file, '--data-dir', data]);
      expect(broken.status).toBe(1);
      expect(broken.stderr).toMatch(/team\.yaml \(document 1\) Team sre: spec\.members\[0\]: /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('parseConfig', () => {
  it('has defaults and lets flags win over the environment', () => {
    const config = parseConfig([], {});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '.opsdeck',
      memory: false,
      seed: 'demo',
      checks: 300,
      components: 0,
      configs: 0,
      auth: 'basic',
      demoPassword: 'opsdeck-demo',
    });
    expect(
      parseConfig(['--port', '9000'], { PORT: '7000', DATABASE_URL: 'postgres://x@h/db' }),
    ).toMatchObject({ port: 9000, databaseUrl: 'postgres://x@h/db' });
    expect(parseConfig(['--auth', 'disabled', '--host', '::1'], {}).auth).toBe('disabled');
    expect(() => parseConfig(['--auth', 'disabled', '--host', '10.0.0.5'], {})).toThrow(
      ConfigError,
    );
  });

  it('refuses the demo on a non-loopback host unless asked for by name', () => {
    expect(() => parseConfig(['--host', '0.0.0.0'], {})).toThrow(/--public-demo/);
    expect(parseConfig(['--host', '0.0.0.0', '--seed', 'none'], {}).seed).toBe('none');
    expect(parseConfig(['--host', '0.0.0.0'], { OPSDECK_PUBLIC_DEMO: '1' }).publicDemo).toBe(true);
  });

  it('honours the dev outbox only for a demo on a loopback bind', () => {
    expect(parseConfig(['--dev-outbox'], {}).devOutbox).toBe(true);
    expect(parseConfig([], {}).devOutbox).toBe(false);
    expect(() => parseConfig(['--dev-outbox', '--host', '0.0.0.0', '--public-demo'], {})).toThrow(
      /loopback/,
    );
    expect(() => parseConfig(['--dev-outbox', '--seed', 'none'], {})).toThrow(/demo/);
  });

  it('takes the public URL and proxy trust from configuration', () => {
    expect(
      parseConfig(['--public-url', 'https://ops.example.test/x', '--trust-proxy'], {}),
    ).toMatchObject({ publicUrl: 'https://ops.example.test', trustProxy: true });
    expect(parseConfig([], { OPSDECK_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => parseConfig(['--public-url', 'ops.example.test'], {})).toThrow(/http/);
  });
});

describe('opsdeck-server secrets rotate', () => {
  it.each([
    [['secrets', 'rotate'], {}, /secrets: secrets rotate needs the new key in OPSDECK_SECRET_KEY/],
    [['secrets', 'spin'], { OPSDECK_SECRET_KEY: 'k' }, /secrets: the secrets command is/],
    [
      ['secrets', 'rotate', '--data-dir', '/nonexistent/opsdeck-rotate'],
      { OPSDECK_SECRET_KEY: 'k' },
      /the data directory \/nonexistent\/opsdeck-rotate does not exist/,
    ],
  ])('%j stops with one clear line and exit code 1', (args, env, message) => {
    const result = cli(args, env);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });

  it('rotates a PGlite data directory from its secret.key to OPSDECK_SECRET_KEY, printing counts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'opsdeck-cli-rotate-'));
    try {
      // A directory a stopped server left (migrated): rotating is the test, not a first start, which
      // would cost the spawned CLI an initdb and every migration (the apply test above pays that).
      const data = migratedDataDir(join(dir, 'data'));
      writeFileSync(join(data, 'secret.key'), `${Buffer.alloc(32, 7).toString('base64')}\n`);
      const result = cli(['secrets', 'rotate', '--data-dir', data], {
        OPSDECK_SECRET_KEY: 'a new key',
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/no sealed secrets were stored/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
