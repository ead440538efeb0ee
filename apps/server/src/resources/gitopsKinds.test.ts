// Issue 35: `--resources DIR` loads Canary, Topology, ScrapeConfig, Team, IncidentRule and
// LoggingBackend documents, each checked by its kind's contract, with source ConfigFile, on PGlite
// and PostgreSQL. Every canary fixture (shared/fixtures/canaries, read in place; a test's own
// directory is written under the system's temp dir) loads and its checks appear; a broken document
// is named by file, document and path and leaves what was loaded; a file removed removes its rows
// (and a canary's checks), never a row made in the console; /api/db refuses to change a loaded row.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fixturePath } from '@opsdeck/testing';
import { loadAll } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createApp } from '../http/app.ts';
import { defaultServiceRegistry } from '../services/list.ts';
import { testDatabases } from '../testing/databases.ts';
import { loadResources, ResourceLoadError } from './loader.ts';

const canaryRoot = fixturePath('canaries');

function yamlFiles(folder: string): string[] {
  return readdirSync(folder)
    .sort()
    .flatMap((entry) => {
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) return yamlFiles(path);
      return /\.ya?ml$/.test(entry) ? [path] : [];
    });
}

interface Doc {
  kind?: string;
  metadata?: { name?: string; namespace?: string };
  spec?: Record<string, unknown>;
}
// The fixture files holding a Canary or a Topology, with those documents.
const fixtureFiles = yamlFiles(canaryRoot)
  .map((path) => ({
    file: relative(canaryRoot, path),
    text: readFileSync(path, 'utf8'),
    docs: (loadAll(readFileSync(path, 'utf8')) as (Doc | null)[]).filter(
      (doc): doc is Doc => doc?.kind === 'Canary' || doc?.kind === 'Topology',
    ),
  }))
  .filter((fixture) => fixture.docs.length > 0);

const kinds = () => defaultServiceRegistry().resourceKinds();

const tempDirs: string[] = [];
function tempDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'opsdeck-gitops-'));
  tempDirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

const canaryYaml = (name: string, url = 'http://127.0.0.1:1/up', schedule = '@every 1m') =>
  [
    'apiVersion: canaries.flanksource.com/v1',
    'kind: Canary',
    'metadata:',
    `  name: ${name}`,
    '  labels: { team: payments }',
    'spec:',
    `  schedule: "${schedule}"`,
    '  http:',
    `    - name: ${name}-up`,
    `      url: ${url}`,
    '',
  ].join('\n');

const otherKinds = [
  'apiVersion: canaries.flanksource.com/v1',
  'kind: Topology',
  'metadata: { name: estate, namespace: ops }',
  'spec:',
  '  schedule: "@every 10m"',
  '  components:',
  '    - name: api',
  '      type: service',
  '---',
  'apiVersion: configs.flanksource.com/v1',
  'kind: ScrapeConfig',
  'metadata: { name: cluster }',
  'spec:',
  '  kubernetes:',
  '    - clusterName: prod',
  '---',
  'apiVersion: mission-control.flanksource.com/v1',
  'kind: Team',
  'metadata: { name: sre }',
  'spec: {}',
  '---',
  'apiVersion: mission-control.flanksource.com/v1',
  'kind: LoggingBackend',
  'metadata: { name: loki, labels: { env: prod } }',
  'spec:',
  '  loki:',
  '    url: http://loki:3100',
  '',
].join('\n');

describe.each(testDatabases('one'))('GitOps resource kinds on $engine', (target) => {
  let db: Database;
  let app: ReturnType<typeof createApp>;
  const live = async (table: string) =>
    (
      await db.query<{ name: string; source: string | null }>(
        `SELECT name, source FROM ${table} WHERE deleted_at IS NULL ORDER BY name`,
      )
    ).rows;
  const liveChecks = async (canary: string) =>
    (
      await db.query<{ type: string; name: string; spec: unknown }>(
        `SELECT k.type, k.name, k.spec FROM checks k JOIN canaries c ON c.id = k.canary_id
         WHERE c.name = $1 AND k.deleted_at IS NULL ORDER BY k.type, k.name`,
        [canary],
      )
    ).rows;

  beforeAll(async () => {
    db = await target.open();
    app = createApp({ db, auth: 'disabled' });
  });
  afterAll(() => target.release());

  it('loads every Canary and Topology fixture with source ConfigFile, each canary with its checks', async () => {
    expect(fixtureFiles.length).toBeGreaterThan(60);
    for (const { file, text, docs } of fixtureFiles) {
      // One file at a time: some fixtures reuse a name another file has.
      const dir = tempDir({ [file.replace(/\//g, '_')]: text });
      const summary = await loadResources(db, dir, kinds());
      expect(summary.refused, file).toEqual([]);
      for (const doc of docs) {
        const table = doc.kind === 'Canary' ? 'canaries' : 'topologies';
        const { rows } = await db.query<{ source: string; spec: unknown }>(
          `SELECT source, spec FROM ${table} WHERE name = $1 AND namespace = $2 AND deleted_at IS NULL`,
          [doc.metadata!.name, doc.metadata!.namespace ?? 'default'],
        );
        expect(rows, `${file} ${doc.metadata!.name}`).toHaveLength(1);
        expect(rows[0]!.source).toBe('ConfigFile');
        expect(rows[0]!.spec, `${file}: the spec as written`).toEqual(doc.spec ?? {});
        if (doc.kind !== 'Canary') continue;
        // Each named entry of a check list is a check of its type, its spec the entry.
        const expected = Object.entries(doc.spec ?? {}).flatMap(([type, list]) =>
          Array.isArray(list) && type !== 'env'
            ? (list as Record<string, unknown>[])
                .filter((entry) => typeof entry?.name === 'string' && entry.name !== '')
                .map((entry) => ({ type, name: entry.name as string }))
            : [],
        );
        const checks = await liveChecks(doc.metadata!.name!);
        expect(
          checks.map(({ type, name }) => ({ type, name })),
          `${file}: its checks`,
        ).toEqual(
          expect.arrayContaining(
            expected.map((check) => expect.objectContaining(check) as unknown),
          ),
        );
      }
    }
  });

  it('loads Topology, ScrapeConfig, Team and LoggingBackend documents into their tables', async () => {
    const dir = tempDir({ 'estate.yaml': otherKinds });
    const summary = await loadResources(db, dir, kinds());
    expect(summary.loaded).toMatchObject({
      Topology: { created: 1 },
      ScrapeConfig: { created: 1 },
      Team: { created: 1 },
      LoggingBackend: { created: 1 },
    });
    expect(await live('config_scrapers')).toContainEqual({ name: 'cluster', source: 'ConfigFile' });
    expect(await live('teams')).toContainEqual({ name: 'sre', source: 'ConfigFile' });
    const { rows } = await db.query<{ labels: unknown; namespace: string; schedule: string }>(
      `SELECT t.namespace, t.schedule, l.labels FROM topologies t, logging_backends l
       WHERE t.name = 'estate' AND l.name = 'loki' AND l.deleted_at IS NULL`,
    );
    expect(rows[0]).toEqual({ namespace: 'ops', schedule: '@every 10m', labels: { env: 'prod' } });
    // The same files again change nothing.
    const again = await loadResources(db, dir, kinds());
    expect(again.loaded.Team).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect(again.removed).toEqual([]);
  });

  it('names the file, document and path of a broken document and keeps what was loaded', async () => {
    const good = canaryYaml('shop');
    const dir = tempDir({ 'shop.yaml': good });
    await loadResources(db, dir, kinds());
    const before = await liveChecks('shop');
    expect(before.map((check) => check.name)).toEqual(['shop-up']);

    writeFileSync(
      join(dir, 'shop.yaml'),
      `${otherKinds}---\n${good.replace('      url: http://127.0.0.1:1/up\n', '')}`,
    );
    const error = await loadResources(db, dir, kinds()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResourceLoadError);
    expect((error as Error).message).toContain(
      'shop.yaml (document 5) Canary default/shop: spec.http[0].url: This field is required',
    );
    expect(await liveChecks('shop')).toEqual(before);
  });

  it('removes the rows of a file removed (a canary with its checks), never a row made in the console', async () => {
    const dir = tempDir({ 'a.yaml': canaryYaml('keep-a'), 'b.yaml': canaryYaml('gone-b') });
    await loadResources(db, dir, kinds());
    const made = await app.request('/api/db/canaries', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'console-made',
        namespace: 'default',
        source: 'UI',
        spec: { http: [{ name: 'console-up', url: 'http://127.0.0.1:1/' }] },
      }),
    });
    expect(made.status).toBe(201);
    expect(await liveChecks('gone-b')).toHaveLength(1);

    rmSync(join(dir, 'b.yaml'));
    const summary = await loadResources(db, dir, kinds());
    expect(summary.removed).toContain('Canary default/gone-b');
    const names = (await live('canaries')).map((row) => row.name);
    expect(names).toContain('keep-a');
    expect(names).toContain('console-made');
    expect(names).not.toContain('gone-b');
    expect(await liveChecks('gone-b')).toEqual([]);
    expect(await liveChecks('console-made')).toHaveLength(1);
  });

  it('refuses a change through /api/db to a row a file loaded, for an admin too', async () => {
    const dir = tempDir({ 'locked.yaml': canaryYaml('locked') });
    await loadResources(db, dir, kinds());
    const patch = await app.request('/api/db/canaries?name=eq.locked', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ labels: { team: 'other' } }),
    });
    expect(patch.status).toBe(409);
    expect(((await patch.json()) as { message: string }).message).toBe(
      'canary default/locked was not created through the API (source ConfigFile) and cannot be modified: change the resource file it is loaded from',
    );
    const remove = await app.request('/api/db/canaries?name=eq.locked', { method: 'DELETE' });
    expect(remove.status).toBe(409);
    // Nor may a row written through the API claim a file's source.
    const claim = await app.request('/api/db/teams', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'claims', source: 'ConfigFile', spec: {} }),
    });
    expect(claim.status).toBe(400);
    expect(await live('canaries')).toContainEqual({ name: 'locked', source: 'ConfigFile' });
  });
});
