// Issue 32 §1: /api/db refuses a resource row its kind's contract refuses, with a 400 naming the
// field's path, for every writer (auth disabled here), on PGlite and PostgreSQL: the whole reason as
// a caller reads it, a PATCH that keeps the stored spec, a connection's editor paths. Every fixture
// and conformance entry of each kind is asked of the server in conformance/contracts.conformance.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';

let counter = 0;
const uniqueName = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

// HTTP and service logic over plain SQL: one engine (src/testing/databases.ts).
const engines = testDatabases('one');

describe.each(engines)('resource rows through their contracts on $engine', (target) => {
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
});
