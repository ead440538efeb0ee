// --playbook-runs N (the runs list benchmark's history): N more runs, finished ones only, so the
// runner started on such a database has nothing to pick up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { silentLogger } from '../../http/logging.ts';
import { freshPGlite } from '../../testing/databases.ts';
import { PlaybookRunner } from './runner.ts';

describe('a generated playbook run history', () => {
  let plain: Database;
  let generated: Database;
  // Now: the demo's own scheduled and sleeping runs are due later, so only generated ones could be due.
  const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const runs = async (db: Database) =>
    (
      await db.query<{ id: string; status: string; parent_id: string | null; created_at: string }>(
        'SELECT id, status, parent_id, created_at FROM playbook_runs ORDER BY id',
      )
    ).rows;

  beforeAll(async () => {
    [plain, generated] = await Promise.all([freshPGlite(), freshPGlite()]);
    await seedDemo(plain, { checks: 10, now });
    await seedDemo(generated, { checks: 10, now, playbookRuns: 400 });
  }, 60_000);
  afterAll(async () => {
    await plain?.close();
    await generated?.close();
  });

  it('adds that many finished runs over the last 90 days, one in twenty a child run', async () => {
    const before = new Set((await runs(plain)).map((run) => run.id));
    const added = (await runs(generated)).filter((run) => !before.has(run.id));
    expect(added).toHaveLength(400);
    for (const run of added) {
      expect(['completed', 'failed', 'cancelled', 'timed_out']).toContain(run.status);
      const age = now.getTime() - Date.parse(run.created_at);
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThanOrEqual(90 * 86_400_000);
    }
    expect(added.filter((run) => run.parent_id !== null)).toHaveLength(20);
    expect(new Set(added.map((run) => run.status)).size).toBeGreaterThan(1);
  });

  it('gives the runner nothing to run', async () => {
    const runner = new PlaybookRunner({ db: generated, log: silentLogger, execEnabled: false });
    expect(await runner.claim()).toBeUndefined();
  });
});
