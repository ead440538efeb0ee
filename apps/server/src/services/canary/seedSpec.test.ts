import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canaryContract } from '@opsdeck/contracts';
import type { Database } from '../../db/database.ts';
import { testDatabases } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';

// Issue 35: a seeded canary's spec lists its checks, so the editor opening one and saving it
// unchanged (PATCH with the spec it read) keeps every check instead of deleting them softly.
// HTTP and service logic over plain SQL: one engine (src/testing/databases.ts).
const engines = testDatabases('one');

describe.each(engines)('the demo canaries describe their checks on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  beforeAll(async () => {
    db = await target.openSeeded({ checks: 40 });
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  const liveChecks = async (canaryId: string) =>
    (
      await db.query<{ id: string; name: string; type: string; labels: unknown }>(
        `SELECT id, name, type, labels FROM checks
         WHERE canary_id = $1 AND deleted_at IS NULL ORDER BY id`,
        [canaryId],
      )
    ).rows;

  it('every seeded canary spec passes the Canary contract and names each of its checks', async () => {
    const { rows } = await db.query<{ id: string; spec: Record<string, unknown> }>(
      'SELECT id, spec FROM canaries WHERE deleted_at IS NULL ORDER BY id',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const canary of rows) {
      const verdict = canaryContract.validate(canary.spec);
      expect(verdict.ok ? [] : verdict.issues).toEqual([]);
      const listed = Object.entries(canary.spec).flatMap(([type, entries]) =>
        Array.isArray(entries)
          ? entries.map((entry) => `${type}/${(entry as { name: string }).name}`)
          : [],
      );
      const checks = await liveChecks(canary.id);
      expect(listed.sort()).toEqual(checks.map((check) => `${check.type}/${check.name}`).sort());
    }
  });

  it('saving a seeded canary through /api/db with only its schedule changed keeps its checks', async () => {
    const headers = { ...basic('admin@local'), 'content-type': 'application/json' };
    const { rows } = await db.query<{ id: string }>(
      'SELECT id FROM canaries WHERE deleted_at IS NULL ORDER BY id LIMIT 3',
    );
    for (const { id } of rows) {
      const before = await liveChecks(id);
      expect(before.length).toBeGreaterThan(0);
      const read = await fetch(`${server.url}/api/db/canaries?id=eq.${id}&select=name,spec`, {
        headers,
      });
      const [canary] = (await read.json()) as { name: string; spec: Record<string, unknown> }[];
      // What the editor sends when only the schedule was touched: the spec it opened, plus that.
      const saved = await fetch(`${server.url}/api/db/canaries?id=eq.${id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ spec: { ...canary!.spec, schedule: '@every 5m' } }),
      });
      expect(saved.status, await saved.text()).toBeLessThan(300);
      expect(await liveChecks(id)).toEqual(before);
    }
  });
});
