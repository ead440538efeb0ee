import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGliteDatabase } from '../db/database.ts';
import { newPGlite } from '../testing/databases.ts';
import { createApp } from '../http/app.ts';
import { startServer } from '../server.ts';
import { getSelfOrigin } from './canary/runner.ts';
import { defineService } from './defineService.ts';

describe('service jobs', () => {
  let db: PGliteDatabase;
  beforeAll(async () => {
    db = await newPGlite('bare');
  });
  afterAll(() => db.close());

  it('start only when the server asks, with the module’s state, and stop in reverse order', async () => {
    const events: string[] = [];
    const worker = (name: string) =>
      defineService({
        name,
        setup: () => ({ label: `${name}-state` }),
        jobs: (_context, state) => {
          events.push(`start ${state.label}`);
          return {
            stop: async () => {
              events.push(`stop ${name}`);
            },
          };
        },
      });
    const app = createApp({ db, auth: 'disabled', services: [worker('first'), worker('second')] });
    // Building the app (as every test does) starts nothing.
    expect(events).toEqual([]);
    const jobs = app.startJobs();
    expect(events).toEqual(['start first-state', 'start second-state']);
    await jobs.stop();
    expect(events.slice(2)).toEqual(['stop second', 'stop first']);
  });

  it('none run when the app proxies another backend', () => {
    let started = false;
    const service = defineService({
      name: 'worker',
      jobs: () => {
        started = true;
        return { stop: async () => undefined };
      },
    });
    const app = createApp({ db, backendUrl: 'http://127.0.0.1:9', services: [service] });
    app.startJobs();
    expect(started).toBe(false);
  });

  it('the server starts the canary module’s scheduler, which takes a due canary’s lease', async () => {
    const server = await startServer(
      {
        port: 0,
        host: '127.0.0.1',
        dataDir: '',
        memory: true,
        seed: 'none',
        checks: 0,
        auth: 'basic',
        demoPassword: 'opsdeck-demo',
        trustProxy: false,
        devOutbox: false,
        publicDemo: false,
      },
      () => undefined,
    );
    try {
      await server.db.query(
        "INSERT INTO canaries (name, schedule) VALUES ('scheduled', '@every 1m')",
      );
      const leases = async () =>
        (
          await server.db.query<{ name: string }>(
            // Other modules' jobs (the change windows…) hold leases of their own.
            "SELECT name FROM opsdeck.scheduler_leases WHERE name LIKE 'canary:%'",
          )
        ).rows;
      // The scheduler looks for due canaries every 5 s.
      const deadline = Date.now() + 15_000;
      while ((await leases()).length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await leases()).map((row) => row.name)).toEqual([expect.stringMatching(/^canary:/)]);
      // Its own origin is where the demo's path-only checks go while it runs…
      expect(getSelfOrigin()).toBe(server.url);
    } finally {
      await server.close();
    }
    // …and nowhere once it stopped: a later server of this process (test files share one) does
    // not probe or notify a port nobody listens on.
    expect(getSelfOrigin()).toBeUndefined();
  });
});
