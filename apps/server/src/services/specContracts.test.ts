// Issue 32 §1: /api/db refuses a resource row its kind's contract refuses, with a 400 naming the
// field's path, for every writer (an admin here, auth disabled), on PGlite and PostgreSQL. The
// conformance entries of @opsdeck/contracts (every canary, topology and connection fixture, read in
// place, and invalid variants of each) go through the server's write check and must get the
// contract's verdict and path.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  canaryContract,
  connectionContract,
  connectionRecordOf,
  topologyContract,
  validateConnectionRecord,
} from '@opsdeck/contracts';
import {
  canaryEntries,
  canaryVariants,
  type ConformanceEntry,
  type FixtureDocument,
} from '@opsdeck/contracts/canary';
import { connectionEntries, connectionVariants } from '@opsdeck/contracts/connection';
import { fixturePath } from '@opsdeck/testing';
import { loadAll } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';

function documentsOf(folder: string, kind: string): FixtureDocument[] {
  const root = fixturePath('.');
  const walk = (path: string): string[] =>
    statSync(path).isDirectory()
      ? readdirSync(path).flatMap((entry) => walk(join(path, entry)))
      : /\.ya?ml$/.test(path)
        ? [path]
        : [];
  return walk(fixturePath(folder)).flatMap((file) =>
    (loadAll(readFileSync(file, 'utf8')) as { kind?: string; spec?: Record<string, unknown> }[])
      .filter((document) => document?.kind === kind && document.spec)
      .map((document) => ({ file: relative(root, file), spec: document.spec! })),
  );
}

const canaryCases = [...canaryEntries(documentsOf('canaries', 'Canary')), ...canaryVariants];
const topologyCases: ConformanceEntry[] = documentsOf('canaries/topology', 'Topology').flatMap(
  ({ file, spec }) => [
    { name: file, kind: 'Topology', spec, valid: true },
    {
      name: `${file}: components as a map`,
      kind: 'Topology',
      spec: { ...spec, components: {} },
      valid: false,
      path: 'components',
    },
  ],
);
const connectionCases = [
  ...connectionEntries(documentsOf('mission-control/connections', 'Connection')),
  ...connectionVariants,
];

let counter = 0;
const uniqueName = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

describe.each(testDatabases())('resource rows through their contracts on $engine', (target) => {
  let db: Database;
  let server: TestServer;

  const post = async (table: string, row: Record<string, unknown>) => {
    const response = await fetch(`${server.url}/api/db/${table}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(row),
    });
    return { status: response.status, text: await response.text() };
  };

  /** The server agrees with the contract: 201 for a valid spec, else 400 naming the first path. */
  const expectServerVerdict = async (
    table: string,
    row: Record<string, unknown>,
    valid: boolean,
    path: string | undefined,
  ) => {
    const reply = await post(table, row);
    if (valid) {
      expect(reply.text).toBe('');
      expect(reply.status).toBe(201);
    } else {
      expect(reply.status).toBe(400);
      const { message } = JSON.parse(reply.text) as { message: string };
      expect(message).toContain(`${table} ${String(row.name)}: ${path}${path ? ':' : ''}`);
    }
  };

  beforeAll(async () => {
    db = await target.open();
    server = await startTestServer({ db, auth: 'disabled' });
  });

  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  it('refuses a canary whose spec is not a map of check lists, naming the path', async () => {
    const reply = await post('canaries', {
      name: 'broken',
      spec: { http: { name: 'a', url: 'https://example.internal' } },
    });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text)).toMatchObject({
      message: 'canaries broken: spec.http: A check type holds a list of checks',
    });
    const { rows } = await db.query(`SELECT 1 FROM canaries WHERE name = 'broken'`);
    expect(rows).toHaveLength(0);
  });

  it('refuses a PATCH that breaks a stored canary, and keeps the stored spec', async () => {
    const name = uniqueName('patched');
    expect(
      (await post('canaries', { name, spec: { tcp: [{ name: 'a', endpoint: 'db:5432' }] } }))
        .status,
    ).toBe(201);
    const response = await fetch(`${server.url}/api/db/canaries?name=eq.${name}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ spec: { tcp: [{ name: 'a' }] } }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(
      'spec.tcp[0].endpoint: This field is required',
    );
    const { rows } = await db.query<{ spec: unknown }>(
      'SELECT spec FROM canaries WHERE name = $1',
      [name],
    );
    expect(rows[0]?.spec).toEqual({ tcp: [{ name: 'a', endpoint: 'db:5432' }] });
  });

  it('refuses a scraper, a topology and a log backend the contract refuses', async () => {
    const scraper = await post('config_scrapers', { name: 'k8s', spec: { kubernetes: [{}] } });
    expect(scraper.status).toBe(400);
    expect(scraper.text).toContain(
      'config_scrapers k8s: spec.kubernetes[0].clusterName: This field is required',
    );
    expect(
      (
        await post('config_scrapers', {
          name: 'k8s',
          spec: { kubernetes: [{ clusterName: 'prod' }] },
        })
      ).status,
    ).toBe(201);

    const topology = await post('topologies', {
      name: 'web',
      spec: { components: [{ name: 'a', lookup: { http: [{ display: { expr: 'x' } }] } }] },
    });
    expect(topology.status).toBe(400);
    expect(topology.text).toContain(
      'spec.components[0].lookup.http[0].url: This field is required',
    );

    const backend = await post('logging_backends', { name: 'loki', spec: { loki: {} } });
    expect(backend.status).toBe(400);
    expect(backend.text).toContain('logging_backends loki: spec.loki.url: This field is required');
    expect(
      (
        await post('logging_backends', {
          name: 'loki',
          spec: { loki: { url: 'http://loki:3100' } },
        })
      ).status,
    ).toBe(201);
  });

  it('refuses a connection its type’s form refuses, with the editor’s paths', async () => {
    const sftp = await post('connections', {
      name: 'Files_',
      namespace: 'default',
      type: 'sftp',
      properties: { host: 'files.internal', port: 'x' },
      username: 'robot',
      password: 'secret://sftp/password',
    });
    expect(sftp.status).toBe(400);
    expect(sftp.text).toContain('connections Files_: name: Must be lowercase');
    expect(sftp.text).toContain('properties.port: This field must be a number');
    expect(
      (
        await post('connections', {
          name: uniqueName('files'),
          namespace: 'default',
          type: 'sftp',
          properties: { host: 'files.internal', port: 22 },
          username: 'robot',
          password: 'secret://sftp/password',
        })
      ).status,
    ).toBe(201);
  });

  describe('canary conformance', () => {
    it.each(canaryCases.map((entry) => [entry.name, entry] as const))(
      '%s',
      async (_name, entry) => {
        const verdict = canaryContract.validate(entry.spec);
        expect(verdict.ok).toBe(entry.valid);
        await expectServerVerdict(
          'canaries',
          { name: uniqueName('canary'), spec: entry.spec },
          entry.valid,
          entry.path === undefined ? undefined : `spec.${entry.path}`,
        );
      },
    );
  });

  describe('topology conformance', () => {
    it.each(topologyCases.map((entry) => [entry.name, entry] as const))(
      '%s',
      async (_name, entry) => {
        expect(topologyContract.validate(entry.spec).ok).toBe(entry.valid);
        await expectServerVerdict(
          'topologies',
          { name: uniqueName('topology'), spec: entry.spec },
          entry.valid,
          entry.path === undefined ? undefined : `spec.${entry.path}`,
        );
      },
    );
  });

  describe('connection conformance', () => {
    it.each(connectionCases.map((entry) => [entry.name, entry] as const))(
      '%s',
      async (_name, entry) => {
        expect(connectionContract.validate(entry.spec).ok).toBe(entry.valid);
        const found = connectionRecordOf(entry.spec);
        // Listed: a manifest with no single type has no record to write.
        if (!found) {
          expect(entry.noRecord).toBeDefined();
          return;
        }
        const row = { name: uniqueName('connection'), namespace: 'default', ...found.record };
        const record = validateConnectionRecord(row);
        expect(record.ok).toBe(entry.valid);
        if (!record.ok) expect(record.issues[0]?.path).toBe(entry.recordPath);
        await expectServerVerdict('connections', row, entry.valid, entry.recordPath);
      },
    );
  });
});
