// Secret playbook parameters at rest: sealed with AES-256-GCM under the server's key (the data
// directory's key file, OPSDECK_SECRET_KEY, or a process key), opened only by the runner, absent
// from every reply (/api/playbook/run/{id}, its status, the runs list and actions through /api/db),
// on PGlite and PostgreSQL.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../auth/user.ts';
import type { Database } from '../../db/database.ts';
import { silentLogger } from '../../http/logging.ts';
import { testDatabases } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { PlaybookRunner } from './runner.ts';
import {
  loadSecretBox,
  SECRET_KEY_FILE,
  SecretBox,
  secretContext,
  SecretError,
} from './secrets.ts';

const SECRET = 'hunter2-correct-horse';

describe('the secret box', () => {
  it('seals each value afresh and opens it only with its key and for its run and name', () => {
    const box = new SecretBox(randomBytes(32));
    const context = secretContext('run-1', 'token');
    const once = box.seal(SECRET, context);
    const twice = box.seal(SECRET, context);
    expect(once).toMatch(/^v1:[A-Za-z0-9+/=]+$/);
    expect(once).not.toBe(twice);
    expect(once).not.toContain(SECRET);
    expect(Buffer.from(once.slice(3), 'base64').toString('latin1')).not.toContain(SECRET);
    expect(box.open(once, context)).toBe(SECRET);
    expect(() => box.open(once, secretContext('run-2', 'token'))).toThrow(SecretError);
    expect(() => box.open(once, secretContext('run-1', 'other'))).toThrow(SecretError);
    expect(() => new SecretBox(randomBytes(32)).open(once, context)).toThrow(
      /cannot be decrypted with this server’s key/,
    );
    const raw = Buffer.from(once.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    const tampered = `v1:${raw.toString('base64')}`;
    expect(() => box.open(tampered, context)).toThrow(SecretError);
  });

  it('keeps its key in the data directory (0600), or takes it from OPSDECK_SECRET_KEY', () => {
    const dir = mkdtempSync(join(tmpdir(), 'opsdeck-secret-key-'));
    try {
      const first = loadSecretBox({ dataDir: dir, memory: false });
      const file = join(dir, SECRET_KEY_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const sealed = first.seal(SECRET, 'c');
      // A restart reads the same key.
      expect(loadSecretBox({ dataDir: dir, memory: false }).open(sealed, 'c')).toBe(SECRET);
      // The environment's key wins over the file, and is the same for every instance given it.
      const fromEnv = loadSecretBox({
        secretKey: 'shared passphrase',
        dataDir: dir,
        memory: false,
      });
      const other = loadSecretBox({
        secretKey: 'shared passphrase',
        dataDir: '/nonexistent',
        memory: true,
      });
      expect(other.open(fromEnv.seal(SECRET, 'c'), 'c')).toBe(SECRET);
      expect(() => fromEnv.open(sealed, 'c')).toThrow(SecretError);
      // --memory: a key of this process only.
      const memory = loadSecretBox({ dataDir: '/nonexistent', memory: true });
      expect(() => memory.open(sealed, 'c')).toThrow(SecretError);
      writeFileSync(file, 'short\n');
      expect(() => loadSecretBox({ dataDir: dir, memory: false })).toThrow(/32-byte base64 key/);
      expect(readFileSync(file, 'utf8')).toBe('short\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabases('one'))('secret parameters at rest on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  const box = new SecretBox(randomBytes(32));
  const admin: AuthUser = { id: randomUUID(), name: 'Admin', roles: ['admin'], permissions: [] };
  const runner = (secrets = box) =>
    new PlaybookRunner({ db, log: silentLogger, execEnabled: true, secrets });

  beforeAll(async () => {
    db = await target.open();
    await db.query(`INSERT INTO people (id, name, email) VALUES ($1, 'Admin', $2)`, [
      admin.id,
      `secrets-admin-${admin.id}@local`,
    ]);
    server = await startTestServer({
      db,
      playbookSecrets: box,
      resolvers: [async (request) => (request.headers.get('x-test-admin') ? admin : undefined)],
    });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  const api = async (path: string, body?: unknown) => {
    const response = await fetch(`${server.url}/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'x-test-admin': 'yes', 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, text: await response.text() };
  };

  async function startRun() {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO playbooks (name, spec, source) VALUES ($1, $2::jsonb, 'UI') RETURNING id`,
      [
        `secret-${randomUUID()}`,
        JSON.stringify({
          parameters: [{ name: 'token', type: 'secret' }],
          actions: [{ name: 'use', exec: { script: 'echo "${#PARAM_TOKEN} {{.params.token}}"' } }],
        }),
      ],
    );
    const created = await api('/playbook/run', { id: rows[0]!.id, params: { token: SECRET } });
    expect(created.status).toBe(201);
    return (JSON.parse(created.text) as { run_id: string }).run_id;
  }

  async function finish(instance: PlaybookRunner, runId: string) {
    for (let n = 0; n < 20; n += 1) {
      // A run that cannot execute ends failed and the tick says why (the row keeps the reason).
      await instance.tick().catch(() => undefined);
      const { rows } = await db.query<{ status: string; error: string | null }>(
        'SELECT status, error FROM playbook_runs WHERE id = $1',
        [runId],
      );
      if (['completed', 'failed'].includes(rows[0]!.status)) return rows[0]!;
    }
    throw new Error('run did not finish');
  }

  it('stores the value sealed, gives it to the script, and serves it in no reply', async () => {
    const runId = await startRun();
    const { rows } = await db.query<{ value: string }>(
      'SELECT value FROM opsdeck.playbook_run_secrets WHERE run_id = $1',
      [runId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.value).toMatch(/^v1:/);
    expect(rows[0]!.value).not.toContain(SECRET);
    expect(box.open(rows[0]!.value, secretContext(runId, 'token'))).toBe(SECRET);

    expect(await finish(runner(), runId)).toMatchObject({ status: 'completed' });
    const { rows: actions } = await db.query<{ result: { stdout: string } }>(
      'SELECT result FROM playbook_run_actions WHERE playbook_run_id = $1',
      [runId],
    );
    // The script had the value (its length), and what it printed of it is masked.
    expect(actions[0]!.result.stdout).toBe(`${SECRET.length} ********\n`);

    const replies = [
      await api(`/playbook/run/${runId}`),
      await api(`/playbook/run/${runId}/status`),
      await api(`/db/playbook_runs?id=eq.${runId}&select=*`),
      await api('/db/playbook_runs?select=*,playbooks(id,name,spec)&order=created_at.desc'),
      await api(`/db/playbook_run_actions?playbook_run_id=eq.${runId}&select=*`),
      await api(`/db/rpc/get_playbook_run_actions?run_id=${runId}`),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.text).not.toContain(SECRET);
    }
    expect(replies[0]!.text).toContain('"token":"********"');
    // Not a table /api/db serves.
    expect([403, 404]).toContain((await api('/db/playbook_run_secrets')).status);
  });

  it("masks the value in an action's error as in its result (an error carries the rendered URL)", async () => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO playbooks (name, spec, source) VALUES ($1, $2::jsonb, 'UI') RETURNING id`,
      [
        `secret-error-${randomUUID()}`,
        JSON.stringify({
          parameters: [{ name: 'token', type: 'secret' }],
          actions: [{ name: 'fetch', http: { url: 'ftp://files.invalid/{{.params.token}}' } }],
        }),
      ],
    );
    const created = await api('/playbook/run', { id: rows[0]!.id, params: { token: SECRET } });
    expect(created.status).toBe(201);
    const runId = (JSON.parse(created.text) as { run_id: string }).run_id;
    expect(await finish(runner(), runId)).toMatchObject({ status: 'failed' });
    const { rows: actions } = await db.query<{ error: string | null }>(
      'SELECT error FROM playbook_run_actions WHERE playbook_run_id = $1',
      [runId],
    );
    // The URL is in the error, its secret part masked.
    expect(actions[0]!.error).toContain('ftp://files.invalid/********');
    expect(actions[0]!.error).not.toContain(SECRET);
    for (const path of [
      `/playbook/run/${runId}`,
      `/db/playbook_run_actions?playbook_run_id=eq.${runId}&select=*`,
      `/db/rpc/get_playbook_run_actions?run_id=${runId}`,
    ])
      expect((await api(path)).text).not.toContain(SECRET);
  });

  it('fails the run, saying why, when the key is not the one the value was sealed with', async () => {
    const runId = await startRun();
    const outcome = await finish(runner(new SecretBox(randomBytes(32))), runId);
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(/^secret parameter token: the secret cannot be decrypted/);
  });

  it('seals what an older server stored in clear before it runs', async () => {
    const runId = await startRun();
    await db.query('UPDATE opsdeck.playbook_run_secrets SET value = $2 WHERE run_id = $1', [
      runId,
      SECRET,
    ]);
    const instance = runner();
    expect(await instance.sealStoredSecrets()).toBeGreaterThanOrEqual(1);
    const { rows } = await db.query<{ value: string }>(
      'SELECT value FROM opsdeck.playbook_run_secrets WHERE run_id = $1',
      [runId],
    );
    expect(rows[0]!.value).toMatch(/^v1:/);
    expect(await instance.sealStoredSecrets()).toBe(0);
    expect(await finish(instance, runId)).toMatchObject({ status: 'completed' });
  });
});
