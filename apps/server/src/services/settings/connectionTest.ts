import { connect as tcpConnect, type Socket } from 'node:net';
import { Hono } from 'hono';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { requireAccess } from '../../auth/middleware.ts';
import type { SqlRunner } from '../../db/database.ts';
import type { AppEnv } from '../../http/env.ts';
import { ApiError, badRequest } from '../../http/errors.ts';
import {
  outboundFetch,
  outboundPostgresUrl,
  resolveOutbound,
  type OutboundPolicy,
} from '../../http/outbound.ts';
import { openConnection, type ConnectionRow } from '../playbooks/actions.ts';
import type { SecretBox } from '../playbooks/secrets.ts';

/** A connection row with its credentials opened (still possibly references). */
interface TestedConnection extends ConnectionRow {
  id: string;
  insecure_tls: boolean | null;
}

export interface ConnectionTestOptions {
  secrets: SecretBox;
  outbound: OutboundPolicy;
  /** How long one test may take (default 10 s). */
  timeoutMillis: number;
}

/** A test's failure: its text is the reply's `error` (400, as the reference's EINVALID). */
class TestFailure extends Error {}

type Tester = (
  connection: TestedConnection,
  options: ConnectionTestOptions,
) => Promise<Record<string, unknown>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `POST /api/connection/test/{id}` (reference §6 "Connections"): opens the connection's sealed
 * credentials, reaches its address through the server's outbound policy (src/http/outbound.ts) and
 * answers 200 `{message: 'ok', payload}`, 400 `{error}` with what went wrong, 404 for an unknown
 * id and 501 for a type the embedded server has no tester for. Needs write on connections.
 */
export function connectionTestRoutes(db: SqlRunner, options: ConnectionTestOptions) {
  const app = new Hono<AppEnv>();
  app.post('/test/:id', requireAccess('connections', 'write'), async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) throw badRequest(`${JSON.stringify(id)} is not a connection id (a UUID)`);
    const { rows } = await db.query<TestedConnection>(
      `SELECT id, name, type, url, username, password, properties, insecure_tls
         FROM connections WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
    if (!rows[0]) throw new ApiError(404, 'connection was not found');
    const tester = TESTERS[rows[0].type];
    if (!tester)
      return c.json(
        {
          error: `Testing ${rows[0].type} connection is not available: it cannot be tested by the embedded server`,
        },
        501,
      );
    try {
      const connection = openConnection(rows[0], options.secrets);
      const payload = await withTimeout(tester(connection, options), options.timeoutMillis);
      return c.json({ message: 'ok', payload });
    } catch (error) {
      return c.json({ error: failureText(error) }, 400);
    }
  });
  return app;
}

function failureText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text || (error as NodeJS.ErrnoException).code || 'the test failed';
}

async function withTimeout<T>(work: Promise<T>, millis: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new TestFailure(`no answer within ${Math.round(millis / 100) / 10}s`)),
      millis,
    );
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

// ------------------------------------------------------------------ credentials

/** A credential's clear text; a reference to a secret or config map cannot be read here. */
function credential(value: unknown, label: string): string | undefined {
  const text =
    typeof value === 'string'
      ? value
      : value &&
          typeof value === 'object' &&
          typeof (value as { value?: unknown }).value === 'string'
        ? (value as { value: string }).value
        : value && typeof value === 'object' && 'valueFrom' in value
          ? 'secret://'
          : undefined;
  if (text === undefined || text === '') return undefined;
  if (/^(secret|configmap):\/\//.test(text))
    throw new TestFailure(
      `the ${label} is a reference to a Kubernetes secret or config map, which the embedded server cannot read`,
    );
  return text;
}

function property(connection: TestedConnection, key: string): string | undefined {
  const value = connection.properties?.[key];
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function requireUrl(connection: TestedConnection, url = connection.url): URL {
  if (!url) throw new TestFailure(`the ${connection.type} connection has no url`);
  try {
    return new URL(url);
  } catch {
    throw new TestFailure(`${url} is not a URL`);
  }
}

// ------------------------------------------------------------------ testers

async function testPostgres(connection: TestedConnection, options: ConnectionTestOptions) {
  const url = requireUrl(connection);
  if (!/^postgres(ql)?:$/.test(url.protocol))
    throw new TestFailure(`${url.protocol}// is not a postgres:// url`);
  const username = credential(connection.username, 'username');
  const password = credential(connection.password, 'password');
  if (username) url.username = encodeURIComponent(username);
  if (password) url.password = encodeURIComponent(password);
  const pinned = await outboundPostgresUrl(url.toString(), options.outbound);
  const client = new pg.Client({
    connectionString: pinned,
    connectionTimeoutMillis: options.timeoutMillis,
    statement_timeout: options.timeoutMillis,
  });
  // A refused or dropped connection is reported through the promise; pg also emits it.
  client.on('error', () => undefined);
  try {
    await client.connect();
    const reply = await client.query<{ ok: number }>('select 1 as ok');
    return { query: 'select 1', rows: reply.rows };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A request to the url (a generic webhook's is its `properties.url`, sent with its method). */
async function testHttp(connection: TestedConnection, options: ConnectionTestOptions) {
  const webhook = connection.type === 'generic_webhook';
  const url = requireUrl(connection, webhook ? property(connection, 'url') : connection.url);
  const headers = new Headers();
  const username = credential(connection.username, 'username');
  const password = credential(connection.password, 'password');
  if (username || password)
    headers.set(
      'authorization',
      `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}`,
    );
  let method = 'GET';
  let body: string | undefined;
  if (webhook) {
    method = property(connection, 'requestMethod') ?? 'POST';
    if (method !== 'GET') {
      headers.set('content-type', property(connection, 'contentType') ?? 'application/json');
      body = JSON.stringify({
        [property(connection, 'titleKey') ?? 'title']: 'Opsdeck connection test',
        [property(connection, 'messageKey') ?? 'message']: `Testing connection ${connection.name}`,
      });
    }
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMillis);
  try {
    const response = await outboundFetch(
      url.toString(),
      { method, headers, body, signal: controller.signal },
      options.outbound,
    );
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 400)
      throw new TestFailure(
        `${method} ${url.origin}${url.pathname} answered ${response.status} ${response.statusText}`.trim(),
      );
    return { status: response.status, url: `${url.origin}${url.pathname}` };
  } finally {
    clearTimeout(timer);
  }
}

/** Connects to host:port (checked by the outbound policy) and hands the socket over. */
async function openSocket(
  host: string,
  port: number,
  options: ConnectionTestOptions,
): Promise<Socket> {
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new TestFailure(`${port} is not a port`);
  const pinned = await resolveOutbound(host, options.outbound);
  return new Promise((resolve, reject) => {
    const socket = tcpConnect({ host: pinned.address, port, family: pinned.family });
    socket.setTimeout(options.timeoutMillis);
    socket.once('connect', () => resolve(socket));
    socket.once('error', (error) => reject(new TestFailure(`${host}:${port}: ${error.message}`)));
    socket.once('timeout', () => {
      socket.destroy();
      reject(new TestFailure(`${host}:${port}: no answer`));
    });
  });
}

/** The first line the peer sends after `send` (if any) was written. */
function readLine(socket: Socket, send?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\n');
      if (end >= 0 || text.length > 4096) {
        cleanup();
        resolve(text.slice(0, end >= 0 ? end : 4096).replace(/\r$/, ''));
      }
    };
    const onEnd = () => {
      cleanup();
      reject(new TestFailure('the server closed the connection without answering'));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(new TestFailure(error.message));
    };
    const cleanup = () => {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('error', onError);
    };
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('error', onError);
    if (send !== undefined) socket.write(send);
  });
}

/** A RESP command (an array of bulk strings). */
const resp = (...parts: string[]) =>
  `*${parts.length}\r\n${parts.map((part) => `$${Buffer.byteLength(part)}\r\n${part}\r\n`).join('')}`;

async function testRedis(connection: TestedConnection, options: ConnectionTestOptions) {
  const url = requireUrl(connection);
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new TestFailure(`${url.protocol}// is not a redis:// url`);
  if (url.protocol === 'rediss:')
    throw new TestFailure('rediss:// (TLS) cannot be tested by the embedded server');
  const username = credential(connection.username, 'username');
  const password = credential(connection.password, 'password');
  const socket = await openSocket(url.hostname, Number(url.port || 6379), options);
  try {
    if (password) {
      const auth = await readLine(
        socket,
        username ? resp('AUTH', username, password) : resp('AUTH', password),
      );
      if (!auth.startsWith('+')) throw new TestFailure(`redis AUTH: ${auth.replace(/^-/, '')}`);
    }
    const db = property(connection, 'db');
    if (db && db !== '0') {
      const selected = await readLine(socket, resp('SELECT', db));
      if (!selected.startsWith('+'))
        throw new TestFailure(`redis SELECT ${db}: ${selected.replace(/^-/, '')}`);
    }
    const pong = await readLine(socket, resp('PING'));
    if (!pong.startsWith('+')) throw new TestFailure(`redis PING: ${pong.replace(/^-/, '')}`);
    return { reply: pong.slice(1) };
  } finally {
    socket.destroy();
  }
}

/** SFTP: an SSH server's greeting on host:port (the credentials are not tried). */
async function testSftp(connection: TestedConnection, options: ConnectionTestOptions) {
  const host = property(connection, 'host');
  if (!host) throw new TestFailure('the sftp connection has no host');
  const port = Number(property(connection, 'port') ?? 22);
  const socket = await openSocket(host, port, options);
  try {
    const greeting = await readLine(socket);
    if (!greeting.startsWith('SSH-'))
      throw new TestFailure(
        `${host}:${port} is not an SSH server (it sent ${JSON.stringify(greeting.slice(0, 80))})`,
      );
    return { greeting, note: 'an SSH server answered; the credentials were not tried' };
  } finally {
    socket.destroy();
  }
}

/** SMB: a server accepting connections on server:port (the share and credentials are not tried). */
async function testSmb(connection: TestedConnection, options: ConnectionTestOptions) {
  const host = property(connection, 'server');
  if (!host) throw new TestFailure('the smb connection has no server');
  const port = Number(property(connection, 'port') ?? 445);
  const socket = await openSocket(host, port, options);
  socket.destroy();
  return {
    address: `${host}:${port}`,
    note: 'the server accepted a connection; the share and credentials were not tried',
  };
}

/** Email: EHLO (and the login when a username is given) on the SMTP server. */
async function testEmail(connection: TestedConnection, options: ConnectionTestOptions) {
  const host = property(connection, 'host');
  if (!host) throw new TestFailure('the email connection has no host');
  const port = Number(property(connection, 'port') ?? 587);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new TestFailure(`${port} is not a port`);
  const pinned = await resolveOutbound(host, options.outbound);
  const encryption = property(connection, 'encryptionMethod') ?? 'Auto';
  const username = credential(connection.username, 'username');
  const password = credential(connection.password, 'password');
  const transport = nodemailer.createTransport({
    host: pinned.address,
    port,
    secure: encryption === 'ImplicitTLS',
    requireTLS: encryption === 'ExplicitTLS',
    ignoreTLS: encryption === 'None',
    connectionTimeout: options.timeoutMillis,
    greetingTimeout: options.timeoutMillis,
    socketTimeout: options.timeoutMillis,
    tls: { servername: host, rejectUnauthorized: connection.insecure_tls !== true },
    ...(username ? { auth: { user: username, pass: password ?? '' } } : {}),
  });
  try {
    await transport.verify();
    return { address: `${host}:${port}` };
  } catch (error) {
    throw new TestFailure(`smtp ${host}:${port}: ${failureText(error)}`);
  } finally {
    transport.close();
  }
}

/** The types the embedded server can test; every other one answers 501. */
const TESTERS: Readonly<Record<string, Tester>> = {
  postgres: testPostgres,
  http: testHttp,
  generic_webhook: testHttp,
  prometheus: testHttp,
  elasticsearch: testHttp,
  redis: testRedis,
  sftp: testSftp,
  smb: testSmb,
  email: testEmail,
};
