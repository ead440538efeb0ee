// on.webhook over real HTTP on PGlite and PostgreSQL: the fixtures' webhooks called as a script or
// GitHub would, each authentication method (and the ones the embedded server refuses), the run the
// call schedules with `.request` in its templates, unique paths, and every other route still
// behind a session and the cross-site refusal.
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fixturePath } from '@opsdeck/testing';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../auth/user.ts';
import type { Database } from '../../db/database.ts';
import { silentLogger } from '../../http/logging.ts';
import { testDatabases } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { PlaybookRunner } from './runner.ts';

const fixture = (name: string) =>
  (
    load(
      // fixturePath finds shared/ beside the main checkout from a linked worktree too.
      readFileSync(fixturePath(`mission-control/playbooks/${name}`), 'utf8'),
    ) as { spec: Record<string, unknown> }
  ).spec;

const admin: AuthUser = { id: randomUUID(), name: 'Admin', roles: ['admin'], permissions: [] };

describe.each(testDatabases('one'))('playbook webhooks on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  const runner = () => new PlaybookRunner({ db, log: silentLogger, execEnabled: true });

  beforeAll(async () => {
    db = await target.open();
    await db.query(`INSERT INTO people (id, name, email) VALUES ($1, 'Admin', $2)`, [
      admin.id,
      `webhook-admin-${admin.id}@local`,
    ]);
    server = await startTestServer({
      db,
      // A caller the test names by a header, so the session-only routes can be reached too.
      resolvers: [async (request) => (request.headers.get('x-test-admin') ? admin : undefined)],
    });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  // The fixture's spec under a path of this test, so both engines' suites never share one.
  async function playbook(spec: Record<string, unknown>, path = `hook-${randomUUID()}`) {
    const on = (spec.on ?? {}) as { webhook?: Record<string, unknown> };
    const withPath = { ...spec, on: { ...on, webhook: { ...on.webhook, path } } };
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO playbooks (name, spec, source) VALUES ($1, $2::jsonb, 'UI') RETURNING id`,
      [`webhook-${randomUUID()}`, JSON.stringify(withPath)],
    );
    return { id: rows[0]!.id, path };
  }

  const hook = (path: string, init: RequestInit & { query?: string } = {}) =>
    fetch(`${server.url}/api/playbook/webhook/${path}${init.query ?? ''}`, init);

  async function runOf(runId: string) {
    const { rows } = await db.query<{
      playbook_id: string;
      status: string;
      created_by: string | null;
      request: Record<string, unknown>;
    }>('SELECT playbook_id, status, created_by, request FROM playbook_runs WHERE id = $1', [runId]);
    return rows[0]!;
  }

  async function finish(runId: string) {
    const instance = runner();
    for (let n = 0; n < 50; n += 1) {
      await instance.tick();
      const { status } = await runOf(runId);
      if (['completed', 'failed'].includes(status)) return status;
    }
    throw new Error(`run ${runId} did not finish`);
  }

  async function stdout(runId: string) {
    const { rows } = await db.query<{ result: { stdout?: string } }>(
      'SELECT result FROM playbook_run_actions WHERE playbook_run_id = $1',
      [runId],
    );
    return rows[0]?.result.stdout;
  }

  it('runs webhook-get.yaml on a GET without credentials, with the query in .request.params', async () => {
    const { id, path } = await playbook(fixture('webhook-get.yaml'));
    const response = await hook(path, { query: '?name=world' });
    expect(response.status).toBe(200);
    const { run_id } = (await response.json()) as { run_id: string };
    const run = await runOf(run_id);
    expect(run).toMatchObject({ playbook_id: id, status: 'scheduled', created_by: null });
    expect(run.request).toMatchObject({ method: 'GET', params: { name: 'world' }, content: '' });
    expect(await finish(run_id)).toBe('completed');
    expect(await stdout(run_id)).toBe('Hello world\n');
  });

  it('checks webhook-trigger.yaml’s basic credentials and never says which part was wrong', async () => {
    const { path } = await playbook(fixture('webhook-trigger.yaml'));
    const credentials = (user: string, password: string) => ({
      Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
    });
    const refusals = [
      await hook(path, { method: 'POST' }),
      await hook(path, { method: 'POST', headers: credentials('my-username', 'nope') }),
      await hook(path, { method: 'POST', headers: credentials('someone', 'my-password') }),
      await hook(path, { headers: { Authorization: 'Bearer my-password' } }),
    ];
    const bodies = await Promise.all(refusals.map((response) => response.json()));
    expect(refusals.map((response) => response.status)).toEqual([401, 401, 401, 401]);
    for (const body of bodies)
      expect(body).toEqual({ error: 'unauthorized', message: 'webhook authentication failed' });
    const { rows } = await db.query(
      `SELECT r.id FROM playbook_runs r JOIN playbooks p ON p.id = r.playbook_id
       WHERE p.spec->'on'->'webhook'->>'path' = $1`,
      [path],
    );
    expect(rows).toHaveLength(0);

    const accepted = await hook(path, {
      method: 'POST',
      headers: { ...credentials('my-username', 'my-password'), 'content-type': 'application/json' },
      body: '{"path":"/tmp/x"}',
    });
    expect(accepted.status).toBe(200);
    const run = await runOf(((await accepted.json()) as { run_id: string }).run_id);
    // The run has no resource although the spec selects components: a webhook names none.
    expect(run.status).toBe('scheduled');
    expect(run.request).toMatchObject({
      method: 'POST',
      content: '{"path":"/tmp/x"}',
      json: { path: '/tmp/x' },
      headers: { 'content-type': 'application/json' },
    });
    // The credential itself is not kept where /api/db serves it.
    expect(JSON.stringify(run.request)).not.toMatch(/authorization|my-password/i);
  });

  it('gives the JSON body and headers to templates as .request.json and .request.headers', async () => {
    const { path } = await playbook({
      on: { webhook: { path: 'x' } },
      actions: [
        {
          name: 'echo',
          exec: {
            script:
              'echo "{{.request.json.alert.name}} {{index .request.headers "x-source"}} {{.request.method}}"',
          },
        },
      ],
    });
    const response = await hook(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-source': 'alertmanager' },
      body: JSON.stringify({ alert: { name: 'DiskFull' } }),
    });
    const { run_id } = (await response.json()) as { run_id: string };
    expect(await finish(run_id)).toBe('completed');
    expect(await stdout(run_id)).toBe('DiskFull alertmanager POST\n');
  });

  it('checks a GitHub X-Hub-Signature-256 over the raw body', async () => {
    const { path } = await playbook({
      on: { webhook: { path: 'x', authentication: { github: { token: { value: 'gh-secret' } } } } },
      actions: [{ name: 'a', exec: { script: 'echo {{.request.json.action}}' } }],
    });
    const body = JSON.stringify({ action: 'opened', number: 7 });
    const sign = (secret: string) =>
      `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    const send = (signature?: string) =>
      hook(path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-github-event': 'pull_request',
          ...(signature ? { 'x-hub-signature-256': signature } : {}),
        },
        body,
      });
    expect((await send()).status).toBe(401);
    expect((await send(sign('wrong-secret'))).status).toBe(401);
    const accepted = await send(sign('gh-secret'));
    expect(accepted.status).toBe(200);
    const { run_id } = (await accepted.json()) as { run_id: string };
    expect(await finish(run_id)).toBe('completed');
    expect(await stdout(run_id)).toBe('opened\n');
    // A large payload (a push of many commits) is taken up to the 1 MB of row writes.
    const large = JSON.stringify({ action: 'pushed', commits: 'x'.repeat(200 * 1024) });
    const signed = await hook(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', 'gh-secret').update(large).digest('hex')}`,
      },
      body: large,
    });
    expect(signed.status).toBe(200);
  });

  it('refuses what it cannot check: a secret reference (401), svix and jwt (501)', async () => {
    const fromSecret = await playbook({
      on: {
        webhook: {
          path: 'x',
          authentication: {
            basic: {
              username: { value: 'u' },
              password: { valueFrom: { secretKeyRef: { name: 'hook', key: 'password' } } },
            },
          },
        },
      },
      actions: [{ name: 'a', exec: { script: 'true' } }],
    });
    const response = await hook(fromSecret.path, {
      headers: { Authorization: `Basic ${Buffer.from('u:').toString('base64')}` },
    });
    expect(response.status).toBe(401);
    for (const method of ['svix', 'jwt']) {
      const { path } = await playbook({
        on: { webhook: { path: 'x', authentication: { [method]: { secret: 's' } } } },
        actions: [{ name: 'a', exec: { script: 'true' } }],
      });
      const refused = await hook(path, { method: 'POST' });
      expect(refused.status).toBe(501);
      expect(await refused.json()).toEqual({
        error: 'not implemented',
        message: `${method} webhook authentication is not supported by the embedded server`,
      });
    }
  });

  it('answers 404 for a path no live playbook listens on, 405 for other methods, 400 for a missing parameter', async () => {
    expect((await hook(`nobody-${randomUUID()}`)).status).toBe(404);
    const { id, path } = await playbook({
      on: { webhook: { path: 'x' } },
      parameters: [{ name: 'needed', required: true }],
      actions: [{ name: 'a', exec: { script: 'true' } }],
    });
    expect((await hook(path, { method: 'PUT' })).status).toBe(405);
    const missing = await hook(path, { method: 'POST' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      message: 'missing required parameter(s): needed',
    });
    await db.query('UPDATE playbooks SET deleted_at = now() WHERE id = $1', [id]);
    expect((await hook(path)).status).toBe(404);
    // Its path is free again for a live playbook.
    await playbook(
      { on: { webhook: { path: 'x' } }, actions: [{ name: 'a', exec: { script: 'true' } }] },
      path,
    );
  });

  it('refuses a second live playbook on one webhook path (409 through /api/db)', async () => {
    const { path } = await playbook(fixture('webhook-get.yaml'));
    const response = await fetch(`${server.url}/api/db/playbooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test-admin': 'yes' },
      body: JSON.stringify({
        name: `dup-${randomUUID()}`,
        source: 'UI',
        spec: { on: { webhook: { path } }, actions: [{ name: 'a', exec: { script: 'true' } }] },
      }),
    });
    expect(response.status).toBe(409);
    expect(await response.text()).toMatch(/playbooks_webhook_path_unique/);
  });

  it('keeps every other route behind a session and the cross-site refusal', async () => {
    const { path } = await playbook(fixture('webhook-get.yaml'));
    const evil = { origin: 'https://evil.example', 'content-type': 'application/json' };
    // A webhook authenticates each call itself: another site's page may call it like any client.
    expect((await hook(path, { method: 'POST', headers: evil })).status).toBe(200);
    expect((await fetch(`${server.url}/api/playbook/list`)).status).toBe(401);
    const run = await fetch(`${server.url}/api/playbook/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(run.status).toBe(401);
    const crossSite = await fetch(`${server.url}/api/playbook/run`, {
      method: 'POST',
      headers: { ...evil, 'x-test-admin': 'yes' },
      body: '{}',
    });
    expect(crossSite.status).toBe(403);
  });
});
