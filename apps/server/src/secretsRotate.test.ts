// `opsdeck-server secrets rotate` (issue 36): every sealed secret re-sealed under a new key in one
// transaction. After a rotation the server started with the new key opens the connection's
// credentials (its test reaches a loopback server with the right password); the old key opens
// nothing; a value that does not open with the old key refuses the whole rotation.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/database.ts';
import { describeRotation, parseRotateArgs, RotateError, rotateSecrets } from './secretsRotate.ts';
import { secretBoxFromText, secretContext, SecretError } from './services/playbooks/secrets.ts';
import { testDatabases } from './testing/databases.ts';
import { basic, startTestServer } from './testing/server.ts';

const PASSWORD = 'rotate-me-3f9';
const TOKEN = 'token-under-rotation';
const oldBox = secretBoxFromText('the old key');
const newBox = secretBoxFromText('the new key');

describe.each(testDatabases())('secrets rotate on $engine', (target) => {
  let db: Database;
  let http: Server;
  let port = 0;
  const seen: string[] = [];
  let connectionId = '';
  let runId = '';

  // A server on `box`, the connection tested through it, closed again.
  const testWith = async (box = newBox) => {
    const server = await startTestServer({
      db,
      playbookSecrets: box,
      outbound: { allowPrivate: true, allowLinkLocal: false },
    });
    try {
      const response = await fetch(`${server.url}/api/connection/test/${connectionId}`, {
        method: 'POST',
        headers: basic('admin@local'),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    } finally {
      await server.close();
    }
  };
  const stored = async () =>
    (
      await db.query<{ password: string; properties: { token: string } }>(
        'SELECT password, properties FROM connections WHERE id = $1',
        [connectionId],
      )
    ).rows[0]!;
  const storedParameter = async () =>
    (
      await db.query<{ value: string }>(
        'SELECT value FROM opsdeck.playbook_run_secrets WHERE run_id = $1',
        [runId],
      )
    ).rows[0]!.value;

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 1 });
    http = createServer((request, response) => {
      seen.push(request.headers.authorization ?? '');
      const expected = `Basic ${Buffer.from(`probe:${PASSWORD}`).toString('base64')}`;
      response.statusCode = request.headers.authorization === expected ? 200 : 401;
      response.end();
    });
    port = await new Promise<number>((resolve) =>
      http.listen(0, '127.0.0.1', () => resolve((http.address() as { port: number }).port)),
    );
    // Written through /api/db by a server on the old key: sealed under it.
    const server = await startTestServer({ db, playbookSecrets: oldBox });
    const response = await fetch(`${server.url}/api/db/connections`, {
      method: 'POST',
      headers: {
        ...basic('admin@local'),
        'content-type': 'application/json',
        Prefer: 'return=representation',
      },
      body: JSON.stringify({
        name: 'rotated-http',
        namespace: 'default',
        type: 'http',
        url: `http://127.0.0.1:${port}/`,
        username: 'probe',
        password: PASSWORD,
        properties: { token: TOKEN, region: 'eu' },
      }),
    });
    await server.close();
    expect(response.status).toBe(201);
    connectionId = ((await response.json()) as { id: string }[])[0]!.id;
    // A secret playbook parameter of a run, sealed under the old key as the run routes seal it.
    const playbook = await db.query<{ id: string }>(
      `INSERT INTO playbooks (name, spec, source) VALUES ('rotate-playbook', '{"actions": []}'::jsonb, 'UI') RETURNING id`,
    );
    const run = await db.query<{ id: string }>(
      `INSERT INTO playbook_runs (playbook_id, status, spec) VALUES ($1, 'completed', '{}'::jsonb) RETURNING id`,
      [playbook.rows[0]!.id],
    );
    runId = run.rows[0]!.id;
    await db.query(
      `INSERT INTO opsdeck.playbook_run_secrets (run_id, name, value) VALUES ($1, 'apiKey', $2)`,
      [runId, oldBox.seal('parameter-secret', secretContext(runId, 'apiKey'))],
    );
  });
  afterAll(async () => {
    http?.close();
    await target.release();
  });

  it('before: the old key opens the connection, the new one does not', async () => {
    expect((await testWith(oldBox)).status).toBe(200);
    const refused = await testWith(newBox);
    expect(refused.status).toBe(400);
    expect(String(refused.body.error)).toMatch(/cannot be decrypted/);
  });

  it('refuses when a value does not open with the old key, changing nothing', async () => {
    const before = await stored();
    const parameterBefore = await storedParameter();
    const wrong = secretBoxFromText('not the key the secrets are sealed with');
    const failure = await rotateSecrets(db, wrong, newBox).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RotateError);
    const message = (failure as Error).message;
    expect(message).toMatch(/do not open with the old key, so nothing was changed/);
    expect(message).toContain(`connections.password (id ${connectionId})`);
    expect(message).toContain('connections.properties.token');
    expect(message).not.toContain(PASSWORD);
    expect(message).not.toContain(TOKEN);
    expect(await stored()).toEqual(before);
    expect(await storedParameter()).toBe(parameterBefore);
  });

  it('re-seals every secret under the new key: the new key opens them, the old one no longer', async () => {
    const summary = await rotateSecrets(db, oldBox, newBox);
    expect(summary).toMatchObject({
      'connections.password': expect.any(Number),
      'connections.properties.token': 1,
      'opsdeck.playbook_run_secrets': 1,
    });
    const lines = describeRotation(summary).join('\n');
    expect(lines).toMatch(/connections\.password: \d+ re-sealed/);
    expect(lines).not.toContain(PASSWORD);

    const row = await stored();
    expect(row.password).toMatch(/^v1:/);
    expect(newBox.open(row.password, 'connections.password')).toBe(PASSWORD);
    expect(() => oldBox.open(row.password, 'connections.password')).toThrow(SecretError);
    expect(newBox.open(row.properties.token, 'connections.properties.token')).toBe(TOKEN);
    expect(row.properties).toMatchObject({ region: 'eu' });
    const parameter = await storedParameter();
    expect(newBox.open(parameter, secretContext(runId, 'apiKey'))).toBe('parameter-secret');
    expect(() => oldBox.open(parameter, secretContext(runId, 'apiKey'))).toThrow(SecretError);

    // The server started with the new key tests the connection with its stored password.
    seen.length = 0;
    expect(await testWith(newBox)).toMatchObject({ status: 200 });
    expect(seen.at(-1)).toBe(`Basic ${Buffer.from(`probe:${PASSWORD}`).toString('base64')}`);
    const stale = await testWith(oldBox);
    expect(stale.status).toBe(400);
    expect(String(stale.body.error)).toMatch(/cannot be decrypted/);
    // A second rotation from the old key finds nothing it can open: refused.
    await expect(rotateSecrets(db, oldBox, newBox)).rejects.toThrow(RotateError);
  });
});

describe('secrets rotate arguments', () => {
  it('takes the keys from the environment only and names what is missing', () => {
    expect(
      parseRotateArgs(['rotate', '--database-url', 'postgres://x@127.0.0.1/db'], {
        OPSDECK_SECRET_KEY: 'new',
        OPSDECK_OLD_SECRET_KEY: 'old',
      }),
    ).toEqual({
      dataDir: '.opsdeck',
      databaseUrl: 'postgres://x@127.0.0.1/db',
      newKey: 'new',
      oldKey: 'old',
    });
    expect(() => parseRotateArgs(['rotate'], {})).toThrow(
      /needs the new key in OPSDECK_SECRET_KEY/,
    );
    expect(() =>
      parseRotateArgs(['rotate'], { OPSDECK_SECRET_KEY: 'k', OPSDECK_OLD_SECRET_KEY: 'k' }),
    ).toThrow(/are the same key/);
    expect(() =>
      parseRotateArgs(['rotate', '--new-key', 'x'], { OPSDECK_SECRET_KEY: 'k' }),
    ).toThrow(/Unknown option '--new-key'/);
    expect(() => parseRotateArgs(['spin'], { OPSDECK_SECRET_KEY: 'k' })).toThrow(/secrets rotate/);
  });
});
