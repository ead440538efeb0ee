import pg from 'pg';
import type { SqlRunner } from '../../db/database.ts';
import {
  outboundFetch,
  outboundPostgresUrl,
  STRICT_OUTBOUND,
  type OutboundPolicy,
} from '../../http/outbound.ts';
import { CONNECTION_SECRETS } from '../settings/connectionSecrets.ts';
import { processSecretBox, type SecretBox } from './secrets.ts';
import { parseDuration } from './cel.ts';
import { defaultSandbox, spawnSandboxed, type ExecSandbox } from './sandbox.ts';
import { actionKind, type PlaybookAction } from './spec.ts';

/** What performing one action gave: the result stored on the row, and an error when it failed. */
export interface ActionOutcome {
  result: Record<string, unknown>;
  error?: string;
  /** A refusal no retry can change (a kind this server cannot perform, exec turned off). */
  final?: boolean;
}

export interface ActionContext {
  db: SqlRunner;
  /** Exec actions allowed (`--no-playbook-exec` turns them off). */
  execEnabled: boolean;
  /** Environment for exec: the spec's and the action's env, and each parameter. */
  env: Record<string, string>;
  /** Aborted when the run is cancelled, times out or this instance loses its lease. */
  signal: AbortSignal;
  /** Where http, sql and notification actions may go (default: public addresses only). */
  outbound?: OutboundPolicy;
  /** Opens the sealed credentials of connections (default: this process's key). */
  secrets?: SecretBox;
  /** Where exec scripts run (default: this machine's, detected once). */
  sandbox?: ExecSandbox;
}

export const DEFAULT_ACTION_TIMEOUT_MILLIS = 5 * 60_000;
/** Each of stdout and stderr, and an HTTP body, is kept up to this many bytes. */
export const OUTPUT_CAP_BYTES = 256 * 1024;
const SQL_ROW_CAP = 1000;

/** The error a kind the embedded server cannot perform fails with (never a fake success). */
export function unsupportedKind(kind: string): string {
  return `${kind} actions are not supported by the embedded server`;
}

function timeoutOf(action: PlaybookAction): number {
  const parsed = action.timeout ? parseDuration(action.timeout) : undefined;
  return parsed && parsed > 0 ? parsed : DEFAULT_ACTION_TIMEOUT_MILLIS;
}

/** Performs one action whose fields are already templated. Never throws for the action's own failure. */
export async function performAction(
  action: PlaybookAction,
  context: ActionContext,
): Promise<ActionOutcome> {
  const kind = actionKind(action);
  try {
    switch (kind) {
      case 'exec':
        return await runExec(action, context);
      case 'http':
        return await runHttp(action, context);
      case 'sql':
        return await runSql(action, context);
      case 'notification':
        return await runNotification(action, context);
      default:
        return { result: {}, error: unsupportedKind(kind), final: true };
    }
  } catch (error) {
    return { result: {}, error: (error as Error).message };
  }
}

// ------------------------------------------------------------------ output

/** Collects a stream up to a cap, then counts what it dropped. */
class CappedText {
  private chunks: Buffer[] = [];
  private size = 0;
  private dropped = 0;

  add(chunk: Buffer) {
    const room = OUTPUT_CAP_BYTES - this.size;
    if (room <= 0) {
      this.dropped += chunk.length;
      return;
    }
    const kept = chunk.subarray(0, room);
    this.chunks.push(kept);
    this.size += kept.length;
    this.dropped += chunk.length - kept.length;
  }

  text(): string {
    const text = Buffer.concat(this.chunks).toString('utf8');
    return this.dropped > 0
      ? `${text}\n[output truncated: ${this.dropped} more bytes not kept]`
      : text;
  }
}

// A primary output that is a JSON envelope {content, contentType} is unwrapped (reference §2).
function unwrapEnvelope(result: Record<string, unknown>, key: string, contentType?: string) {
  if (contentType) result.contentType = contentType;
  const value = result[key];
  if (typeof value !== 'string' || !value.trimStart().startsWith('{')) return;
  try {
    const parsed = JSON.parse(value) as Record<string, unknown>;
    if (typeof parsed.content === 'string' && typeof parsed.contentType === 'string') {
      result[key] = parsed.content;
      result.contentType = parsed.contentType;
    }
  } catch {
    // Not an envelope: the output stays as it is.
  }
}

// ------------------------------------------------------------------ exec

// Only what a script needs from the server's environment: never its secrets (DATABASE_URL…).
const PASSED_ENV = ['LANG', 'LC_ALL', 'TZ'];
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

// What a script is given: a few locale variables, then the spec's, the action's and the parameters'.
function scriptEnvironment(action: PlaybookAction, context: ActionContext): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of PASSED_ENV) if (process.env[name]) env[name] = process.env[name]!;
  Object.assign(env, context.env);
  for (const variable of action.exec!.env ?? [])
    if (variable.value !== undefined) env[variable.name] = variable.value;
  for (const [name, value] of Object.entries(env)) {
    if (!ENV_NAME.test(name))
      throw new Error(`exec: ${JSON.stringify(name)} is not a valid environment variable name`);
    if (value.includes('\0'))
      throw new Error(
        `exec: the value of ${name} holds a NUL byte, which no environment can carry`,
      );
  }
  return env;
}

async function runExec(action: PlaybookAction, context: ActionContext): Promise<ActionOutcome> {
  if (!context.execEnabled)
    return {
      result: {},
      error: 'exec actions are turned off on this server (started with --no-playbook-exec)',
      final: true,
    };
  const sandbox = context.sandbox ?? defaultSandbox();
  if (sandbox.kind === 'none') return { result: {}, error: sandbox.reason, final: true };
  const script = action.exec!.script;
  const timeout = timeoutOf(action);
  const started = await spawnSandboxed(sandbox, script, scriptEnvironment(action, context));
  try {
    const { child } = started;
    const stdout = new CappedText();
    const stderr = new CappedText();
    child.stdout!.on('data', (chunk: Buffer) => stdout.add(chunk));
    child.stderr!.on('data', (chunk: Buffer) => stderr.add(chunk));
    let stopped: string | undefined;
    // The child leads its own process group: a timeout or cancel ends the script's children too
    // (and bubblewrap's end takes its whole PID namespace with it).
    const kill = (reason: string) => {
      stopped ??= reason;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => kill(`timed out after ${formatMillis(timeout)}`), timeout);
    const onAbort = () => kill(String(context.signal.reason ?? 'aborted'));
    if (context.signal.aborted) onAbort();
    context.signal.addEventListener('abort', onAbort);
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve(code));
    }).finally(() => {
      clearTimeout(timer);
      context.signal.removeEventListener('abort', onAbort);
    });
    const result: Record<string, unknown> = {
      stdout: stdout.text(),
      stderr: stderr.text(),
      exitCode: exitCode ?? -1,
      path: 'bash',
      args: ['-c', script],
    };
    unwrapEnvelope(result, 'stdout', action.contentType);
    if (stopped) return { result, error: stopped };
    return exitCode === 0 ? { result } : { result, error: `exit status ${exitCode ?? -1}` };
  } finally {
    await started.cleanup();
  }
}

function formatMillis(millis: number): string {
  if (millis % 60_000 === 0) return `${millis / 60_000}m`;
  if (millis % 1000 === 0) return `${millis / 1000}s`;
  return `${millis}ms`;
}

// ------------------------------------------------------------------ connections

export interface ConnectionRow {
  name: string;
  type: string;
  url: string | null;
  username: string | null;
  password: string | null;
  properties: Record<string, unknown> | null;
}

/**
 * `connection://namespace/name`, `connection://type/name` or a bare name, as the real backend reads
 * them; its sealed credentials opened.
 */
export async function findConnection(
  db: SqlRunner,
  reference: string,
  secrets: SecretBox = processSecretBox(),
): Promise<ConnectionRow> {
  const path = reference.replace(/^connection:\/\//, '');
  const [first, second] = path.includes('/') ? path.split('/', 2) : ['', path];
  const { rows } = await db.query<ConnectionRow>(
    `SELECT name, type, url, username, password, properties FROM connections
     WHERE name = $2 AND ($1 = '' OR namespace = $1 OR type = $1) AND deleted_at IS NULL
     ORDER BY (namespace = $1) DESC, name LIMIT 1`,
    [first, second],
  );
  if (!rows[0]) throw new Error(`connection ${reference} not found`);
  return openConnection(rows[0], secrets);
}

export function openConnection<R extends ConnectionRow>(row: R, secrets: SecretBox): R {
  const open = (value: string, context: string) => secrets.openStored(value, context);
  const properties = row.properties ? { ...row.properties } : null;
  for (const entry of CONNECTION_SECRETS) {
    const [column, key] = entry.split('.');
    if (key === undefined) {
      if (column === 'password' && row.password)
        row.password = open(row.password, 'connections.password');
    } else if (properties && typeof properties[key] === 'string')
      properties[key] = open(properties[key] as string, `connections.properties.${key}`);
    else if (properties && secretText(properties[key]) !== undefined)
      properties[key] = {
        ...(properties[key] as object),
        value: open(secretText(properties[key])!, `connections.properties.${key}`),
      };
  }
  return { ...row, properties };
}

function secretText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (
    value &&
    typeof value === 'object' &&
    typeof (value as { value?: unknown }).value === 'string'
  )
    return (value as { value: string }).value;
  return undefined;
}

// ------------------------------------------------------------------ http

function sameOrigin(url: string, other: string | null): boolean {
  try {
    return other !== null && new URL(url).origin === new URL(other).origin;
  } catch {
    return false;
  }
}

async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const capped = new CappedText();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    capped.add(Buffer.from(value));
  }
  return capped.text();
}

async function runHttp(action: PlaybookAction, context: ActionContext): Promise<ActionOutcome> {
  const spec = action.http!;
  const connection = spec.connection
    ? await findConnection(context.db, spec.connection, context.secrets)
    : undefined;
  const url = spec.url || connection?.url;
  if (!url) return { result: {}, error: 'http: a url or a connection with a url is needed' };
  if (!/^https?:\/\//i.test(url))
    return { result: {}, error: `http: ${url} is not an http(s) URL` };
  // A connection's credentials go to that connection's own address only.
  if (connection && spec.url && !sameOrigin(spec.url, connection.url))
    return {
      result: {},
      error: `http: ${spec.url} is not on the address of connection ${spec.connection}; its credentials go only to ${connection.url ? new URL(connection.url).origin : 'its own URL'} (drop the url, or the connection)`,
      final: true,
    };
  const headers = new Headers();
  for (const header of spec.headers ?? []) headers.set(header.name, header.value ?? '');
  const username = secretText(spec.username) ?? connection?.username ?? undefined;
  const password = secretText(spec.password) ?? connection?.password ?? undefined;
  const bearer =
    secretText(connection?.properties?.bearer) ?? secretText(connection?.properties?.token);
  if (!headers.has('authorization')) {
    if (username)
      headers.set(
        'authorization',
        `Basic ${Buffer.from(`${username}:${password ?? ''}`).toString('base64')}`,
      );
    else if (bearer) headers.set('authorization', `Bearer ${bearer}`);
  }
  const method = (spec.method ?? 'GET').toUpperCase();
  const signal = AbortSignal.any([context.signal, AbortSignal.timeout(timeoutOf(action))]);
  const response = await outboundFetch(
    url,
    {
      method,
      headers,
      signal,
      ...(spec.body !== undefined && method !== 'GET' && method !== 'HEAD'
        ? { body: spec.body }
        : {}),
    },
    context.outbound ?? STRICT_OUTBOUND,
  );
  const result: Record<string, unknown> = {
    content: await readCapped(response),
    headers: Object.fromEntries(response.headers),
    code: response.status,
  };
  unwrapEnvelope(
    result,
    'content',
    action.contentType ?? response.headers.get('content-type') ?? undefined,
  );
  return response.status >= 400
    ? { result, error: `http: ${method} ${url} answered ${response.status}` }
    : { result };
}

// ------------------------------------------------------------------ sql

async function runSql(action: PlaybookAction, context: ActionContext): Promise<ActionOutcome> {
  const spec = action.sql!;
  const driver = (spec.driver ?? 'postgres').toLowerCase();
  if (driver !== 'postgres' && driver !== 'postgresql' && driver !== 'pgx')
    return {
      result: {},
      error: `sql driver ${driver} is not supported by the embedded server (postgres only)`,
    };
  let url = spec.url;
  if (spec.connection) {
    const connection = await findConnection(context.db, spec.connection, context.secrets);
    if (connection.type !== 'postgres' && connection.type !== 'postgresql')
      return {
        result: {},
        error: `sql: connection ${spec.connection} is a ${connection.type} connection, not postgres`,
      };
    url = connection.url ?? undefined;
    if (url && connection.username) {
      const parsed = new URL(url);
      parsed.username = encodeURIComponent(connection.username);
      if (connection.password) parsed.password = encodeURIComponent(connection.password);
      url = parsed.toString();
    }
  }
  if (!url || !/^postgres(ql)?:\/\//.test(url))
    return { result: {}, error: 'sql: a postgres connection or a postgres:// url is needed' };
  const timeout = timeoutOf(action);
  let pinned: string;
  try {
    pinned = await outboundPostgresUrl(url, context.outbound ?? STRICT_OUTBOUND);
  } catch (error) {
    return { result: { query: spec.query }, error: `sql: ${(error as Error).message}` };
  }
  const client = new pg.Client({
    connectionString: pinned,
    statement_timeout: timeout,
    connectionTimeoutMillis: 10_000,
  });
  const onAbort = () => void client.end().catch(() => undefined);
  context.signal.addEventListener('abort', onAbort);
  try {
    await client.connect();
    const reply = await client.query({ text: spec.query, rowMode: 'array' });
    const columns = (reply.fields ?? []).map((field) => field.name);
    const rows = (reply.rows as unknown[][])
      .slice(0, SQL_ROW_CAP)
      .map((values) => Object.fromEntries(columns.map((column, n) => [column, values[n]])));
    return {
      result: {
        query: spec.query,
        rows,
        count: reply.rows?.length ?? reply.rowCount ?? 0,
        columns,
      },
    };
  } catch (error) {
    return { result: { query: spec.query }, error: `sql: ${(error as Error).message}` };
  } finally {
    context.signal.removeEventListener('abort', onAbort);
    await client.end().catch(() => undefined);
  }
}

// ------------------------------------------------------------------ notification

/**
 * Sends through a notification connection that is an HTTP endpoint: a Slack incoming webhook
 * (`properties.webhook` or an https url) or a generic webhook (`type: webhook|http|generic`).
 * Other services (email, Teams, Telegram…) fail clearly rather than pretend to send.
 */
async function runNotification(
  action: PlaybookAction,
  context: ActionContext,
): Promise<ActionOutcome> {
  const spec = action.notification!;
  const title = spec.title ?? '';
  const message = spec.message ?? '';
  let url = spec.url;
  let type = 'webhook';
  if (spec.connection) {
    const connection = await findConnection(context.db, spec.connection, context.secrets);
    type = connection.type;
    url = secretText(connection.properties?.webhook) ?? connection.url ?? undefined;
  }
  const result: Record<string, unknown> = { title, message };
  if (!url || !/^https?:\/\//i.test(url))
    return {
      result,
      error: `notification: ${type} connections without an http(s) webhook URL are not supported by the embedded server`,
    };
  const slack = type === 'slack';
  const body = slack ? { text: title ? `*${title}*\n${message}` : message } : { title, message };
  if (slack) result.slack = JSON.stringify(body);
  const response = await outboundFetch(
    url,
    {
      method: 'POST',
      headers: new Headers({ 'content-type': 'application/json' }),
      body: JSON.stringify(body),
      signal: AbortSignal.any([context.signal, AbortSignal.timeout(timeoutOf(action))]),
      maxRedirects: 0,
    },
    context.outbound ?? STRICT_OUTBOUND,
  );
  await readCapped(response);
  return response.status >= 400
    ? { result, error: `notification: ${url} answered ${response.status}` }
    : { result };
}
