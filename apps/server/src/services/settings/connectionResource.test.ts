// Issue 36 GitOps: the Connection fixtures of shared/fixtures/mission-control load from
// `--resources DIR` as connections with source ConfigFile, their credentials kept as references
// (nothing readable in clear), a second load unchanged, and a credential written in the file refused.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixturePath } from '@opsdeck/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { loadResources } from '../../resources/loader.ts';
import { testDatabases } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';
import { defaultServiceRegistry } from '../list.ts';

const fixtures = fixturePath('mission-control/connections');
const kinds = () => defaultServiceRegistry().resourceKinds();

describe.each(testDatabases('one'))('Connection documents on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  const dirs: string[] = [];

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 2 });
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await server?.close();
    await target.release();
  });

  it('every fixture loads with source ConfigFile, credentials as references', async () => {
    const summary = await loadResources(db, fixtures, kinds());
    expect(summary.refused).toEqual([]);
    expect(summary.loaded.Connection).toMatchObject({ created: 4 });
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT id, name, namespace, type, url, username, password, properties, source
         FROM connections WHERE source = 'ConfigFile' ORDER BY name`,
    );
    expect(rows.map((row) => `${row.namespace}/${row.name}:${row.type}`)).toEqual(
      [
        'default/flanksource-awskms:awskms',
        'default/flanksource-azurekeyvault:azureKeyVault',
        'mc/flanksource-claude-code-plugin-github:github',
        'default/flanksource-gcpkms:gcpkms',
      ].sort((a, b) => a.split('/')[1]!.localeCompare(b.split('/')[1]!)),
    );
    const github = rows.find((row) => row.type === 'github')!;
    expect(github).toMatchObject({
      url: 'https://github.com/flanksource/claude-code-plugin',
      password: 'secret://flanksource-github/token',
    });
    // Through /api/db as the console lists them (reference §6).
    const response = await fetch(
      `${server.url}/api/db/connections?select=*&deleted_at=is.null&source=eq.ConfigFile`,
      { headers: basic('admin@local') },
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBe(4);

    // Changed in its file only: /api/db refuses, admins included.
    const patch = await fetch(`${server.url}/api/db/connections?id=eq.${String(github.id)}`, {
      method: 'PATCH',
      headers: { ...basic('admin@local'), 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://github.com/elsewhere' }),
    });
    expect(patch.status).toBe(409);
    expect(await patch.text()).toContain('change the resource file it is loaded from');

    const again = await loadResources(db, fixtures, kinds());
    expect(again.loaded.Connection).toEqual({ created: 0, updated: 0, unchanged: 4 });
  });

  it('a credential written in the file is refused, naming it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'opsdeck-conn-'));
    dirs.push(dir);
    writeFileSync(
      join(dir, 'github.yaml'),
      `apiVersion: mission-control.flanksource.com/v1
kind: Connection
metadata: {name: gh-literal, namespace: default}
spec:
  github:
    personalAccessToken: ghp_in_clear
`,
    );
    await expect(loadResources(db, dir, kinds())).rejects.toThrow(
      /gh-literal: spec: password must come from a secret/,
    );
    const { rows } = await db.query(`SELECT 1 FROM connections WHERE name = 'gh-literal'`);
    expect(rows).toHaveLength(0);
  });
});
