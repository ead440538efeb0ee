import { PGlite } from '@electric-sql/pglite';
import { serve, type ServerType } from '@hono/node-server';
import { Configuration, FrontendApi, ResponseError } from '@ory/client-fetch';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createIdentityService, type IdentityOptions, type IdentityService } from './index.ts';
import type { SqlExecutor } from './sql.ts';

/** A browser's cookie handling, enough for one origin: remembers Set-Cookie and sends it back. */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  readonly raw = new Map<string, string>();

  fetch: typeof globalThis.fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) headers.set('cookie', cookie);
    const response = await globalThis.fetch(input, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      this.raw.set(name, line);
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  };
}

export interface TestDatabase {
  db: SqlExecutor;
  close(): Promise<void>;
}

export async function pgliteDatabase(): Promise<TestDatabase> {
  const db = new PGlite();
  await db.waitReady;
  return { db, close: () => db.close() };
}

/** A throwaway database inside the shared test Postgres, so parallel files never collide. */
export async function postgresDatabase(url: string): Promise<TestDatabase> {
  const name = 'identity_' + randomBytes(6).toString('hex');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = '/' + name;
  const pool = new pg.Pool({ connectionString: target.toString(), max: 4 });
  return {
    db: pool,
    async close() {
      await pool.end();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface IdentityServer {
  identity: IdentityService;
  origin: string;
  base: string;
  clock: { offsetMs: number };
  logs: string[];
  sdk(jar: CookieJar): FrontendApi;
  close(): Promise<void>;
}

/**
 * The identity module's own tables as the server's migration runner makes them (its
 * 002_self_service.sql), on a bare database; idempotent, as a start of the server is.
 */
export async function applySelfServiceSchema(db: SqlExecutor): Promise<void> {
  const sql = readFileSync(new URL('./migrations/002_self_service.sql', import.meta.url), 'utf8');
  // One statement per call: node-postgres with parameters and some drivers refuse multi-statements.
  for (const statement of sql
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean))
    await db.query(statement);
}

/** The identity app mounted as the real server mounts it, on 127.0.0.1 with a real socket. */
export async function startIdentityServer(
  db: SqlExecutor,
  options: Partial<IdentityOptions> = {},
): Promise<IdentityServer> {
  const clock = { offsetMs: 0 };
  const logs: string[] = [];
  const identity = createIdentityService({
    db,
    scryptCost: { N: 1024, r: 8, p: 1 },
    now: () => new Date(Date.now() + clock.offsetMs),
    log: (line) => logs.push(line),
    env: {},
    ...options,
  });
  await applySelfServiceSchema(db);
  await identity.init();
  const app = new Hono();
  app.route('/api/.ory', identity.app);
  app.route('/api/kratos', identity.app);
  app.route('/api/dev', identity.devApp);
  app.get('/api/auth/whoami', async (c) => {
    const user = await identity.sessionUser(c.req.raw);
    return user
      ? c.json({ message: 'success', payload: { user } })
      : c.json({ error: 'Unauthorized' }, 401);
  });
  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () =>
      resolve(started),
    );
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const base = origin + '/api/.ory';
  return {
    identity,
    origin,
    base,
    clock,
    logs,
    sdk: (jar) =>
      new FrontendApi(
        new Configuration({ basePath: base, fetchApi: jar.fetch, credentials: 'include' }),
      ),
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}

/** The status and JSON body of a failed SDK call (the SDK throws ResponseError for non-2xx). */
export async function failure(call: Promise<unknown>): Promise<{
  status: number;
  body: Record<string, unknown> & {
    error?: Record<string, unknown>;
    ui?: {
      messages?: { id: number }[];
      nodes: { attributes: Record<string, unknown>; messages: { id: number; text: string }[] }[];
    };
  };
}> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ResponseError) {
      const text = await error.response.text();
      return { status: error.response.status, body: text ? JSON.parse(text) : {} };
    }
    throw error;
  }
  throw new Error('expected the call to fail');
}

export function csrf(flow: { ui: { nodes: { attributes: unknown }[] } }): string {
  for (const node of flow.ui.nodes) {
    const attributes = node.attributes as { name?: string; value?: unknown };
    if (attributes.name === 'csrf_token') return String(attributes.value);
  }
  throw new Error('flow has no csrf_token node');
}

export function latestCode(logs: string[], email: string): string {
  const line = [...logs]
    .reverse()
    .find((entry) => entry.includes(`to=${email}`) && entry.includes('code='));
  const code = line?.match(/code=(\d+)/)?.[1];
  if (!code) throw new Error('no code delivered to ' + email);
  return code;
}
