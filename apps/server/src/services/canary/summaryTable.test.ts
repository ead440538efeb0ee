import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { testDatabases } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';
import { summaryResponseText } from './summary.ts';
import { createSummaryTable } from './summaryTable.ts';

type Summary = { checks_summary: { id: string; name: string; labels?: Record<string, string> }[] };
const checksOf = (text: string) => (JSON.parse(text) as Summary).checks_summary;

// HTTP and service logic over plain SQL: one engine (src/testing/databases.ts).
const engines = testDatabases('one');

describe.each(engines)('summary served from opsdeck.summary_rows on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  beforeAll(async () => {
    db = await target.openSeeded({ checks: 40 });
    server = await startTestServer({
      db,
      auth: 'basic',
      summaryStaleMillis: 60_000,
      // As the CLI runs it: replies are reused for 5 s unless a write through this server changed them.
      summaryCacheMillis: 5000,
    });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  const summary = async (init?: RequestInit) => {
    const response = await fetch(`${server.url}/api/canary/api/summary`, {
      ...init,
      headers: { ...basic('admin@local'), 'Content-Type': 'application/json', ...init?.headers },
    });
    expect(response.status).toBe(200);
    return checksOf(await response.text());
  };

  it('answers exactly what check_summary computes, for every query shape', async () => {
    expect(await summary()).toEqual(checksOf(await summaryResponseText(db)));
    const critical = { labels: { critical: 'true' }, sortBy: '-name' as const };
    const filtered = await summary({ method: 'POST', body: JSON.stringify(critical) });
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered).toEqual(checksOf(await summaryResponseText(db, critical)));
  });

  it('sends a cached summary gzipped to a client that accepts it, and as it is to one that does not', async () => {
    const raw = (acceptEncoding?: string) =>
      new Promise<{ encoding?: string; vary?: string; body: Buffer }>((resolve, reject) => {
        const headers = {
          ...basic('admin@local'),
          ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}),
        };
        request(`${server.url}/api/canary/api/summary`, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              encoding: response.headers['content-encoding'],
              vary: response.headers.vary,
              body: Buffer.concat(chunks),
            }),
          );
        })
          .on('error', reject)
          .end();
      });
    const plain = await raw();
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.byteLength).toBeGreaterThan(16 * 1024);
    const zipped = await raw('gzip, deflate, br');
    expect(zipped.encoding).toBe('gzip');
    expect(zipped.vary).toBe('Accept-Encoding');
    expect(zipped.body.byteLength).toBeLessThan(plain.body.byteLength / 4);
    expect(checksOf(gunzipSync(zipped.body).toString('utf8'))).toEqual(
      checksOf(plain.body.toString('utf8')),
    );
  });

  it('shows a change made through /api/db in the very next summary', async () => {
    const [first] = await summary();
    const response = await fetch(`${server.url}/api/db/checks?id=eq.${first!.id}`, {
      method: 'PATCH',
      headers: {
        ...basic('admin@local'),
        'Content-Type': 'application/json',
        Prefer: 'return=minimal',
      },
      body: JSON.stringify({ name: 'zzz-renamed' }),
    });
    expect(response.status).toBeLessThan(300);
    const after = await summary();
    expect(after.find((check) => check.id === first!.id)?.name).toBe('zzz-renamed');
    expect(after.at(-1)?.id).toBe(first!.id);
  });

  it('refreshes one check after it runs, and a whole refresh keeps writes made meanwhile dirty', async () => {
    const table = createSummaryTable(db, { staleMillis: 60_000 });
    await table.refreshAll();
    await db.query(
      `UPDATE checks SET name = 'aaa-direct' WHERE id = (SELECT id FROM checks ORDER BY name DESC LIMIT 1)`,
    );
    // Written behind the table's back and not marked: still the refreshed text...
    expect(checksOf(await table.responseText()).some((check) => check.name === 'aaa-direct')).toBe(
      false,
    );
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM checks WHERE name = 'aaa-direct'`,
    );
    await table.refreshCheck(rows[0]!.id);
    // ...until that check is refreshed (as after Run Now), or the table is marked dirty.
    expect(checksOf(await table.responseText())[0]?.name).toBe('aaa-direct');
    await table.markDirty();
    await db.query(`UPDATE checks SET name = 'aab-direct' WHERE id = $1`, [rows[0]!.id]);
    expect(checksOf(await table.responseText())[0]?.name).toBe('aab-direct');
  });
});
