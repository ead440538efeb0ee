// Issue 27 finding 6: connection credentials are sealed at rest, read as a mask by everyone (editors
// read connections, spec §6), kept when the mask is written back, never filterable, and sent only to
// the connection's own address.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../auth/user.ts';
import type { Database } from '../db/database.ts';
import { silentLogger } from '../http/logging.ts';
import { maskSecrets } from '../services/maskSecrets.ts';
import { PlaybookRunner } from '../services/playbooks/runner.ts';
import { createRun } from '../services/playbooks/runs.ts';
import { processSecretBox } from '../services/playbooks/secrets.ts';
import { CONNECTION_SECRETS, sealStoredSecrets } from '../services/settings/service.ts';
import { testDatabases } from '../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../testing/server.ts';

describe.each(testDatabases('one'))('connection secrets on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  let receiver: Server;
  let receiverUrl: string;
  const authorizations: string[] = [];
  const name = `conn-${randomUUID()}`;

  const api = async (method: string, path: string, who: string, body?: unknown) => {
    const response = await fetch(`${server.url}/api/db/${path}`, {
      method,
      headers: {
        ...basic(who),
        'content-type': 'application/json',
        Prefer: 'return=representation',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, text, body: text ? (JSON.parse(text) as unknown) : null };
  };
  const stored = async () =>
    (
      await db.query<{ password: string; certificate: string; properties: Record<string, string> }>(
        'SELECT password, certificate, properties FROM connections WHERE name = $1',
        [name],
      )
    ).rows[0]!;

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 5 });
    server = await startTestServer({ db });
    receiver = createServer((request, response) => {
      authorizations.push(request.headers.authorization ?? '');
      response.end('ok');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
    const created = await api('POST', 'connections', 'admin@local', {
      name,
      namespace: 'default',
      type: 'http',
      url: receiverUrl,
      username: 'robot',
      password: 'hunter2-secret',
      certificate: '-----BEGIN PRIVATE KEY-----',
      properties: {
        region: 'eu-west-1',
        token: 'tok-secret',
        bearer: { valueFrom: { secretKeyRef: { name: 'k', key: 'v' } } },
      },
    });
    expect(created.status).toBe(201);
    expect(created.text).not.toContain('hunter2');
  });

  afterAll(async () => {
    await new Promise((resolve) => receiver?.close(resolve));
    await server?.close();
    await target.release();
  });

  it('are sealed at rest', async () => {
    const row = await stored();
    expect(row.password).toMatch(/^v1:/);
    expect(row.certificate).toMatch(/^v1:/);
    expect(row.properties.token).toMatch(/^v1:/);
    expect(row.properties.region).toBe('eu-west-1');
    expect(processSecretBox().open(row.password, 'connections.password')).toBe('hunter2-secret');
  });

  it('read as a mask, references as they are, however they are selected', async () => {
    for (const who of ['admin@local', 'editor@local']) {
      for (const path of [
        `connections?name=eq.${name}`,
        `connections?name=eq.${name}&select=password,certificate,properties`,
        `connections?name=eq.${name}&select=pw:password::text,token:properties->>token`,
        `connections?name=eq.${name}&order=password`,
      ]) {
        const reply = await api('GET', path, who);
        expect(reply.status, path).toBe(200);
        expect(reply.text).not.toMatch(/hunter2|tok-secret|PRIVATE KEY|v1:/);
        expect(reply.text).toContain('********');
      }
    }
    const [row] = (await api('GET', `connections?name=eq.${name}`, 'editor@local')).body as {
      password: string;
      properties: Record<string, unknown>;
    }[];
    expect(row!.password).toBe('********');
    expect(row!.properties).toEqual({
      region: 'eu-west-1',
      token: '********',
      bearer: { valueFrom: { secretKeyRef: { name: 'k', key: 'v' } } },
    });
    const csv = await fetch(`${server.url}/api/db/connections?name=eq.${name}`, {
      headers: { ...basic('admin@local'), Accept: 'text/csv' },
    });
    expect(await csv.text()).not.toContain('hunter2');
  });

  it('cannot be guessed through a filter', async () => {
    for (const filter of [
      'password=like.h*',
      'password=eq.hunter2-secret',
      'or=(password.like.h*,name.eq.x)',
      'properties->>token=eq.tok-secret',
      'password.filter=h*',
    ]) {
      const reply = await api('GET', `connections?name=eq.${name}&${filter}`, 'admin@local');
      expect(reply.status, filter).toBe(400);
      expect(reply.text).toContain('holds secrets and cannot be filtered on');
    }
  });

  it('written back as the mask keep the stored value; a new value is sealed', async () => {
    const reply = await api('PATCH', `connections?name=eq.${name}`, 'admin@local', {
      password: '********',
      certificate: '********',
      properties: { region: 'eu-west-2', token: '********' },
    });
    expect(reply.status).toBe(200);
    let row = await stored();
    const box = processSecretBox();
    expect(box.open(row.password, 'connections.password')).toBe('hunter2-secret');
    expect(box.open(row.properties.token!, 'connections.properties.token')).toBe('tok-secret');
    expect(row.properties.region).toBe('eu-west-2');
    await api('PATCH', `connections?name=eq.${name}`, 'admin@local', { password: 'rotated' });
    row = await stored();
    expect(box.open(row.password, 'connections.password')).toBe('rotated');
    await api('PATCH', `connections?name=eq.${name}`, 'admin@local', {
      password: 'hunter2-secret',
    });
    const mask = await api('POST', 'connections', 'admin@local', {
      name: `${name}-new`,
      type: 'http',
      password: '********',
    });
    expect(mask.status).toBe(400);
  });

  it('go only to the connection’s own address', async () => {
    const person = randomUUID();
    await db.query(`INSERT INTO people (id, name, email) VALUES ($1, 'C', $2)`, [
      person,
      `c-${person}@local`,
    ]);
    const user: AuthUser = {
      id: person,
      name: 'C',
      email: `c-${person}@local`,
      roles: ['admin'],
      permissions: [],
    };
    const runner = new PlaybookRunner({
      db,
      log: silentLogger,
      execEnabled: false,
      outbound: { allowPrivate: true, allowLinkLocal: false },
    });
    const run = async (http: Record<string, unknown>) => {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO playbooks (name, spec, source) VALUES ($1, $2::jsonb, 'UI') RETURNING id`,
        [`c-${randomUUID()}`, JSON.stringify({ actions: [{ name: 'a', http }] })],
      );
      const { run_id } = await createRun(db, { id: rows[0]!.id }, user);
      for (let n = 0; n < 20; n += 1) await runner.tick();
      return (
        await db.query<{ error: string | null }>(
          'SELECT error FROM playbook_run_actions WHERE playbook_run_id = $1',
          [run_id],
        )
      ).rows[0]!;
    };
    authorizations.length = 0;
    expect((await run({ connection: `connection://default/${name}` })).error).toBeNull();
    expect(authorizations).toEqual([
      `Basic ${Buffer.from('robot:hunter2-secret').toString('base64')}`,
    ]);
    authorizations.length = 0;
    const elsewhere = await run({
      connection: `connection://default/${name}`,
      url: `http://localhost:${new URL(receiverUrl).port}/steal`,
    });
    expect(elsewhere.error).toContain('its credentials go only to');
    expect(authorizations).toEqual([]);
  });

  it('written in clear before are sealed at start', async () => {
    const old = `${name}-old`;
    await db.query(
      `INSERT INTO connections (name, type, password, properties) VALUES ($1, 'http', 'clear-pw', '{"token":"clear-tok","region":"r"}')`,
      [old],
    );
    const box = processSecretBox();
    expect(await sealStoredSecrets(db, box, 'connections', CONNECTION_SECRETS)).toBeGreaterThan(0);
    const { rows } = await db.query<{ password: string; properties: Record<string, string> }>(
      'SELECT password, properties FROM connections WHERE name = $1',
      [old],
    );
    expect(box.open(rows[0]!.password, 'connections.password')).toBe('clear-pw');
    expect(box.open(rows[0]!.properties.token!, 'connections.properties.token')).toBe('clear-tok');
    expect(rows[0]!.properties.region).toBe('r');
    // Again: nothing left to seal in this row.
    await sealStoredSecrets(db, box, 'connections', CONNECTION_SECRETS);
    const again = await db.query<{ password: string }>(
      'SELECT password FROM connections WHERE name = $1',
      [old],
    );
    expect(again.rows[0]!.password).toBe(rows[0]!.password);
  });

  it('maskSecrets shows a stored row as /api/db does', () => {
    expect(
      maskSecrets('connections', {
        name: 'x',
        password: 'v1:abc',
        properties: { token: 'v1:x', region: 'r' },
      }),
    ).toEqual({ name: 'x', password: '********', properties: { token: '********', region: 'r' } });
  });
});
