// Agents (issue 37, reference §6 Agents) over HTTP: generate → 201 {id, username, access_token}; the
// agent signs in with the token as Bearer or Basic; deleting it (with or without cleanup) ends that.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { testDatabases } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';

type Generated = { id: string; username: string; access_token: string };

describe.each(testDatabases('one'))('agent registration and tokens on $engine', (target) => {
  let db: Database;
  let server: TestServer;

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 5 });
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  const call = async (
    headers: Record<string, string>,
    method: string,
    path: string,
    body?: unknown,
  ) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...headers,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    };
  };
  const generate = async (name: string, who = 'admin') => {
    const reply = await call(basic(`${who}@local`), 'POST', '/api/agent/generate', {
      name,
      properties: { zone: 'a' },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body as Generated;
  };
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const agentBasic = (username: string, token: string) => ({
    Authorization: `Basic ${Buffer.from(`${username}:${token}`).toString('base64')}`,
  });
  const whoami = (headers: Record<string, string>) => call(headers, 'GET', '/api/auth/whoami');

  it('generates an agent whose one-time token signs it in as Bearer or Basic, and keeps only its hash', async () => {
    const agent = await generate('edge-eu-1');
    expect(agent.username).toMatch(/^agent-[0-9a-f]{16}$/);
    expect(agent.access_token.length).toBeGreaterThanOrEqual(32);
    const { rows } = await db.query<{ person_id: string; username: string; properties: unknown }>(
      `SELECT person_id, username, properties FROM agents WHERE name = 'edge-eu-1'`,
    );
    expect(rows[0]).toEqual({
      person_id: agent.id,
      username: agent.username,
      properties: { zone: 'a' },
    });

    for (const headers of [
      bearer(agent.access_token),
      agentBasic(agent.username, agent.access_token),
    ]) {
      const me = await whoami(headers);
      expect(me.status).toBe(200);
      expect(me.body.payload).toMatchObject({
        user: { id: agent.id, name: agent.username },
        roles: ['agent'],
      });
    }
    for (const headers of [
      bearer(agent.access_token + 'x'),
      agentBasic(agent.username, 'wrong'),
      agentBasic('agent-0000000000000000', agent.access_token),
      // The token is no password: the identity service's Basic does not take it for a person.
      basic('admin@local', agent.access_token),
    ])
      expect((await whoami(headers)).status).toBe(401);
    // The clear token is nowhere in the database.
    const stored = await db.query(
      `SELECT 1 FROM opsdeck.access_tokens WHERE token_hash = $1 OR name = $1`,
      [agent.access_token],
    );
    expect(stored.rows).toEqual([]);
  });

  it('follows the role matrix and refuses bad input with 4xx', async () => {
    expect((await generate('edge-by-editor', 'editor')).username).toMatch(/^agent-/);
    for (const who of ['viewer', 'responder', 'commander', 'guest'])
      expect(
        (await call(basic(`${who}@local`), 'POST', '/api/agent/generate', { name: `x-${who}` }))
          .status,
        who,
      ).toBe(403);
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 7 },
      { name: 'ok', properties: 'no' },
    ])
      expect(
        (await call(basic('admin@local'), 'POST', '/api/agent/generate', body)).status,
        JSON.stringify(body),
      ).toBe(400);
    expect(
      (await call(basic('admin@local'), 'POST', '/api/agent/generate', { name: 'EDGE-EU-1' }))
        .status,
    ).toBe(409);
    // A name past the limit is refused with the limit named; one at the limit is taken.
    expect(
      await call(basic('admin@local'), 'POST', '/api/agent/generate', { name: 'a'.repeat(201) }),
    ).toMatchObject({ status: 400, body: { message: 'name: at most 200 characters' } });
    await generate('a'.repeat(200));
    expect(
      (await call(basic('admin@local'), 'POST', '/api/agent/token', { AgentName: 'nobody' }))
        .status,
    ).toBe(404);
    const again = await call(basic('admin@local'), 'POST', '/api/agent/token', {
      AgentName: 'edge-by-editor',
    });
    expect(again.status).toBe(201);
    expect((await whoami(bearer(String(again.body.access_token)))).status).toBe(200);
  });

  it('deleting an agent ends its tokens; with cleanup its resources go too', async () => {
    const patchAgent = (id: string, body: unknown) =>
      call(
        { ...basic('admin@local'), Prefer: 'return=minimal' },
        'PATCH',
        `/api/db/agents?id=eq.${id}`,
        body,
      );
    const canaryOf = async (agentId: string) =>
      (
        await db.query<{ id: string }>(
          `INSERT INTO canaries (name, namespace, spec, agent_id, source) VALUES ($1, 'default', '{}'::jsonb, $2, 'UI') RETURNING id`,
          [`canary-of-${agentId.slice(0, 8)}`, agentId],
        )
      ).rows[0]!.id;
    const agentRow = async (person: string) =>
      (await db.query<{ id: string }>('SELECT id FROM agents WHERE person_id = $1', [person]))
        .rows[0]!.id;
    const deletedAt = async (canary: string) =>
      (
        await db.query<{ deleted_at: unknown }>('SELECT deleted_at FROM canaries WHERE id = $1', [
          canary,
        ])
      ).rows[0]!.deleted_at;

    const kept = await generate('edge-kept');
    const keptCanary = await canaryOf(await agentRow(kept.id));
    expect(
      (await patchAgent(await agentRow(kept.id), { deleted_at: new Date().toISOString() })).status,
    ).toBe(204);
    expect((await whoami(bearer(kept.access_token))).status).toBe(401);
    expect(await deletedAt(keptCanary)).toBeNull();

    const cleaned = await generate('edge-cleaned');
    const cleanedCanary = await canaryOf(await agentRow(cleaned.id));
    expect((await whoami(bearer(cleaned.access_token))).status).toBe(200);
    expect(
      (
        await patchAgent(await agentRow(cleaned.id), {
          deleted_at: new Date().toISOString(),
          cleanup: true,
        })
      ).status,
    ).toBe(204);
    expect((await whoami(agentBasic(cleaned.username, cleaned.access_token))).status).toBe(401);
    expect(await deletedAt(cleanedCanary)).not.toBeNull();
  });
});
