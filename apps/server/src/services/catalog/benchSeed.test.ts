import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { testDatabases } from '../../testing/databases.ts';

interface Related {
  id: string;
  name: string;
  type: string;
  related_ids: string[];
}

// The generated catalog's hub (--configs from 10k on): the relationships page's 2,000-node case.
describe.each(testDatabases('one'))('the generated catalog on $engine', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
    await seedDemo(db, { checks: 0, configs: 10_000, now: new Date('2026-11-01T12:00:00Z') });
  }, 120_000);
  afterAll(() => target.release());

  it('has a node related to 2,000 of its pods, besides the configs it was asked for', async () => {
    const { rows: generated } = await db.query<{ count: string }>(
      "SELECT count(*) FROM config_items WHERE labels->>'bench' = 'true'",
    );
    // The cluster, its namespaces and leaves are the 10,000 asked for; the hub is one more.
    expect(Number(generated[0]!.count)).toBe(10_001);
    const { rows: hubs } = await db.query<{ id: string; type: string }>(
      "SELECT id, type FROM config_items WHERE name = 'bench-hub-node'",
    );
    expect(hubs).toEqual([{ id: expect.any(String), type: 'Kubernetes::Node' }]);

    const { rows } = await db.query<Related>(
      "SELECT id, name, type, related_ids FROM related_configs_recursive($1, 'outgoing', false, 10, 'both', 'both')",
      [hubs[0]!.id],
    );
    const pods = rows.filter((row) => row.related_ids.includes(hubs[0]!.id));
    expect(pods).toHaveLength(2_000);
    expect(new Set(pods.map((row) => row.type))).toEqual(new Set(['Kubernetes::Pod']));
    // The hub, its cluster (a parent) and its pods.
    expect(rows).toHaveLength(2_002);
    // Hard relationships only (the page's default): the pods are not the hub's children.
    const { rows: hard } = await db.query<Related>(
      "SELECT id FROM related_configs_recursive($1, 'outgoing', false, 10, 'hard', 'hard')",
      [hubs[0]!.id],
    );
    expect(hard.length).toBeLessThan(3);
  });
});
