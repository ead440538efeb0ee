import type { Database } from '../../db/database.ts';
import { seedUuid } from '../../db/seed/random.ts';
import type { TestDatabaseTarget } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';

/** The instant the demo estate of these suites is generated back from. */
export const SEEDED_AT = new Date('2025-03-01T12:00:00Z');

export type Role = 'admin' | 'editor' | 'commander' | 'responder' | 'viewer' | 'guest';

/** A demo person's id, as the core seed makes it. */
export const personOf = (role: Role) => seedUuid(`opsdeck:person:${role}`);

/** An id of the demo estate, by the key its seed gives it (`incident:1`, `hypothesis:1:factor`). */
export const demoId = (key: string) => seedUuid(`opsdeck:${key}`);

export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface IncidentsServer {
  db: Database;
  server: TestServer;
  /**
   * A request as the console sends it (reference: `Accept` and `Content-Type` JSON and
   * `Prefer: return=representation` on every request), signed in as `who` by HTTP Basic.
   */
  send<T = unknown>(method: string, path: string, who: Role, body?: unknown): Promise<Reply<T>>;
  close(): Promise<void>;
}

/** A migrated database of `target` with the demo estate (40 checks), served over HTTP. */
export async function openIncidentsServer(target: TestDatabaseTarget): Promise<IncidentsServer> {
  const db = await target.openSeeded({ checks: 40, now: SEEDED_AT });
  const server = await startTestServer({ db });
  return {
    db,
    server,
    async send<T>(method: string, path: string, who: Role, body?: unknown) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          Prefer: 'return=representation',
          'Content-Type': 'application/json',
          ...basic(`${who}@local`),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text === '' ? undefined : (JSON.parse(text) as unknown);
      } catch {
        // Left as text: a test that expects JSON fails on its shape.
      }
      return { status: response.status, body: parsed as T, headers: response.headers };
    },
    async close() {
      await server.close();
      await target.release();
    },
  };
}
