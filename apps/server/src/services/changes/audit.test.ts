// The audit trail (issue 32 part 4): every write path leaves one audit row per statement, recorded
// as whoever asked for it, with the secrets a module declares masked as /api/db reads show them.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Configuration, FrontendApi } from '@ory/client-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { seedUuid } from '../../db/seed/random.ts';
import { silentLogger } from '../../http/logging.ts';
import { defineJob } from '../../jobs/definition.ts';
import { JobScheduler } from '../../jobs/scheduler.ts';
import { SECRET_MASK } from '../../postgrest/secretColumns.ts';
import { loadResources } from '../../resources/loader.ts';
import { testDatabases } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';
import { defineService } from '../defineService.ts';
import { CookieJar, csrf } from '../identity/identity.test.helper.ts';
import { defaultServiceRegistry, SERVICES } from '../list.ts';

type Role = 'admin' | 'editor' | 'viewer';
const personOf = (role: Role) => seedUuid(`opsdeck:person:${role}`);

interface AuditRow {
  actor: string;
  table_name: string;
  action: string;
  ids: string[] | null;
  before: Record<string, unknown>[] | null;
  after: Record<string, unknown>[] | null;
}

// Functions that write, called through /api/db/rpc: none of the server's own is declared so today,
// so this module declares two (one answering nothing, one answering the rows it wrote).
const writingRpc = defineService({
  name: 'audit-test',
  rpc: {
    audit_test_note: { object: 'database', readOnly: false },
    audit_test_notes: { object: 'database', readOnly: false },
  },
});

describe.each(testDatabases('one'))('the audit trail on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  let playbook: string;
  // The person the sign-up case makes, and their browser (signed in by the sign-up).
  const signUp = { email: 'audit-signup@example.org', id: '', jar: new CookieJar() };
  // The last audit row of the seed (the identity service's start writes after it).
  let seededThrough = 0;

  const send = async (method: string, path: string, body?: unknown, who: Role = 'admin') => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...basic(`${who}@local`) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  const lastAudit = async () =>
    (await db.query<{ id: number | null }>('SELECT max(id) AS id FROM audit_log')).rows[0]?.id ?? 0;
  const auditSince = async (since: number, table?: string) =>
    (
      await db.query<AuditRow>(
        `SELECT actor, table_name, action, ids, before, after FROM audit_log
         WHERE id > $1 AND ($2::text IS NULL OR table_name = $2) ORDER BY id`,
        [since, table ?? null],
      )
    ).rows;
  const sdk = (jar: CookieJar) =>
    new FrontendApi(
      new Configuration({
        basePath: `${server.url}/api/.ory`,
        fetchApi: jar.fetch,
        credentials: 'include',
      }),
    );

  beforeAll(async () => {
    db = await target.open();
    // As the CLI's first start seeds: in one transaction, a bulk load.
    await db.transaction((tx) =>
      seedDemo(tx, { checks: 5, now: new Date('2025-03-01T12:00:00Z') }),
    );
    seededThrough = await lastAudit();
    await db.exec(`
      CREATE FUNCTION public.audit_test_note(note text) RETURNS void LANGUAGE sql AS $$
        INSERT INTO properties (name, value) VALUES ('audit.rpc.void', note)
        ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value
      $$;
      CREATE FUNCTION public.audit_test_notes(note text) RETURNS SETOF properties LANGUAGE sql AS $$
        INSERT INTO properties (name, value) VALUES ('audit.rpc.rows', note)
        ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value RETURNING *
      $$;`);
    server = await startTestServer({ db, services: [...SERVICES, writingRpc] });
    await send('POST', '/api/db/playbooks', {
      name: 'audit-run-me',
      namespace: 'default',
      source: 'UI',
      spec: {
        env: [{ name: 'API_TOKEN', value: 'env-secret-value' }],
        actions: [
          {
            name: 'say',
            exec: { script: 'echo hi', env: [{ name: 'INNER', value: 'inner-secret-value' }] },
          },
        ],
      },
    });
    playbook = (
      await db.query<{ id: string }>(`SELECT id FROM playbooks WHERE name = 'audit-run-me'`)
    ).rows[0]!.id;
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  it('records a seed in a transaction as one bulk load: one audit row and one event per table', async () => {
    const { rows } = await db.query<{
      table_name: string;
      n: number;
      ids: string[] | null;
      row_count: number;
      actor: string;
    }>(
      `SELECT table_name, count(*)::int AS n, max(ids::text) AS ids, max(row_count) AS row_count,
              max(actor) AS actor
       FROM audit_log WHERE id <= $1 GROUP BY table_name ORDER BY table_name`,
      [seededThrough],
    );
    const byTable = new Map(rows.map((row) => [row.table_name, row]));
    for (const table of ['people', 'checks', 'config_items', 'playbooks', 'canaries'])
      expect(byTable.get(table), table).toMatchObject({ n: 1, ids: null, actor: 'system' });
    const checks = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM checks'))
      .rows[0]!;
    expect(byTable.get('checks')!.row_count).toBe(checks.n);
    // The stream tells the same: one insert per table, its keys not listed (reload the table).
    const { rows: events } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM opsdeck.change_events
       WHERE table_name = 'checks' AND action = 'insert' AND ids IS NULL`,
    );
    expect(events[0]!.n).toBe(1);
  });

  // Each way the server writes, what it writes, and who the audit must name.
  const paths: Array<{
    name: string;
    table: string;
    action: 'insert' | 'update' | 'delete';
    actor: () => string;
    write: () => Promise<unknown>;
  }> = [
    {
      name: '/api/db insert',
      table: 'properties',
      action: 'insert',
      actor: () => personOf('admin'),
      write: () => send('POST', '/api/db/properties', { name: 'audit.db', value: 'a' }),
    },
    {
      name: '/api/db update',
      table: 'properties',
      action: 'update',
      actor: () => personOf('admin'),
      write: () => send('PATCH', '/api/db/properties?name=eq.audit.db', { value: 'b' }),
    },
    {
      name: '/api/db delete',
      table: 'properties',
      action: 'delete',
      actor: () => personOf('admin'),
      write: () => send('DELETE', '/api/db/properties?name=eq.audit.db'),
    },
    {
      name: '/api/db rpc of a function that writes (answering nothing)',
      table: 'properties',
      action: 'insert',
      actor: () => personOf('editor'),
      write: () => send('POST', '/api/db/rpc/audit_test_note', { note: 'n' }, 'editor'),
    },
    {
      name: '/api/db rpc of a function that writes (answering its rows)',
      table: 'properties',
      action: 'insert',
      actor: () => personOf('editor'),
      write: () => send('POST', '/api/db/rpc/audit_test_notes', { note: 'n' }, 'editor'),
    },
    {
      name: 'a service route: a playbook run submitted',
      table: 'playbook_runs',
      action: 'insert',
      actor: () => personOf('editor'),
      write: () => send('POST', '/api/playbook/run', { id: playbook, params: {} }, 'editor'),
    },
    {
      name: 'a service route: configs deleted in bulk',
      table: 'config_items',
      action: 'update',
      actor: () => personOf('editor'),
      write: async () => {
        const { rows } = await db.query<{ id: string }>(
          'SELECT id FROM config_items WHERE deleted_at IS NULL ORDER BY id LIMIT 1',
        );
        return send(
          'POST',
          '/api/catalog/config-items/bulk-delete',
          { ids: [rows[0]!.id] },
          'editor',
        );
      },
    },
    {
      name: 'the GitOps loader',
      table: 'playbooks',
      action: 'insert',
      actor: () => 'system',
      write: async () => {
        const dir = await mkdtemp(join(tmpdir(), 'opsdeck-audit-'));
        try {
          await writeFile(
            join(dir, 'p.yaml'),
            'apiVersion: mission-control.flanksource.com/v1\nkind: Playbook\nmetadata:\n  name: audit-loaded\nspec:\n  actions:\n    - name: a\n      exec:\n        script: echo hi\n',
          );
          await loadResources(db, dir, defaultServiceRegistry().resourceKinds());
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
    },
    ...(['identity_identities', 'identity_credentials', 'people'] as const).map((table) => ({
      name: `the identity flows: a sign-up (${table})`,
      table,
      action: 'insert' as const,
      actor: () => signUp.id,
      write: async () => {
        if (signUp.id) return;
        const client = sdk(signUp.jar);
        const flow = await client.createBrowserRegistrationFlow({});
        const done = await client.updateRegistrationFlow({
          flow: flow.id,
          updateRegistrationFlowBody: {
            method: 'password',
            password: 'a-long-enough-password-1',
            csrf_token: csrf(flow),
            traits: { email: signUp.email, name: { first: 'Audit', last: 'Trail' } },
          },
        });
        signUp.id = done.identity.id;
      },
    })),
    {
      name: 'the identity flows: a password changed in settings',
      table: 'identity_credentials',
      action: 'update',
      actor: () => signUp.id,
      write: async () => {
        const client = sdk(signUp.jar);
        const flow = await client.createBrowserSettingsFlow();
        await client.updateSettingsFlow({
          flow: flow.id,
          updateSettingsFlowBody: {
            method: 'password',
            password: 'another-long-password-2',
            csrf_token: csrf(flow),
          },
        });
      },
    },
    {
      name: 'a job',
      table: 'properties',
      action: 'insert',
      actor: () => 'system',
      write: () =>
        new JobScheduler(
          [
            defineJob({
              name: 'audit-test-job',
              run: async (context) => {
                await context.transaction((tx) =>
                  tx.query("INSERT INTO properties (name, value) VALUES ('audit.job', 'x')"),
                );
              },
            }),
          ],
          { db, log: silentLogger, holder: 'audit-test', hostname: 'test-host' },
        ).tick(),
    },
  ];

  // The sign-up writes three tables in one statement: each case reads the same write.
  let signUpMark = 0;
  it.each(paths)('$name leaves one audit row, as its writer', async (path) => {
    const since = path.name.includes('sign-up') && signUp.id ? signUpMark : await lastAudit();
    if (path.name.includes('sign-up')) signUpMark = since;
    await path.write();
    const rows = await auditSince(since, path.table);
    expect(rows.map(({ table_name, action, actor }) => ({ table_name, action, actor }))).toEqual([
      { table_name: path.table, action: path.action, actor: path.actor() },
    ]);
    expect(path.actor()).toBeTruthy();
  });

  it('masks a playbook spec’s literal secrets in the audit, before and after, as reads do', async () => {
    const since = await lastAudit();
    const spec = {
      env: [
        { name: 'API_TOKEN', value: 'first-env-secret' },
        { name: 'FROM_SECRET', valueFrom: { secret: { name: 's', key: 'k' } } },
      ],
      actions: [
        {
          name: 'call',
          http: {
            url: 'https://user:url-password@example.org/x',
            headers: [{ name: 'X', value: 'header-secret' }],
          },
        },
      ],
    };
    await send('POST', '/api/db/playbooks', {
      name: 'audit-secrets',
      namespace: 'default',
      source: 'UI',
      spec,
    });
    await send('PATCH', '/api/db/playbooks?name=eq.audit-secrets', {
      spec: { ...spec, env: [{ name: 'API_TOKEN', value: 'second-env-secret' }] },
    });
    const rows = await auditSince(since, 'playbooks');
    expect(rows.map((row) => row.action)).toEqual(['insert', 'update']);
    const text = JSON.stringify(rows);
    for (const secret of ['first-env-secret', 'second-env-secret', 'url-password', 'header-secret'])
      expect(text).not.toContain(secret);
    // What /api/db reads show, where a reader of the audit looks for it.
    const read = (await send('GET', '/api/db/playbooks?name=eq.audit-secrets&select=spec')) as {
      spec: unknown;
    }[];
    expect(rows[1]!.after![0]!.spec).toEqual(read[0]!.spec);
    expect(rows[1]!.before![0]!.spec).toMatchObject({
      env: [{ name: 'API_TOKEN', value: SECRET_MASK }, { name: 'FROM_SECRET' }],
    });
  });

  it('masks the run’s copy of the spec in the audit of a submitted run', async () => {
    const since = await lastAudit();
    await send('POST', '/api/playbook/run', { id: playbook, params: {} });
    const rows = await auditSince(since, 'playbook_runs');
    expect(rows).toHaveLength(1);
    const text = JSON.stringify(rows);
    expect(text).not.toContain('env-secret-value');
    expect(text).not.toContain('inner-secret-value');
    expect(rows[0]!.after![0]!.spec).toMatchObject({ env: [{ value: SECRET_MASK }] });
  });

  it('masks a connection’s sealed columns and keys in the audit, not only those named like a secret', async () => {
    const since = await lastAudit();
    await send('POST', '/api/db/connections', {
      name: 'audit-conn',
      type: 'http',
      url: 'http://127.0.0.1:1',
      password: 'conn-password',
      properties: {
        apiKey: 'conn-api-key',
        webhook: 'https://hooks.example.org/abc',
        region: 'eu',
      },
    });
    const stored = (
      await db.query<{ password: string; properties: Record<string, string> }>(
        `SELECT password, properties FROM connections WHERE name = 'audit-conn'`,
      )
    ).rows[0]!;
    const rows = await auditSince(since, 'connections');
    expect(rows).toHaveLength(1);
    const text = JSON.stringify(rows);
    for (const secret of [
      'conn-password',
      'conn-api-key',
      'hooks.example.org',
      stored.password,
      stored.properties.apiKey!,
      stored.properties.webhook!,
    ])
      expect(text).not.toContain(secret);
    expect(rows[0]!.after![0]).toMatchObject({
      password: SECRET_MASK,
      properties: { apiKey: SECRET_MASK, webhook: SECRET_MASK, region: 'eu' },
    });
  });
});
