// /api/db/integrations_with_status (reference §6 "Integrations", issue 36): scrapers, topologies and
// log backends in one paged list with their newest job run, their last failure, agent and creator;
// read on integrations.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { testDatabases } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';

interface Row {
  id: string;
  name: string;
  integration_type: string;
  description: string;
  job_status: string | null;
  job_success_count: number | null;
  job_last_failed: string | null;
  agent: { id: string; name: string } | null;
  creator_name: string | null;
}

describe.each(testDatabases('one'))('integrations_with_status on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  const scraper = randomUUID();

  const list = async (query: string, who = 'admin@local') => {
    const response = await fetch(`${server.url}/api/db/integrations_with_status?${query}`, {
      headers: { ...basic(who), Prefer: 'count=exact' },
    });
    const text = await response.text();
    return {
      status: response.status,
      range: response.headers.get('content-range'),
      rows: response.ok ? (JSON.parse(text) as Row[]) : [],
    };
  };

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 2 });
    server = await startTestServer({ db });
    const { rows } = await db.query<{ id: string }>(
      `SELECT person_id AS id FROM opsdeck.person_roles WHERE role = 'admin' LIMIT 1`,
    );
    await db.query(
      `INSERT INTO config_scrapers (id, name, namespace, spec, source, created_by, agent_id)
       VALUES ($1, 'integration-probe', 'default', '{}'::jsonb, 'UI', $2,
               (SELECT id FROM agents ORDER BY name LIMIT 1))`,
      [scraper, rows[0]!.id],
    );
    for (const [status, minutes] of [
      ['FAILED', 30],
      ['SUCCESS', 5],
    ] as const)
      await db.query(
        `INSERT INTO job_history (name, resource_type, resource_id, status, success_count,
           error_count, time_start, created_at)
         VALUES ('ScrapeConfig', 'config_scraper', $1, $2, 12, 0,
                 now() - make_interval(mins => $3), now() - make_interval(mins => $3))`,
        [scraper, status, minutes],
      );
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  it('holds every kind, each with its newest run, last failure, agent and creator', async () => {
    const { status, rows } = await list(
      'select=*&deleted_at=is.null&order=created_at.desc&limit=500',
    );
    expect([200, 206]).toContain(status);
    expect(new Set(rows.map((row) => row.integration_type))).toEqual(
      new Set(['scrapers', 'topologies', 'logging_backends']),
    );
    const probe = rows.find((row) => row.id === scraper)!;
    expect(probe).toMatchObject({
      integration_type: 'scrapers',
      job_status: 'SUCCESS',
      job_success_count: 12,
      agent: { name: expect.any(String) },
      creator_name: expect.any(String),
    });
    expect(probe.job_last_failed).not.toBeNull();
    const backend = rows.find((row) => row.integration_type === 'logging_backends')!;
    expect(backend).toMatchObject({ description: '', agent: null });
  });

  it('pages with an exact count, and reads one row by id', async () => {
    const page = await list('select=*&deleted_at=is.null&order=created_at.desc&limit=1&offset=1');
    expect(page.rows).toHaveLength(1);
    expect(page.range).toMatch(/^1-1\/\d+$/);
    const one = await list(`select=*&id=eq.${scraper}`);
    expect(one.rows.map((row) => row.name)).toEqual(['integration-probe']);
  });

  it('is read on integrations: guests are refused', async () => {
    expect((await list('select=id&limit=1', 'guest@local')).status).toBe(403);
    expect([200, 206]).toContain((await list('select=id&limit=1', 'editor@local')).status);
  });
});
