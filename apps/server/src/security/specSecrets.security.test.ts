// Issue 27 finding 7: the literal secrets of a playbook spec (env values, webhook credentials, http
// headers and passwords, connection strings) read as a mask by everyone, however the spec is
// selected (/api/db, the runs' spec copy, the playbook routes), are never filterable, stay stored
// when the console writes a read spec back, and a webhook's credentials can come from a connection
// or a server variable (valueFrom) instead of a literal.
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { silentLogger } from '../http/logging.ts';
import { maskSecrets } from '../services/maskSecrets.ts';
import { PlaybookRunner } from '../services/playbooks/runner.ts';
import { testDatabases } from '../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../testing/server.ts';

// Every literal secret of the spec below: none may appear in anything a client reads.
const SECRETS = [
  'env-secret-1',
  'exec-secret-2',
  'hook-pass-3',
  'hook-user-4',
  'hdr-secret-5',
  'http-pass-6',
  'sqlpw-7',
  'svix-secret-8',
  'xoxb-hook-9',
];
const LEAK = new RegExp(SECRETS.join('|'));

const specOf = (path: string) => ({
  title: 'Secret keeper',
  env: [{ name: 'GLOBAL', value: 'env-secret-1' }],
  on: {
    webhook: {
      path,
      authentication: {
        basic: { username: 'hook-user-4', password: { value: 'hook-pass-3' } },
      },
    },
  },
  actions: [
    {
      name: 'deploy',
      exec: {
        script: 'echo deploying',
        env: [
          { name: 'TOKEN', value: 'exec-secret-2' },
          { name: 'REF', valueFrom: { secretKeyRef: { name: 'vault', key: 'token' } } },
          { name: 'EMPTY', value: '' },
        ],
      },
    },
    {
      name: 'call',
      http: {
        url: 'http://127.0.0.1:9/hook',
        method: 'POST',
        username: 'robot',
        password: 'http-pass-6',
        headers: [{ name: 'Authorization', value: 'Bearer hdr-secret-5' }],
      },
    },
    {
      name: 'report',
      sql: { url: 'postgres://app:sqlpw-7@127.0.0.1:9/db', query: 'select 1' },
    },
    {
      name: 'tell',
      notification: { url: 'https://hooks.example.com/services/xoxb-hook-9', message: 'hi' },
    },
  ],
});

describe.each(testDatabases('one'))('literal secrets of playbook specs on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  let playbookId: string;
  let runId: string;
  const hookPath = `keeper-${randomUUID()}`;
  const original = specOf(hookPath);

  const call = async (method: string, path: string, who: string | undefined, body?: unknown) => {
    const response = await fetch(`${server.url}/api/${path}`, {
      method,
      headers: {
        ...(who ? basic(who) : {}),
        'content-type': 'application/json',
        Prefer: 'return=representation',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: response.status, text, body: parsed };
  };
  const storedSpec = async (id = playbookId) =>
    (await db.query<{ spec: unknown }>('SELECT spec FROM playbooks WHERE id = $1', [id])).rows[0]!
      .spec;

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 5 });
    server = await startTestServer({ db });
    const created = await call('POST', 'db/playbooks', 'admin@local', {
      name: `keeper-${randomUUID()}`,
      source: 'UI',
      spec: original,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.text).not.toMatch(LEAK);
    playbookId = (created.body as { id: string }[])[0]!.id;
    const run = await call('POST', 'playbook/run', 'admin@local', { id: playbookId });
    expect(run.status, run.text).toBe(201);
    runId = (run.body as { run_id: string }).run_id;
  });

  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  it('are stored as written, and the run keeps them in its own copy', async () => {
    expect(await storedSpec()).toEqual(original);
    const { rows } = await db.query<{ spec: unknown }>(
      'SELECT spec FROM playbook_runs WHERE id = $1',
      [runId],
    );
    expect(JSON.stringify(rows[0]!.spec)).toContain('exec-secret-2');
  });

  it('read as a mask through /api/db, however the spec is selected', async () => {
    for (const who of ['admin@local', 'editor@local', 'viewer@local']) {
      for (const path of [
        `playbooks?id=eq.${playbookId}`,
        `playbooks?id=eq.${playbookId}&select=spec`,
        `playbooks?id=eq.${playbookId}&select=a:spec->actions`,
        `playbooks?id=eq.${playbookId}&select=e:spec->actions->0->exec->env`,
        `playbooks?id=eq.${playbookId}&select=v:spec->actions->0->exec->env->0->>value`,
        `playbooks?id=eq.${playbookId}&select=h:spec->on->webhook`,
        `playbooks?id=eq.${playbookId}&select=t:spec::text`,
        `playbooks?id=eq.${playbookId}&select=id&order=spec->actions->0->exec->env->0->>value`,
        `playbook_runs?id=eq.${runId}`,
        `playbook_runs?id=eq.${runId}&select=spec,playbooks(spec)`,
        `playbook_runs?id=eq.${runId}&select=s:spec->actions->1->http`,
        `playbooks?id=eq.${playbookId}&select=id,playbook_runs(spec)`,
      ]) {
        const reply = await call('GET', `db/${path}`, who);
        expect(reply.status, `${who} ${path}: ${reply.text}`).toBe(200);
        expect(reply.text, path).not.toMatch(LEAK);
      }
    }
    const [row] = (await call('GET', `db/playbooks?id=eq.${playbookId}`, 'viewer@local')).body as {
      spec: ReturnType<typeof specOf>;
    }[];
    const spec = row!.spec;
    // The secrets are masked in place; everything else (and references) reads as it is.
    expect(spec.env).toEqual([{ name: 'GLOBAL', value: '********' }]);
    expect(spec.on.webhook.authentication.basic).toEqual({
      username: '********',
      password: { value: '********' },
    });
    expect(spec.actions[0]!.exec!.env).toEqual([
      { name: 'TOKEN', value: '********' },
      { name: 'REF', valueFrom: { secretKeyRef: { name: 'vault', key: 'token' } } },
      { name: 'EMPTY', value: '' },
    ]);
    expect(spec.actions[0]!.exec!.script).toBe('echo deploying');
    expect(spec.actions[1]!.http).toMatchObject({
      url: 'http://127.0.0.1:9/hook',
      username: 'robot',
      password: '********',
      headers: [{ name: 'Authorization', value: '********' }],
    });
    expect(spec.actions[2]!.sql!.url).toBe('********');
    expect(spec.actions[3]!.notification!.url).toBe('********');
    expect(spec.on.webhook.path).toBe(hookPath);
    const csv = await fetch(`${server.url}/api/db/playbooks?id=eq.${playbookId}`, {
      headers: { ...basic('viewer@local'), Accept: 'text/csv' },
    });
    const csvText = await csv.text();
    expect(csvText).toContain('echo deploying');
    expect(csvText).not.toMatch(LEAK);
  });

  it('read as a mask through the playbook routes', async () => {
    for (const path of ['playbook/list', `playbook/run/${runId}`, `playbook/run/${runId}/status`]) {
      const reply = await call('GET', path, 'viewer@local');
      expect(reply.status, `${path}: ${reply.text}`).toBe(200);
      expect(reply.text, path).toContain('********');
      expect(reply.text, path).not.toMatch(LEAK);
    }
  });

  it('cannot be filtered on, nor guessed through a filter on what holds them', async () => {
    for (const filter of [
      'spec->actions->0->exec->env->0->>value=eq.exec-secret-2',
      'spec->env->0->>value=like.env*',
      'spec->on->webhook->authentication->basic->>username=eq.hook-user-4',
      'spec->on->webhook->authentication->basic->password->>value=eq.hook-pass-3',
      'or=(spec->actions->1->http->>password.eq.http-pass-6,name.eq.x)',
      'spec->actions->2->sql->>url=like.*sqlpw*',
      'spec->env->0->>value=not.is.null',
      'not.and=(spec->env->0->>value.gt.a,id.not.is.null)',
    ]) {
      const reply = await call('GET', `db/playbooks?id=eq.${playbookId}&${filter}`, 'viewer@local');
      expect(reply.status, filter).toBe(400);
      expect(reply.text, filter).toContain('holds secrets and cannot be filtered on');
    }
    // Through an embed, and on the runs' copy, alike.
    for (const path of [
      `playbook_runs?id=eq.${runId}&select=id,playbooks!inner(id)&playbooks.spec->env->0->>value=eq.env-secret-1`,
      `playbook_runs?id=eq.${runId}&spec->actions->0->exec->env->0->>value=like.exec*`,
    ]) {
      const reply = await call('GET', `db/${path}`, 'viewer@local');
      expect(reply.status, `${path}: ${reply.text}`).toBe(400);
      expect(reply.text, path).toContain('holds secrets and cannot be filtered on');
    }
    // A filter on a part that holds secrets reads it masked: no guess ever matches.
    for (const filter of [
      'spec->>env=like.*env-secret-1*',
      'spec->actions->0->exec=cs.{"env":[{"value":"exec-secret-2"}]}',
      'spec->actions->0->exec->env=cs.[{"name":"TOKEN","value":"exec-secret-2"}]',
      'spec=cs.{"env":[{"value":"env-secret-1"}]}',
      'spec=fts.exec',
    ]) {
      const reply = await call('GET', `db/playbooks?id=eq.${playbookId}&${filter}`, 'viewer@local');
      expect(reply.status, `${filter}: ${reply.text}`).toBe(200);
      expect(reply.body, filter).toEqual([]);
    }
    const plain = await call(
      'GET',
      `db/playbooks?id=eq.${playbookId}&spec->>title=eq.Secret keeper&select=id`,
      'viewer@local',
    );
    expect(plain.body).toEqual([{ id: playbookId }]);
  });

  it('written back as read keep the stored secrets; a moved mask is a 400 naming the field', async () => {
    const [row] = (await call('GET', `db/playbooks?id=eq.${playbookId}`, 'editor@local')).body as {
      spec: ReturnType<typeof specOf>;
    }[];
    const read = row!.spec;
    const saved = await call('PATCH', `db/playbooks?id=eq.${playbookId}`, 'editor@local', {
      title: 'Secret keeper',
      spec: { ...read, description: 'edited' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.text).not.toMatch(LEAK);
    expect(await storedSpec()).toEqual({ ...original, description: 'edited' });

    // Actions reordered: secrets follow their action and variable by name.
    const reordered = { ...read, actions: [...read.actions].reverse() };
    expect(
      (await call('PATCH', `db/playbooks?id=eq.${playbookId}`, 'editor@local', { spec: reordered }))
        .status,
    ).toBe(200);
    expect(await storedSpec()).toEqual({ ...original, actions: [...original.actions].reverse() });

    // A renamed variable still holding the mask: there is no stored value to keep.
    const renamed = structuredClone(read);
    renamed.actions[0]!.exec!.env[0]!.name = 'TOKEN2';
    const refused = await call('PATCH', `db/playbooks?id=eq.${playbookId}`, 'editor@local', {
      spec: renamed,
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('spec.actions[deploy].exec.env[TOKEN2].value');
    expect(await storedSpec()).toEqual({ ...original, actions: [...original.actions].reverse() });

    // A new value replaces the stored one; the rest are kept.
    const rotated = structuredClone(read);
    rotated.actions[0]!.exec!.env[0]!.value = 'rotated-token';
    expect(
      (await call('PATCH', `db/playbooks?id=eq.${playbookId}`, 'editor@local', { spec: rotated }))
        .status,
    ).toBe(200);
    const stored = (await storedSpec()) as ReturnType<typeof specOf>;
    expect(stored.actions[0]!.exec!.env[0]!.value).toBe('rotated-token');
    expect(stored.env[0]!.value).toBe('env-secret-1');
    expect(stored.on.webhook.authentication.basic.password).toEqual({ value: 'hook-pass-3' });

    // A new playbook cannot be made of another's masks.
    const copy = await call('POST', 'db/playbooks', 'editor@local', {
      name: `copy-${randomUUID()}`,
      spec: { ...read, on: { webhook: { ...read.on.webhook, path: `copy-${randomUUID()}` } } },
    });
    expect(copy.status).toBe(400);
    expect(copy.text).toContain('spec.env[GLOBAL].value holds the secret mask');
    // A script that merely prints asterisks is no secret and is stored as written.
    const stars = await call('POST', 'db/playbooks', 'editor@local', {
      name: `stars-${randomUUID()}`,
      spec: { actions: [{ name: 'a', exec: { script: 'echo "********"' } }] },
    });
    expect(stars.status, stars.text).toBe(201);
    // Put the original back for the other cases.
    await db.query('UPDATE playbooks SET spec = $2::jsonb WHERE id = $1', [
      playbookId,
      JSON.stringify(original),
    ]);
  });

  it('a webhook call runs as the webhook: its own credentials only, no person recorded', async () => {
    const hook = (headers: Record<string, string>) =>
      fetch(`${server.url}/api/playbook/webhook/${hookPath}`, { method: 'POST', headers });
    // A signed-in viewer (or anyone) without the webhook's credentials runs nothing.
    expect((await hook(basic('viewer@local'))).status).toBe(401);
    expect((await hook(basic('admin@local'))).status).toBe(401);
    // The masks a reader sees are not the credentials.
    expect((await hook(basic('********', '********'))).status).toBe(401);
    const ok = await hook(basic('hook-user-4', 'hook-pass-3'));
    expect(ok.status).toBe(200);
    const { run_id } = (await ok.json()) as { run_id: string };
    const { rows } = await db.query<{ created_by: string | null; request: { url: string } }>(
      'SELECT created_by, request FROM playbook_runs WHERE id = $1',
      [run_id],
    );
    expect(rows[0]!.created_by).toBeNull();
    expect(rows[0]!.request.url).toContain(`/api/playbook/webhook/${hookPath}`);
    expect(JSON.stringify(rows[0]!.request)).not.toMatch(/hook-pass-3|authorization/i);
  });

  it('webhook credentials come from a connection or a server variable through valueFrom', async () => {
    const connection = `hook-conn-${randomUUID()}`;
    const made = await call('POST', 'db/connections', 'admin@local', {
      name: connection,
      namespace: 'default',
      type: 'http',
      // An HTTP connection needs its url (the Connection contract, issue 32 §1).
      url: 'http://127.0.0.1:1',
      password: 'conn-pass',
      properties: { token: 'gh-conn-token' },
    });
    expect(made.status, made.text).toBe(201);
    const variable = `OPSDECK_WEBHOOK_TEST_${randomUUID().replaceAll('-', '_')}`;
    process.env[variable] = 'env-pass';
    const add = async (authentication: Record<string, unknown>) => {
      const path = `vf-${randomUUID()}`;
      const reply = await call('POST', 'db/playbooks', 'admin@local', {
        name: path,
        spec: {
          on: { webhook: { path, authentication } },
          actions: [{ name: 'a', exec: { script: 'true' } }],
        },
      });
      expect(reply.status, reply.text).toBe(201);
      return (headers: Record<string, string>, body = '{}') =>
        fetch(`${server.url}/api/playbook/webhook/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        }).then((response) => response.status);
    };
    const sign = (token: string, body: string) =>
      `sha256=${createHmac('sha256', token).update(body).digest('hex')}`;

    const github = await add({
      github: { token: { valueFrom: { secretKeyRef: { name: connection, key: 'token' } } } },
    });
    expect(await github({ 'x-hub-signature-256': sign('gh-conn-token', '{}') })).toBe(200);
    expect(await github({ 'x-hub-signature-256': sign('wrong', '{}') })).toBe(401);

    const fromConnection = await add({
      basic: { username: 'ci', password: { valueFrom: { connection } } },
    });
    expect(await fromConnection(basic('ci', 'conn-pass'))).toBe(200);
    expect(await fromConnection(basic('ci', 'other'))).toBe(401);

    const fromEnv = await add({
      basic: { username: 'ci', password: { valueFrom: { env: variable } } },
    });
    expect(await fromEnv(basic('ci', 'env-pass'))).toBe(200);
    expect(await fromEnv(basic('ci', 'wrong'))).toBe(401);

    // Only OPSDECK_WEBHOOK_ variables: never the server's own environment.
    process.env.NOT_A_WEBHOOK_VARIABLE = 'server-own';
    const serverOwn = await add({
      basic: { username: 'ci', password: { valueFrom: { env: 'NOT_A_WEBHOOK_VARIABLE' } } },
    });
    expect(await serverOwn(basic('ci', 'server-own'))).toBe(401);
    delete process.env.NOT_A_WEBHOOK_VARIABLE;
    delete process.env[variable];

    // Reading those specs shows the references, never a secret.
    const read = await call(
      'GET',
      `db/playbooks?select=spec&spec->on->webhook->>path=like.vf-*`,
      'viewer@local',
    );
    expect(read.text).toContain(connection);
    expect(read.text).not.toMatch(/conn-pass|gh-conn-token|env-pass/);
  });

  it('a script printing a literal secret stores the mask in its result', async () => {
    const created = await call('POST', 'db/playbooks', 'admin@local', {
      name: `printer-${randomUUID()}`,
      spec: {
        actions: [
          {
            name: 'print',
            exec: {
              script: 'echo "token=$TOKEN"',
              env: [{ name: 'TOKEN', value: 'printed-secret-10' }],
            },
          },
        ],
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.body as { id: string }[])[0]!.id;
    const run = await call('POST', 'playbook/run', 'admin@local', { id });
    const { run_id } = run.body as { run_id: string };
    const runner = new PlaybookRunner({ db, log: silentLogger, execEnabled: true });
    for (let n = 0; n < 20; n += 1) await runner.tick();
    const reply = await call(
      'GET',
      `db/playbook_run_actions?playbook_run_id=eq.${run_id}&select=status,result`,
      'viewer@local',
    );
    expect(reply.body).toEqual([
      expect.objectContaining({
        status: 'completed',
        result: expect.objectContaining({ stdout: 'token=********\n' }),
      }),
    ]);
    expect(reply.text).not.toContain('printed-secret-10');
  });

  it('maskSecrets shows a stored playbook or run as /api/db does', () => {
    for (const table of ['playbooks', 'playbook_runs']) {
      const masked = maskSecrets(table, { id: 'x', spec: original });
      expect(JSON.stringify(masked)).not.toMatch(LEAK);
      expect((masked.spec as ReturnType<typeof specOf>).actions[0]!.exec!.script).toBe(
        'echo deploying',
      );
    }
  });
});
