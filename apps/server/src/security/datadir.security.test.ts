import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../config.ts';
import { startServer } from '../server.ts';

// Issue 27 #8: the PGlite data directory was 0755 with 968 files 0666 (pg_hba.conf among them):
// any local user could read the identities and the secret key, or change the database under us.
// Only PGlite has a data directory; a PostgreSQL server keeps its own.

const parent = mkdtempSync(join(tmpdir(), 'opsdeck-datadir-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const config = (dataDir: string): ServerConfig => ({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  memory: false,
  seed: 'none',
  checks: 0,
  auth: 'disabled',
  demoPassword: 'opsdeck-demo',
  trustProxy: false,
  devOutbox: false,
  publicDemo: false,
});

/** Every file and directory under `dir` (links left out) that group or others may use, with its mode. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) continue;
      if (stat.mode & 0o077)
        found.push(`${relative(dir, path)} ${(stat.mode & 0o777).toString(8)}`);
      if (stat.isDirectory()) walk(path);
    }
  };
  walk(dir);
  return found;
}

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('the PGlite data directory', () => {
  const dataDir = join(parent, 'data');

  it('#8 is created owner-only, nothing in it open to group or others, while the server runs and after', async () => {
    const server = await startServer(config(dataDir), () => undefined);
    try {
      expect(modeOf(dataDir)).toBe('700');
      expect(readdirSync(dataDir)).toContain('pg_hba.conf');
      expect(openToOthers(dataDir)).toEqual([]);
      // It still works as a database.
      expect((await fetch(`${server.url}/api/about`)).status).toBe(200);
    } finally {
      await server.close();
    }
    expect(modeOf(dataDir)).toBe('700');
    expect(modeOf(join(dataDir, 'pg_hba.conf'))).toBe('600');
  }, 120_000);

  it('#8 repairs a directory left open by an older server, saying so in the log', async () => {
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'pg_hba.conf'), 0o666);
    chmodSync(join(dataDir, 'base'), 0o777);
    expect(openToOthers(dataDir).length).toBeGreaterThan(0);
    const logs: Record<string, unknown>[] = [];
    const server = await startServer(config(dataDir), (entry) => logs.push(entry));
    try {
      expect(modeOf(dataDir)).toBe('700');
      expect(openToOthers(dataDir)).toEqual([]);
      expect(logs).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          msg: expect.stringMatching(/data directory permissions repaired/),
          dir: dataDir,
          repaired: expect.any(Number),
        }),
      );
    } finally {
      await server.close();
    }
  }, 120_000);

  it('#8 refuses a directory that holds other things than a database, and changes nothing in it', async () => {
    const home = join(parent, 'home');
    mkdirSync(home, { mode: 0o755 });
    chmodSync(home, 0o755);
    writeFileSync(join(home, 'notes.txt'), 'mine', { mode: 0o644 });
    chmodSync(join(home, 'notes.txt'), 0o644);
    await expect(startServer(config(home), () => undefined)).rejects.toThrow(
      /the data directory is not ours: .*home is neither empty nor a data directory/,
    );
    expect(modeOf(home)).toBe('755');
    expect(modeOf(join(home, 'notes.txt'))).toBe('644');
  });

  // Only root can give a directory away to test this.
  it.skipIf(process.getuid?.() !== 0)(
    '#8 refuses to start on a data directory, or a file in it, that belongs to another user',
    async () => {
      const nobody = 65534;
      chownSync(join(dataDir, 'pg_hba.conf'), nobody, nobody);
      await expect(startServer(config(dataDir), () => undefined)).rejects.toThrow(
        /the data directory is not ours: .*pg_hba\.conf belongs to uid 65534/,
      );
      chownSync(join(dataDir, 'pg_hba.conf'), 0, 0);
      chownSync(dataDir, nobody, nobody);
      chmodSync(dataDir, 0o777);
      await expect(startServer(config(dataDir), () => undefined)).rejects.toThrow(
        /the data directory is not ours: .*data belongs to uid 65534/,
      );
      // Refused before anything was changed.
      expect(modeOf(dataDir)).toBe('777');
    },
  );
});
