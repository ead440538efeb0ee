// The administrator's tables through /api/db (issue 37): permissions (and their summary), properties,
// the event queue and job history under the role matrix; what only the server writes is read-only
// for everyone, admins included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { testDatabases } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';

describe.each(testDatabases('one'))('admin tables through /api/db on $engine', (target) => {
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

  const request = (who: string, path: string, init: RequestInit = {}) =>
    fetch(`${server.url}/api/db/${path}`, {
      ...init,
      headers: {
        ...basic(`${who}@local`),
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      },
    });

  it('reads by the role matrix: every role but guest, with counts', async () => {
    for (const path of [
      'permissions_summary?select=*,created_by(id,name)&order=created_at.desc&limit=50',
      'permissions?select=id,action',
      'properties?select=*,created_by(id,name,avatar,email)',
      'event_queue_summary?order=last_failure.desc',
      'job_histories?select=*&limit=150&order=created_at.desc',
      'job_history_names?order=name.asc',
      'job_history_summary?select=*&order=last_run_at.desc',
    ]) {
      for (const who of ['admin', 'editor', 'viewer', 'responder']) {
        const response = await request(who, path);
        expect(response.status, `${who} ${path}`).toBe(200);
      }
      expect((await request('guest', path)).status, `guest ${path}`).toBe(403);
    }
  });

  it('names a permission’s subject and object in permissions_summary, deleted rows left out', async () => {
    const rows = (await (
      await request(
        'admin',
        'permissions_summary?select=name,team,person,subject_type&name=eq.platform-read-catalog',
      )
    ).json()) as { team: { name: string } | null }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]?.team?.name).toEqual(expect.any(String));
    await db.query(
      `UPDATE permissions SET deleted_at = now() WHERE name = 'platform-read-catalog'`,
    );
    const after = (await (
      await request('admin', 'permissions_summary?name=eq.platform-read-catalog')
    ).json()) as unknown[];
    expect(after).toEqual([]);
  });

  it('summarises job history per job name', async () => {
    const rows = (await (await request('viewer', 'job_history_summary')).json()) as {
      name: string;
      total: number;
    }[];
    const { rows: names } = await db.query<{ name: string; total: string }>(
      'SELECT name, count(*) AS total FROM job_history GROUP BY name',
    );
    expect(rows.length).toBe(names.length);
    for (const { name, total } of names)
      expect(Number(rows.find((row) => row.name === name)?.total)).toBe(Number(total));
  });

  it('leaves job_history and event_queue to the server: a write is a 403 for every role', async () => {
    for (const who of ['admin', 'editor']) {
      for (const [table, body] of [
        ['job_history', { name: 'forged', status: 'SUCCESS' }],
        ['event_queue', { name: 'forged', properties: {} }],
      ] as const) {
        const response = await request(who, table, { method: 'POST', body: JSON.stringify(body) });
        expect(response.status, `${who} ${table}`).toBe(403);
      }
      const cleared = await request(who, 'event_queue?id=not.is.null', { method: 'DELETE' });
      expect(cleared.status, who).toBe(403);
    }
    expect((await db.query('SELECT 1 FROM event_queue')).rows.length).toBeGreaterThan(0);
  });

  it('writes feature flags for editors and admins only; permissions below admin only within one’s rights', async () => {
    const flag = await request('editor', 'properties', {
      method: 'POST',
      body: JSON.stringify({ name: 'agents.disable', value: 'true' }),
    });
    expect(flag.status).toBe(201);
    for (const who of ['viewer', 'responder', 'guest']) {
      const refused = await request(who, 'properties', {
        method: 'POST',
        body: JSON.stringify({ name: `${who}.flag`, value: 'true' }),
      });
      expect(refused.status, who).toBe(403);
      const permission = await request(who, 'permissions', {
        method: 'POST',
        body: JSON.stringify({
          name: `${who}-grant`,
          action: 'read',
          object: 'connection',
          subject_type: 'person',
          subject: 'x',
        }),
      });
      expect(permission.status, who).toBe(403);
    }
    expect(
      (await request('admin', 'properties?name=eq.agents.disable', { method: 'DELETE' })).status,
    ).toBe(200);
  });
  it('gives a property its source: UI through the API, and a row from the configuration file is read-only', async () => {
    const created = await request('admin', 'properties', {
      method: 'POST',
      body: JSON.stringify({ name: 'source.test.flag', value: 'true' }),
    });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { source: string }[])[0]?.source).toBe('UI');
    const forged = await request('admin', 'properties', {
      method: 'POST',
      body: JSON.stringify({ name: 'source.forged', value: 'true', source: 'ConfigFile' }),
    });
    expect(forged.status).toBe(400);
    // The demo's flags come from the console, its retention from the configuration file.
    const seeded = (await (
      await request('admin', 'properties?select=name,source&order=name.asc')
    ).json()) as { name: string; source: string }[];
    expect(seeded).toEqual(
      expect.arrayContaining([
        { name: 'logs.disable', source: 'UI' },
        { name: 'check.retention.days', source: 'ConfigFile' },
      ]),
    );
    for (const init of [
      { method: 'PATCH', body: JSON.stringify({ value: '1' }) },
      { method: 'DELETE' },
    ]) {
      const refused = await request('admin', 'properties?name=eq.check.retention.days', init);
      expect(refused.status, init.method).toBe(409);
      expect(((await refused.json()) as { message: string }).message).toContain(
        'source ConfigFile',
      );
    }
    const upsert = await fetch(`${server.url}/api/db/properties`, {
      method: 'POST',
      headers: {
        ...basic('admin@local'),
        'Content-Type': 'application/json',
        Prefer: 'resolution=merge-duplicates',
      },
      body: JSON.stringify({ name: 'check.retention.days', value: '1' }),
    });
    expect(upsert.status).toBe(409);
    const { rows } = await db.query(
      `SELECT value, source FROM properties WHERE name = 'check.retention.days'`,
    );
    expect(rows).toEqual([{ value: '30', source: 'ConfigFile' }]);
    // A UI row changes as before.
    expect(
      (
        await request('admin', 'properties?name=eq.source.test.flag', {
          method: 'PATCH',
          body: JSON.stringify({ value: 'false' }),
        })
      ).status,
    ).toBe(200);
  });
  it('answers job_histories as the reference does: job_history.*, resource_name and agent {id, name}', async () => {
    const response = await request(
      'viewer',
      'job_histories?select=*&limit=150&order=created_at.desc',
    );
    expect(response.status).toBe(200);
    const rows = (await response.json()) as (Record<string, unknown> & {
      agent_id: string;
      agent: { id: string; name: string } | null;
    })[];
    expect(rows.length).toBeGreaterThan(0);
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [
        'id',
        'agent_id',
        'name',
        'success_count',
        'error_count',
        'details',
        'hostname',
        'duration_millis',
        'resource_type',
        'resource_id',
        'status',
        'time_start',
        'time_end',
        'created_at',
        'is_pushed',
        'resource_name',
        'agent',
      ].sort(),
    );
    for (const row of rows) {
      expect(row.agent?.id).toBe(row.agent_id);
      expect(typeof row.agent?.name).toBe('string');
      expect(row.is_pushed).toBe(false);
    }
    // A run of this server's own jobs carries the local agent: the nil uuid, "local".
    await db.query(
      `INSERT INTO job_history (name, status, resource_type, created_at)
       VALUES ('AgentShapeProbe', 'SUCCESS', 'canary', now())`,
    );
    const local = (await (
      await request('viewer', 'job_histories?select=name,agent&name=eq.AgentShapeProbe')
    ).json()) as unknown[];
    expect(local).toEqual([
      {
        name: 'AgentShapeProbe',
        agent: { id: '00000000-0000-0000-0000-000000000000', name: 'local' },
      },
    ]);
  });
});
