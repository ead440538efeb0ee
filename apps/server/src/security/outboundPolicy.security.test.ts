// Issue 27 finding 5 (SSRF): playbook http, sql and notification actions pass one outbound policy.
// Loopback and private ranges are refused unless the server allows them, link-local and metadata
// addresses unless an admin allows them, every resolved address and every redirect hop is checked,
// and the refusal names its rule. Every target here is 127.0.0.1 (refused ones are never connected).
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../auth/user.ts';
import type { Database } from '../db/database.ts';
import {
  classifyAddress,
  resolveOutbound,
  STRICT_OUTBOUND,
  type OutboundPolicy,
} from '../http/outbound.ts';
import { silentLogger } from '../http/logging.ts';
import { PlaybookRunner } from '../services/playbooks/runner.ts';
import { createRun } from '../services/playbooks/runs.ts';
import { testDatabases } from '../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../testing/server.ts';

const LOCAL: OutboundPolicy = { allowPrivate: true, allowLinkLocal: false };

describe('the outbound address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['0.0.0.0', 'loopback'],
    ['::1', 'loopback'],
    ['::', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.20.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12::1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fd00:ec2::254', 'link-local'],
    ['224.0.0.1', 'reserved'],
    ['93.184.216.34', 'public'],
    ['2606:4700::1111', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it('checks what a name resolves to, and says which rule refused', async () => {
    await expect(resolveOutbound('localhost', STRICT_OUTBOUND)).rejects.toThrow(
      /outbound request to localhost \(.+\) refused: loopback addresses are not allowed \(allow them with --outbound-allow-private\)/,
    );
    await expect(resolveOutbound('[::ffff:127.0.0.1]', STRICT_OUTBOUND)).rejects.toThrow(
      /refused: loopback/,
    );
    await expect(resolveOutbound('169.254.169.254', LOCAL)).rejects.toThrow(
      'outbound request to 169.254.169.254 refused: link-local and metadata addresses are not allowed (an admin allows them with --outbound-allow-link-local)',
    );
    await expect(
      resolveOutbound('169.254.169.254', { allowPrivate: false, allowLinkLocal: true }),
    ).resolves.toMatchObject({ address: '169.254.169.254' });
    await expect(resolveOutbound('127.0.0.1', LOCAL)).resolves.toMatchObject({
      address: '127.0.0.1',
    });
  });
});

// HTTP and service logic over plain SQL: one engine (src/testing/databases.ts).
const engines = testDatabases('one');

describe.each(engines)('outbound requests of playbook actions on $engine', (target) => {
  let db: Database;
  let user: AuthUser;
  let receiver: Server;
  let port: number;
  const hits: string[] = [];

  beforeAll(async () => {
    db = await target.open();
    const id = randomUUID();
    await db.query(`INSERT INTO people (id, name, email) VALUES ($1, 'Outbound', $2)`, [
      id,
      `outbound-${id}@local`,
    ]);
    user = {
      id,
      name: 'Outbound',
      email: `outbound-${id}@local`,
      roles: ['admin'],
      permissions: [],
    };
    receiver = createServer((request, response) => {
      hits.push(request.url ?? '');
      if (request.url === '/to-metadata') {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        return void response.end();
      }
      if (request.url === '/to-self') {
        response.writeHead(302, { location: `http://127.0.0.1:${port}/inside` });
        return void response.end();
      }
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`internal secret at ${request.url}`);
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as { port: number }).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => receiver?.close(resolve));
    await target.release();
  });

  async function runAction(action: Record<string, unknown>, outbound?: OutboundPolicy) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO playbooks (name, spec, source) VALUES ($1, $2::jsonb, 'UI') RETURNING id`,
      [`outbound-${randomUUID()}`, JSON.stringify({ actions: [{ name: 'a', ...action }] })],
    );
    const { run_id } = await createRun(db, { id: rows[0]!.id }, user);
    const runner = new PlaybookRunner({
      db,
      log: silentLogger,
      execEnabled: false,
      ...(outbound ? { outbound } : {}),
    });
    for (let n = 0; n < 30; n += 1) {
      await runner.tick();
      const { rows: runs } = await db.query<{ status: string }>(
        'SELECT status FROM playbook_runs WHERE id = $1',
        [run_id],
      );
      if (['completed', 'failed'].includes(runs[0]!.status)) break;
    }
    const { rows: actions } = await db.query<{ result: Record<string, unknown>; error: string }>(
      'SELECT result, error FROM playbook_run_actions WHERE playbook_run_id = $1',
      [run_id],
    );
    return actions[0]!;
  }

  it('refuses loopback for an http action on a server that does not allow it', async () => {
    const before = hits.length;
    for (const url of [
      `http://127.0.0.1:${port}/a`,
      `http://2130706433:${port}/a`,
      `http://0x7f.1:${port}/a`,
      `http://[::ffff:127.0.0.1]:${port}/a`,
      `http://localhost:${port}/a`,
      `http://0.0.0.0:${port}/a`,
    ]) {
      const action = await runAction({ http: { url } });
      expect(action.error, url).toMatch(/refused: loopback addresses are not allowed/);
      expect(JSON.stringify(action.result)).not.toContain('internal secret');
    }
    expect(hits.length).toBe(before);
  });

  it('refuses a notification to loopback and an sql action to a loopback database', async () => {
    const notification = await runAction({
      notification: { url: `http://127.0.0.1:${port}/hook`, title: 't', message: 'm' },
    });
    expect(notification.error).toMatch(/refused: loopback/);
    const sql = await runAction({
      sql: { url: `postgres://postgres@127.0.0.1:${port}/postgres`, query: 'SELECT 1' },
    });
    expect(sql.error).toMatch(/refused: loopback/);
    const socket = await runAction({
      sql: { url: 'postgres://postgres@example.invalid/postgres?host=/tmp', query: 'SELECT 1' },
    });
    expect(socket.error).toMatch(/refused: a postgres URL names its host in the address/);
  });

  it('reaches loopback when the server allows it, and checks each redirect again', async () => {
    const allowed = await runAction({ http: { url: `http://127.0.0.1:${port}/ok` } }, LOCAL);
    expect(allowed.error).toBeNull();
    expect(allowed.result.content).toBe('internal secret at /ok');
    const followed = await runAction({ http: { url: `http://127.0.0.1:${port}/to-self` } }, LOCAL);
    expect(followed.result.content).toBe('internal secret at /inside');
    const metadata = await runAction(
      { http: { url: `http://127.0.0.1:${port}/to-metadata` } },
      LOCAL,
    );
    expect(metadata.error).toContain(
      'outbound request to 169.254.169.254 refused: link-local and metadata addresses are not allowed',
    );
  });
});

describe.each(engines)('action replies over HTTP on $engine', (target) => {
  let db: Database;
  let server: TestServer;

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 5 });
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  it('are not served to a guest, who may not read runs', async () => {
    for (const path of ['playbook_run_actions?select=result', 'rpc/get_playbook_run_actions']) {
      const guest = await fetch(`${server.url}/api/db/${path}`, { headers: basic('guest@local') });
      expect(guest.status, path).toBe(403);
    }
  });
});
