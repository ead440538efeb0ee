import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createApp } from '../../http/app.ts';
import { testDatabases } from '../../testing/databases.ts';

// Issue 18 #7: the summary's POST body is checked with @opsdeck/api-client's checkSummaryQuerySchema,
// the schema of the client's own call; a mismatch is a 400 naming the field, never a 500.
describe.each(testDatabases('one'))('the summary body on $engine', (target) => {
  let db: Database;
  let app: ReturnType<typeof createApp>;
  const post = (body: unknown) =>
    app.request('/api/canary/api/summary', {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'Content-Type': 'application/json' },
    });
  beforeAll(async () => {
    db = await target.open();
    app = createApp({ db, auth: 'disabled' });
  });
  afterAll(() => target.release());

  it('answers 400 {error, message} naming the field the schema refuses', async () => {
    for (const [body, field] of [
      [{ labels: { team: 1 } }, 'labels.team'],
      [{ labels: ['a'] }, 'labels'],
      [{ sortBy: 'latency' }, 'sortBy'],
      [{ deleteFrom: 42 }, 'deleteFrom'],
    ] as const) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const reply = (await response.json()) as { error: string; message: string };
      expect(reply.error).toBe('invalid');
      expect(reply.message, JSON.stringify(body)).toContain(`${field}:`);
    }
    const sorted = (await (await post({ sortBy: 'latency' })).json()) as { message: string };
    expect(sorted.message).toBe('sortBy: Invalid input (expected one of "name", "-name", "")');
    const late = await post({ deleteFrom: '10000-01-01T00:00:00Z' });
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ message: expect.stringContaining('deleteFrom') });
  });

  it('takes Go zero values (null, empty) as absent, and ignores fields it does not know', async () => {
    for (const body of [
      {},
      { labels: null, sortBy: '', deleteFrom: '' },
      { sortBy: null, deleteFrom: null, other: true },
      { labels: { team: 'payments' }, sortBy: '-name', deleteFrom: '2025-01-01T00:00:00Z' },
    ]) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(200);
      expect(await response.json()).toHaveProperty('checks_summary');
    }
  });
});
