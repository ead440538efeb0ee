// GitOps Permission documents (issue 37): every Permission of shared/fixtures/mission-control loads
// from `--resources DIR` with source ConfigFile, checked by the Permission contract; a loaded row is
// read-only through /api/db; a loaded row naming a person by email takes effect for that person.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixturePath } from '@opsdeck/testing';
import { loadAll } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { loadResources } from '../../resources/loader.ts';
import { testDatabases } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';
import { defaultServiceRegistry } from '../list.ts';

const root = fixturePath('mission-control/permissions');
const files = readdirSync(root)
  .filter((name) => /\.ya?ml$/.test(name))
  .sort();
const permissionNames = files.flatMap((file) =>
  (
    loadAll(readFileSync(join(root, file), 'utf8')) as ({
      kind?: string;
      metadata?: { name?: string };
    } | null)[]
  )
    .filter((doc) => doc?.kind === 'Permission')
    .map((doc) => String(doc?.metadata?.name)),
);

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe.each(testDatabases('one'))('Permission documents on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  const kinds = () => defaultServiceRegistry().resourceKinds();

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 5 });
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  it('loads every Permission fixture with source ConfigFile, read-only through /api/db', async () => {
    expect(permissionNames.length).toBeGreaterThanOrEqual(10);
    const summary = await loadResources(db, root, kinds());
    expect(summary.refused).toEqual([]);
    expect(summary.loaded.Permission?.created).toBe(permissionNames.length);
    const { rows } = await db.query<{ name: string; source: string; action: string }>(
      `SELECT name, source, action FROM permissions WHERE source = 'ConfigFile' AND deleted_at IS NULL`,
    );
    expect(rows.map((row) => row.name).sort()).toEqual([...permissionNames].sort());
    const deny = await db.query<{
      subject_type: string;
      subject: string;
      deny: boolean;
      action: string;
      object_selector: unknown;
    }>(
      `SELECT subject_type, subject, deny, action, object_selector FROM permissions WHERE name = 'deny-user-foo-playbook-run'`,
    );
    expect(deny.rows[0]).toEqual({
      subject_type: 'person',
      subject: 'foo@bar.com',
      deny: true,
      action: 'playbook:*',
      object_selector: { playbooks: [{ name: '*' }] },
    });
    // Loading again changes nothing.
    const again = await loadResources(db, root, kinds());
    expect(again.loaded.Permission?.unchanged).toBe(permissionNames.length);

    const id = (
      await db.query<{ id: string }>(
        `SELECT id FROM permissions WHERE name = 'deny-user-foo-playbook-run'`,
      )
    ).rows[0]!.id;
    const patch = await fetch(`${server.url}/api/db/permissions?id=eq.${id}`, {
      method: 'PATCH',
      headers: { ...basic('admin@local'), 'Content-Type': 'application/json' },
      body: JSON.stringify({ deny: false }),
    });
    expect(patch.status).toBe(409);
    expect(await patch.text()).toContain('resource file');
    // A row of the console (source UI, or the reference console's interactive_settings) stays editable.
    const created = await fetch(`${server.url}/api/db/permissions`, {
      method: 'POST',
      headers: {
        ...basic('admin@local'),
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      },
      body: JSON.stringify({
        name: 'console-made',
        source: 'interactive_settings',
        action: 'read',
        object: 'canaries',
        subject_type: 'person',
        subject: 'viewer@local',
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
  });

  it('a loaded deny naming a person by email takes effect for that person', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'opsdeck-permissions-'));
    tempDirs.push(dir);
    writeFileSync(
      join(dir, 'deny.yaml'),
      [
        'apiVersion: mission-control.flanksource.com/v1',
        'kind: Permission',
        'metadata: { name: responder-no-canaries, namespace: default }',
        'spec:',
        '  subject: { person: responder@local }',
        '  actions: [read]',
        '  deny: true',
        '  object: { canaries: true }',
        '',
      ].join('\n'),
    );
    expect(
      (
        await fetch(`${server.url}/api/db/canaries?select=id&limit=1`, {
          headers: basic('responder@local'),
        })
      ).status,
    ).toBe(200);
    const summary = await loadResources(db, dir, kinds());
    expect(summary.loaded.Permission?.created).toBe(1);
    expect(
      (
        await fetch(`${server.url}/api/db/canaries?select=id&limit=1`, {
          headers: basic('responder@local'),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await fetch(`${server.url}/api/db/canaries?select=id&limit=1`, {
          headers: basic('viewer@local'),
        })
      ).status,
    ).toBe(200);
  });
});
