// POST /api/resources/search on the demo estate (reference §7), as the run modal's resource
// selector and the config/component/check parameters send it: one selector of one kind, agent all,
// the typed text as a name prefix; empty lists left out; bad input a 400, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { seededPGlite } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';

type SearchItem = Record<string, unknown> & { id: string; name: string; type?: string };
type SearchReply = Record<string, SearchItem[]> & { message?: string };

describe('POST /api/resources/search', () => {
  let db: Database;
  let server: TestServer;
  let check: { id: string; name: string };

  beforeAll(async () => {
    db = await seededPGlite({ checks: 30 });
    server = await startTestServer({ db });
    check = (
      await db.query<{ id: string; name: string }>(
        'SELECT id, name FROM checks WHERE deleted_at IS NULL ORDER BY name LIMIT 1',
      )
    ).rows[0]!;
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  const search = async (body: unknown, who: string | null = 'viewer@local') => {
    const response = await fetch(`${server.url}/api/resources/search`, {
      method: 'POST',
      headers: { ...(who ? basic(who) : {}), 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as SearchReply };
  };

  it('finds checks by a typed name prefix, with the item fields of the reference', async () => {
    const prefix = check.name.slice(0, 5);
    const { status, body } = await search({ checks: [{ search: prefix, agent: 'all' }] });
    expect(status).toBe(200);
    expect(body.checks!.length).toBeGreaterThan(0);
    expect(body.checks!.every((item) => item.name.startsWith(prefix))).toBe(true);
    const found = body.checks!.find((item) => item.id === check.id)!;
    expect(found).toMatchObject({ id: check.id, name: check.name });
    expect(['healthy', 'unhealthy']).toContain(found.health);
    expect(found).not.toHaveProperty('labels');
    // Empty lists are left out.
    expect(Object.keys(body)).toEqual(['checks']);
  });

  it('matches configs by type and a wildcard name, and honours the limit', async () => {
    const { body } = await search({
      limit: 2,
      configs: [{ name: '*', types: ['Kubernetes::Deployment'], agent: 'all' }],
    });
    expect(body.configs).toHaveLength(2);
    for (const item of body.configs!) expect(item.type).toBe('Kubernetes::Deployment');
  });

  it('finds nothing for a selector with no field, and nothing for a name no row has', async () => {
    expect((await search({ components: [{}] })).body).toEqual({});
    expect((await search({ checks: [{ search: 'no-such-check-%_', agent: 'all' }] })).body).toEqual(
      {},
    );
  });

  it('answers bad input with 400 {error, message} and an anonymous caller with 401', async () => {
    const tooMany = await search({ limit: 1001, checks: [{ name: '*' }] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('limit');
    const notAList = await search({ checks: 'api' });
    expect(notAList.status).toBe(400);
    expect(notAList.body).toHaveProperty('error');
    expect((await search('{', 'viewer@local')).status).toBe(400);
    expect((await search({ checks: [{ name: '*' }] }, null)).status).toBe(401);
  });
});
