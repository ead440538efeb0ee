// Issue 35 (Server): the schema resources' writes through /api/db — canaries, topologies,
// config_scrapers, teams, incident_rules, logging_backends — on PGlite and PostgreSQL: created_by is
// the writer whatever the body says, an update is merged with the stored record, deletion is soft,
// the role matrix holds per object, a spec its contract refuses is a 400 naming the path (the
// stored one kept), and a record of another source (a resource file, Kubernetes) refuses edits.
import { randomUUID } from 'node:crypto';
import {
  canaryContract,
  incidentRuleContract,
  loggingBackendContract,
  scrapeConfigContract,
  teamContract,
  topologyContract,
  type Contract,
} from '@opsdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../auth/user.ts';
import type { Database } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';

interface Table {
  table: string;
  contract: Contract<unknown>;
  namespaced: boolean;
  valid: Record<string, unknown>;
  changed: Record<string, unknown>;
  invalid: Record<string, unknown>;
  /** The role that may write it (the least one). */
  writer: 'editor' | 'admin';
  /** Roles refused a write. */
  refused: string[];
}

const tables: Table[] = [
  {
    table: 'canaries',
    contract: canaryContract as Contract<unknown>,
    namespaced: true,
    valid: { http: [{ name: 'up', url: 'http://127.0.0.1:1/' }] },
    changed: { schedule: '@every 5m', tcp: [{ name: 'db', endpoint: '127.0.0.1:1' }] },
    invalid: { http: [{ name: 'up' }] },
    writer: 'editor',
    refused: ['viewer', 'commander', 'guest'],
  },
  {
    table: 'topologies',
    contract: topologyContract as Contract<unknown>,
    namespaced: true,
    valid: { components: [{ name: 'api', type: 'service' }] },
    changed: { schedule: '@every 10m', components: [{ name: 'web', type: 'service' }] },
    invalid: { components: [{ name: 'a', lookup: { http: [{ display: { expr: 'x' } }] } }] },
    writer: 'editor',
    refused: ['viewer', 'commander', 'guest'],
  },
  {
    table: 'config_scrapers',
    contract: scrapeConfigContract as Contract<unknown>,
    namespaced: true,
    valid: { kubernetes: [{ clusterName: 'prod' }] },
    changed: { kubernetes: [{ clusterName: 'staging' }] },
    invalid: { kubernetes: [{}] },
    writer: 'editor',
    refused: ['viewer', 'commander', 'guest'],
  },
  {
    table: 'teams',
    contract: teamContract as Contract<unknown>,
    namespaced: false,
    valid: {},
    changed: { displayName: 'Site reliability' },
    invalid: { members: [''] },
    // A team's members decide who approves playbook runs: below admin, nobody changes teams.
    writer: 'admin',
    refused: ['viewer', 'editor', 'commander', 'guest'],
  },
  {
    table: 'incident_rules',
    contract: incidentRuleContract as Contract<unknown>,
    namespaced: false,
    valid: { priority: 1, filter: { status: ['unhealthy'] } },
    changed: { priority: 2, filter: { status: ['warning'] } },
    invalid: { priority: 'first' },
    // The reference's object for incident_rules is `incident`, which responders write too.
    writer: 'editor',
    refused: ['viewer', 'guest'],
  },
  {
    table: 'logging_backends',
    contract: loggingBackendContract as Contract<unknown>,
    namespaced: false,
    valid: { loki: { url: 'http://loki:3100' } },
    changed: { loki: { url: 'http://loki:3101' } },
    invalid: { loki: {} },
    writer: 'editor',
    refused: ['viewer', 'commander', 'guest'],
  },
];

const roles = ['admin', 'editor', 'viewer', 'commander', 'guest'] as const;
const users = Object.fromEntries(
  roles.map((role) => [
    role,
    { id: randomUUID(), name: `Writes ${role}`, roles: [role], permissions: [] } as AuthUser,
  ]),
) as Record<(typeof roles)[number], AuthUser>;

describe.each(testDatabases('one'))('schema resource writes on $engine', (target) => {
  let db: Database;
  let server: TestServer;

  beforeAll(async () => {
    db = await target.open();
    for (const user of Object.values(users))
      await db.query('INSERT INTO people (id, name, email) VALUES ($1, $2, $3)', [
        user.id,
        user.name,
        `${user.id}@local`,
      ]);
    server = await startTestServer({
      db,
      resolvers: [
        async (request) => users[request.headers.get('x-test-role') as (typeof roles)[number]],
      ],
    });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  const as = async (role: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}/api/db/${path}`, {
      method,
      headers: {
        'x-test-role': role,
        'content-type': 'application/json',
        prefer: 'return=representation',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const stored = async (table: string, id: string) =>
    (await db.query<Record<string, unknown>>(`SELECT * FROM ${table} WHERE id = $1`, [id]))
      .rows[0]!;

  it.each(tables)(
    '$table: the role matrix, created_by, a merged update, a refused spec and a soft delete',
    async (t) => {
      const name = `w-${randomUUID().slice(0, 8)}`;
      const row = {
        name,
        ...(t.namespaced ? { namespace: 'default' } : {}),
        spec: t.valid,
        created_by: users.viewer.id,
      };
      for (const role of t.refused)
        expect((await as(role, 'POST', t.table, row)).status, `${role} may not write`).toBe(403);

      const created = await as(t.writer, 'POST', t.table, row);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = (created.body as { id: string }[])[0]!.id;
      // The server says who made it, not the body.
      expect((await stored(t.table, id)).created_by).toBe(users[t.writer].id);

      // An update names only what changes; the rest of the record stays.
      const patched = await as(t.writer, 'PATCH', `${t.table}?id=eq.${id}`, { spec: t.changed });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      expect(await stored(t.table, id)).toMatchObject({
        name,
        spec: t.changed,
        created_by: users[t.writer].id,
        deleted_at: null,
      });

      // A spec the contract refuses: 400 naming its first problem's path; the stored spec stays.
      const verdict = t.contract.validate(t.invalid);
      expect(verdict.ok).toBe(false);
      const issue = !verdict.ok ? verdict.issues[0]! : { path: '', message: '' };
      const refused = await as(t.writer, 'PATCH', `${t.table}?id=eq.${id}`, { spec: t.invalid });
      expect(refused.status).toBe(400);
      expect((refused.body as { message: string }).message).toContain(
        `spec.${issue.path}: ${issue.message}`,
      );
      expect((await stored(t.table, id)).spec).toEqual(t.changed);

      // Deleted softly, as the console deletes: the record stays, out of the lists.
      const deleted = await as(t.writer, 'PATCH', `${t.table}?id=eq.${id}`, {
        deleted_at: new Date().toISOString(),
      });
      expect(deleted.status).toBe(200);
      expect((await stored(t.table, id)).deleted_at).not.toBeNull();
      const listed = await as(
        t.writer,
        'GET',
        `${t.table}?select=id&deleted_at=is.null&id=eq.${id}`,
      );
      expect(listed.body).toEqual([]);
    },
  );

  it.each(tables)(
    '$table: a record of another source refuses edits, for an admin too',
    async (t) => {
      const name = `src-${randomUUID().slice(0, 8)}`;
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO ${t.table} (name, spec, source) VALUES ($1, $2::jsonb, 'KubernetesCRD') RETURNING id`,
        [name, JSON.stringify(t.valid)],
      );
      const id = rows[0]!.id;
      const edit = await as('admin', 'PATCH', `${t.table}?id=eq.${id}`, { spec: t.changed });
      expect(edit.status).toBe(409);
      expect((edit.body as { message: string }).message).toMatch(
        / was not created through the API \(source KubernetesCRD\) and cannot be modified: change its Kubernetes resource$/,
      );
      const removal = await as('admin', 'PATCH', `${t.table}?id=eq.${id}`, {
        deleted_at: new Date().toISOString(),
      });
      expect(removal.status).toBe(409);
      expect(await stored(t.table, id)).toMatchObject({ spec: t.valid, deleted_at: null });
      // Nor may a record written through the API claim another source.
      const claim = await as('admin', 'POST', t.table, {
        name: `${name}-x`,
        spec: t.valid,
        source: 'ConfigFile',
      });
      expect(claim.status).toBe(400);
    },
  );
});
