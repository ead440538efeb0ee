// GitOps (issue 15): `--resources DIR` loads the Playbook documents of shared/fixtures/mission-control
// (read in place; a test that needs a directory of its own writes one under the system's temp dir)
// on PGlite and PostgreSQL, with source ConfigFile; other kinds are skipped; a broken document stops
// the load naming its file; a second load changes nothing; a playbook whose file is gone is removed
// softly, and a playbook made in the console is never touched — nor can /api/db change a loaded one.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixturePath } from '@opsdeck/testing';
import { loadAll } from 'js-yaml';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createApp } from '../http/app.ts';
import { startServer } from '../server.ts';
import { defaultServiceRegistry } from '../services/list.ts';
import { testDatabases } from '../testing/databases.ts';
import { loadResources, ResourceLoadError } from './loader.ts';

// fixturePath finds shared/ beside the main checkout from a linked worktree too.
const fixtures = fixturePath('mission-control');
const playbookFixtures = join(fixtures, 'playbooks');

function yamlFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(entry) ? [path] : [];
  });
}

interface Doc {
  kind?: string;
  metadata?: { name?: string; namespace?: string };
}
const fixtureDocs = (folder: string) =>
  yamlFiles(folder).flatMap((path) => loadAll(readFileSync(path, 'utf8')) as Doc[]);
const fixturePlaybooks = fixtureDocs(playbookFixtures).filter((doc) => doc?.kind === 'Playbook');

const kinds = () => defaultServiceRegistry().resourceKinds();

const tempDirs: string[] = [];
function tempDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'opsdeck-resources-'));
  tempDirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

const playbookYaml = (name: string, script = 'echo hi', namespace?: string) =>
  [
    'apiVersion: mission-control.flanksource.com/v1',
    'kind: Playbook',
    'metadata:',
    `  name: ${name}`,
    ...(namespace ? [`  namespace: ${namespace}`] : []),
    'spec:',
    `  title: ${name} title`,
    '  category: GitOps',
    '  actions:',
    '    - name: say',
    '      exec:',
    `        script: ${script}`,
    '',
  ].join('\n');

describe.each(testDatabases())('the resource loader on $engine', (target) => {
  let db: Database;
  let app: ReturnType<typeof createApp>;
  const json = async (path: string, init: RequestInit = {}) => {
    const response = await app.request(path, {
      ...init,
      headers: { 'Content-Type': 'application/json', ...init.headers },
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const playbookRows = async () =>
    (
      await db.query<{
        id: string;
        namespace: string;
        name: string;
        source: string | null;
        deleted_at: string | null;
        updated_at: string;
      }>(
        'SELECT id, namespace, name, source, deleted_at, updated_at FROM playbooks ORDER BY namespace, name',
      )
    ).rows;

  beforeAll(async () => {
    db = await target.open();
    app = createApp({ db, auth: 'disabled' });
  });
  beforeEach(async () => {
    await db.query('DELETE FROM playbooks');
  });
  afterAll(() => target.release());

  it('loads every Playbook of the Mission Control fixtures with source ConfigFile and skips the other kinds', async () => {
    expect(fixturePlaybooks.length).toBeGreaterThanOrEqual(45);
    const summary = await loadResources(db, fixtures, kinds());
    // Teams and rules load too (issue 35): gitopsKinds.test.ts is about them.
    expect(summary.loaded).toEqual({
      Playbook: { created: fixturePlaybooks.length, updated: 0, unchanged: 0 },
      Team: { created: 1, updated: 0, unchanged: 0 },
      IncidentRule: { created: 1, updated: 0, unchanged: 0 },
      // Issue 34: services/notifications/resources.test.ts is about them.
      Notification: { created: 11, updated: 0, unchanged: 0 },
      NotificationSilence: { created: 4, updated: 0, unchanged: 0 },
      // Issue 37: services/auth/permissionResource.test.ts is about them.
      Permission: { created: 13, updated: 0, unchanged: 0 },
      // Issue 36: services/settings/connectionResource.test.ts is about them.
      Connection: { created: 4, updated: 0, unchanged: 0 },
    });
    for (const kind of ['Connection', 'Permission'])
      expect(summary.skipped.some((entry) => entry.endsWith(` ${kind}`))).toBe(false);

    const list = await json('/api/playbook/list');
    expect(list.status).toBe(200);
    const served = list.body as {
      name: string;
      namespace: string;
      source: string;
      spec: unknown;
    }[];
    expect(served).toHaveLength(fixturePlaybooks.length);
    expect(new Set(served.map((playbook) => playbook.source))).toEqual(new Set(['ConfigFile']));
    // Keyed by namespace and name; a document without a namespace is in `default`.
    const keys = served.map((playbook) => `${playbook.namespace}/${playbook.name}`).sort();
    expect(keys).toEqual(
      fixturePlaybooks
        .map((doc) => `${doc.metadata?.namespace ?? 'default'}/${doc.metadata?.name}`)
        .sort(),
    );
    // Title, description, category and icon come from the spec.
    const { rows } = await db.query<{ title: string | null; description: string | null }>(
      "SELECT title, description FROM playbooks WHERE name = 'log-component-status'",
    );
    expect(rows[0]).toEqual({
      title: null,
      description: 'Post component name and status to webhook',
    });
    // Those that need no resource are served their parameters as they are.
    const free = served.filter((playbook) => {
      const spec = playbook.spec as Record<string, unknown>;
      return !spec.configs && !spec.checks && !spec.components;
    });
    expect(free.length).toBeGreaterThan(0);
    const { rows: ids } = await db.query<{ id: string; name: string; namespace: string }>(
      'SELECT id, name, namespace FROM playbooks',
    );
    for (const playbook of free) {
      const id = ids.find(
        (row) => row.name === playbook.name && row.namespace === playbook.namespace,
      )!.id;
      const params = await json(`/api/playbook/${id}/params`, {
        method: 'POST',
        body: JSON.stringify({ id }),
      });
      expect(params.status, `${playbook.name}: ${JSON.stringify(params.body)}`).toBe(200);
      const declared = (playbook.spec as { parameters?: { name: string }[] }).parameters ?? [];
      expect((params.body as { params: { name: string }[] }).params.map((p) => p.name)).toEqual(
        declared.map((p) => p.name),
      );
    }
  });

  it('changes nothing when the same files are loaded again', async () => {
    await loadResources(db, playbookFixtures, kinds());
    const before = await playbookRows();
    const again = await loadResources(db, playbookFixtures, kinds());
    expect(again.loaded.Playbook).toEqual({
      created: 0,
      updated: 0,
      unchanged: fixturePlaybooks.length,
    });
    expect(again.removed).toEqual([]);
    expect(await playbookRows()).toEqual(before);
  });

  it('fails on a broken playbook naming the file, the document and the path, and writes nothing', async () => {
    const dir = tempDir({
      'good.yaml': playbookYaml('good'),
      'two.yaml': `${playbookYaml('first')}---\n${playbookYaml('second').replace('exec:\n        script: echo hi', 'exec: {}')}`,
    });
    const error = await loadResources(db, dir, kinds()).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ResourceLoadError);
    const message = (error as Error).message;
    expect(message).toContain('two.yaml (document 2) Playbook default/second');
    expect(message).toContain('spec.actions[0].exec.script');
    expect(message).not.toContain('good.yaml');
    expect(await playbookRows()).toEqual([]);
  });

  it('fails on a file that is not YAML, a playbook without a name, and one defined twice', async () => {
    const dir = tempDir({
      'a.yaml': playbookYaml('twice'),
      'b.yml': playbookYaml('twice'),
      'c.yaml': 'kind: Playbook\nmetadata: {}\nspec: {actions: [{name: a, exec: {script: x}}]}\n',
      'd.json': '{"kind": "Playbook",',
    });
    const message = await loadResources(db, dir, kinds()).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(message).toContain(
      'b.yml (document 1) Playbook default/twice: already defined in a.yaml (document 1)',
    );
    expect(message).toContain('c.yaml (document 1) Playbook: metadata.name is required');
    expect(message).toMatch(/d\.json: cannot be parsed/);
  });

  it('removes a playbook whose file is gone, softly, brings it back with its id, and never touches one made in the console', async () => {
    const dir = tempDir({
      'a.yaml': playbookYaml('alpha'),
      'b.yaml': playbookYaml('beta', 'echo b', 'ops'),
    });
    await db.query(
      `INSERT INTO playbooks (namespace, name, spec, source) VALUES ('default', 'console-made', $1::jsonb, 'UI')`,
      [JSON.stringify({ actions: [{ name: 'a', exec: { script: 'echo' } }] })],
    );
    await loadResources(db, dir, kinds());
    const loaded = await playbookRows();
    const beta = loaded.find((row) => row.name === 'beta')!;
    expect(beta).toMatchObject({ namespace: 'ops', source: 'ConfigFile', deleted_at: null });

    rmSync(join(dir, 'b.yaml'));
    const pruned = await loadResources(db, dir, kinds());
    expect(pruned.removed).toEqual(['Playbook ops/beta']);
    const after = await playbookRows();
    expect(after.find((row) => row.name === 'beta')!.deleted_at).not.toBeNull();
    expect(after.find((row) => row.name === 'alpha')!.deleted_at).toBeNull();
    expect(after.find((row) => row.name === 'console-made')).toMatchObject({
      source: 'UI',
      deleted_at: null,
    });
    // The list no longer serves it.
    const list = (await json('/api/playbook/list')).body as { name: string }[];
    expect(list.map((playbook) => playbook.name).sort()).toEqual(['alpha', 'console-made']);

    writeFileSync(join(dir, 'b.yaml'), playbookYaml('beta', 'echo back', 'ops'));
    const back = await loadResources(db, dir, kinds());
    expect(back.loaded.Playbook).toEqual({ created: 0, updated: 1, unchanged: 1 });
    const revived = (await playbookRows()).find((row) => row.name === 'beta')!;
    expect(revived).toMatchObject({ id: beta.id, deleted_at: null });

    // An empty directory removes every ConfigFile playbook, and only those.
    const empty = await loadResources(db, tempDir({}), kinds());
    expect(empty.removed).toEqual(['Playbook default/alpha', 'Playbook ops/beta']);
    expect(
      (await playbookRows()).filter((row) => row.deleted_at === null).map((row) => row.name),
    ).toEqual(['console-made']);
  });

  it('refuses to take over a playbook of the same name made in the console', async () => {
    await db.query(
      `INSERT INTO playbooks (namespace, name, spec, source) VALUES ('default', 'taken', $1::jsonb, 'UI')`,
      [JSON.stringify({ actions: [{ name: 'a', exec: { script: 'echo' } }] })],
    );
    const message = await loadResources(
      db,
      tempDir({ 'taken.yaml': playbookYaml('taken') }),
      kinds(),
    ).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(message).toContain('taken.yaml (document 1) Playbook default/taken');
    expect(message).toContain('already exists with source UI');
    expect((await playbookRows()).map((row) => row.source)).toEqual(['UI']);
  });

  it('skips documents of another API group, of unknown kinds and without a kind', async () => {
    const summary = await loadResources(
      db,
      tempDir({
        'mixed.yaml': [
          'apiVersion: example.com/v1\nkind: Playbook\nmetadata: {name: foreign}\nspec: {}',
          'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm}',
          'just: values',
          playbookYaml('ours'),
        ].join('\n---\n'),
        'notes.txt': 'not a resource',
      }),
      kinds(),
    );
    expect(summary.skipped).toEqual([
      'mixed.yaml#1 example.com/v1 Playbook',
      'mixed.yaml#2 v1 ConfigMap',
      'mixed.yaml#3 (no kind)',
    ]);
    expect(summary.loaded.Playbook).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect(summary.files).toBe(1);
  });

  it('keeps a loaded playbook read-only through /api/db, for admins too (reference §2)', async () => {
    await loadResources(db, tempDir({ 'a.yaml': playbookYaml('locked') }), kinds());
    const { rows } = await db.query<{ id: string }>(
      "SELECT id FROM playbooks WHERE name = 'locked'",
    );
    const id = rows[0]!.id;
    const patched = await json(`/api/db/playbooks?id=eq.${id}`, {
      method: 'PATCH',
      body: JSON.stringify({ title: 'changed' }),
    });
    expect(patched.status).toBe(409);
    expect((patched.body as { message: string }).message).toContain(
      'playbook default/locked was not created through the API (source ConfigFile) and cannot be modified',
    );
    const deleted = await json(`/api/db/playbooks?id=eq.${id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(409);
    const softDeleted = await json(`/api/db/playbooks?id=eq.${id}`, {
      method: 'PATCH',
      body: JSON.stringify({ deleted_at: new Date().toISOString() }),
    });
    expect(softDeleted.status).toBe(409);
    const { rows: still } = await db.query<{ title: string; deleted_at: string | null }>(
      'SELECT title, deleted_at FROM playbooks WHERE id = $1',
      [id],
    );
    expect(still[0]).toEqual({ title: 'locked title', deleted_at: null });

    // Writing a playbook as if it came from a file is refused; one made through the API is UI's and
    // stays editable.
    const spec = { actions: [{ name: 'a', exec: { script: 'echo' } }] };
    const forged = await json('/api/db/playbooks', {
      method: 'POST',
      body: JSON.stringify({ name: 'forged', spec, source: 'ConfigFile' }),
    });
    expect(forged.status).toBe(400);
    const made = await json('/api/db/playbooks', {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({ name: 'made', spec, source: 'UI' }),
    });
    expect(made.status).toBe(201);
    const madeId = (made.body as { id: string }[])[0]!.id;
    const edited = await json(`/api/db/playbooks?id=eq.${madeId}`, {
      method: 'PATCH',
      body: JSON.stringify({ title: 'edited' }),
    });
    expect(edited.status).toBe(204);
    const handedOver = await json(`/api/db/playbooks?id=eq.${madeId}`, {
      method: 'PATCH',
      body: JSON.stringify({ source: 'ConfigFile' }),
    });
    expect(handedOver.status).toBe(400);
  });
});

describe('opsdeck-server --resources DIR', () => {
  const config = (resourcesDir: string): ServerConfig => ({
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
    resourcesDir,
  });

  it('starts with the playbooks of the directory and logs what it skipped', async () => {
    const logs: Record<string, unknown>[] = [];
    const server = await startServer(config(fixtures), (entry) => logs.push(entry));
    try {
      const response = await fetch(`${server.url}/api/playbook/list`);
      const served = (await response.json()) as { source: string }[];
      expect(served).toHaveLength(fixturePlaybooks.length);
      expect(served.every((playbook) => playbook.source === 'ConfigFile')).toBe(true);
      const line = logs.find((entry) => entry.msg === 'resources loaded')!;
      expect(line).toMatchObject({ loaded: { Playbook: { created: fixturePlaybooks.length } } });
      // Kinds no module loads are logged as skipped (PermissionGroup).
      expect(line.skipped).toEqual(
        expect.arrayContaining([expect.stringMatching(/ PermissionGroup$/)]),
      );
    } finally {
      await server.close();
    }
  });

  it('refuses to start on a broken playbook, naming its file', async () => {
    const dir = tempDir({ 'broken.yaml': playbookYaml('broken').replace('actions:', 'actionz:') });
    await expect(startServer(config(dir), () => undefined)).rejects.toThrow(
      /cannot load the resources: .* broken\.yaml \(document 1\) Playbook default\/broken: playbook validation failed: spec\.actions/,
    );
  });
});
