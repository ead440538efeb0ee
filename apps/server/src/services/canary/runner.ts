import { connect } from 'node:net';
import type { SqlRunner } from '../../db/database.ts';
import { parseDuration } from './graph.ts';

/** What a check run answers (canary-checker's CheckResult, the fields the console reads). */
export interface CheckResult {
  name: string;
  start: string;
  pass: boolean;
  invalid: boolean;
  duration: number;
  message: string;
  error: string;
}

export interface CheckDefinition {
  id: string;
  name: string;
  type: string;
  spec: Record<string, unknown> | null;
}

const DEFAULT_TIMEOUT_MS = 10_000;
export const RUNNABLE_TYPES = ['http', 'tcp'] as const;

function timeoutOf(spec: Record<string, unknown>): number {
  const raw = spec.timeout;
  if (typeof raw === 'number' && raw > 0) return raw;
  if (typeof raw === 'string') return parseDuration(raw) ?? (Number(raw) || DEFAULT_TIMEOUT_MS);
  return DEFAULT_TIMEOUT_MS;
}

function headersOf(spec: Record<string, unknown>): Record<string, string> {
  const raw = spec.headers;
  const headers: Record<string, string> = {};
  // canary-checker writes headers as [{name, value}]; a plain object is accepted too.
  if (Array.isArray(raw)) {
    for (const item of raw) {
      if (item && typeof item === 'object' && typeof item.name === 'string')
        headers[item.name] = String(item.value ?? '');
    }
  } else if (raw && typeof raw === 'object') {
    for (const [name, value] of Object.entries(raw)) headers[name] = String(value);
  }
  return headers;
}

type Outcome = Pick<CheckResult, 'pass' | 'invalid' | 'message' | 'error'>;

// The origin of this server once it listens: a check's url that is a path (`/api/about`, the demo's
// probes of this server's own endpoints) is requested from it.
let selfOrigin: string | undefined;

/** Where a path-only check url is sent: this server's own origin (set once it listens). */
export function setSelfOrigin(origin: string | undefined): void {
  selfOrigin = origin;
}

/** This server's own origin once it listens (notification webhooks given as a path go to it). */
export function getSelfOrigin(): string | undefined {
  return selfOrigin;
}

async function runHttp(
  spec: Record<string, unknown>,
  timeout: number,
  origin: string | undefined,
): Promise<Outcome & { duration: number }> {
  const given =
    typeof spec.url === 'string'
      ? spec.url
      : typeof spec.endpoint === 'string'
        ? spec.endpoint
        : undefined;
  const base = origin ?? selfOrigin;
  const url = given?.startsWith('/') && !given.startsWith('//') && base ? `${base}${given}` : given;
  if (!url || !/^https?:\/\//.test(url))
    return {
      pass: false,
      invalid: true,
      message: '',
      error: 'http check needs a url (http:// or https://)',
      duration: 0,
    };
  const method = typeof spec.method === 'string' ? spec.method.toUpperCase() : 'GET';
  const body =
    typeof spec.body === 'string'
      ? spec.body
      : spec.body != null
        ? JSON.stringify(spec.body)
        : undefined;
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeout);
  try {
    const response = await fetch(url, {
      method,
      headers: headersOf(spec),
      body,
      signal: controller.signal,
      redirect: 'manual',
    });
    const text = await response.text();
    const duration = Math.round(performance.now() - started);
    const codes = Array.isArray(spec.responseCodes) ? spec.responseCodes.map(Number) : undefined;
    const codeOk =
      codes && codes.length > 0
        ? codes.includes(response.status)
        : response.status >= 200 && response.status < 300;
    const message = `${response.status} ${response.statusText}`.trim();
    if (!codeOk)
      return {
        pass: false,
        invalid: false,
        message,
        error: `response code ${response.status} not in [${(codes ?? ['2xx']).join(', ')}]`,
        duration,
      };
    if (
      typeof spec.responseContent === 'string' &&
      spec.responseContent &&
      !text.includes(spec.responseContent)
    ) {
      return {
        pass: false,
        invalid: false,
        message,
        error: `expected response to contain ${JSON.stringify(spec.responseContent)}`,
        duration,
      };
    }
    const threshold = Number(spec.thresholdMillis);
    if (threshold > 0 && duration > threshold)
      return {
        pass: false,
        invalid: false,
        message,
        error: `took ${duration}ms, above the ${threshold}ms threshold`,
        duration,
      };
    return { pass: true, invalid: false, message, error: '', duration };
  } catch (error) {
    const duration = Math.round(performance.now() - started);
    const reason = controller.signal.aborted
      ? `timed out after ${timeout}ms`
      : (((error as Error).cause as Error | undefined)?.message ?? (error as Error).message);
    return { pass: false, invalid: false, message: '', error: reason, duration };
  } finally {
    clearTimeout(timer);
  }
}

function runTcp(
  spec: Record<string, unknown>,
  timeout: number,
): Promise<Outcome & { duration: number }> {
  const endpoint = (
    typeof spec.endpoint === 'string'
      ? spec.endpoint
      : typeof spec.host === 'string'
        ? `${spec.host}:${String(spec.port ?? '')}`
        : ''
  ).replace(/^tcp:\/\//, '');
  const match = /^(.+):(\d+)$/.exec(endpoint);
  if (!match)
    return Promise.resolve({
      pass: false,
      invalid: true,
      message: '',
      error: 'tcp check needs an endpoint host:port',
      duration: 0,
    });
  const [, host, port] = match;
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect({ host: host!.replace(/^\[|\]$/g, ''), port: Number(port) });
    const finish = (outcome: Outcome) => {
      socket.destroy();
      const duration = Math.round(performance.now() - started);
      const threshold = Number(spec.thresholdMillis);
      if (outcome.pass && threshold > 0 && duration > threshold) {
        resolve({
          pass: false,
          invalid: false,
          message: outcome.message,
          error: `took ${duration}ms, above the ${threshold}ms threshold`,
          duration,
        });
      } else resolve({ ...outcome, duration });
    };
    socket.setTimeout(timeout, () =>
      finish({ pass: false, invalid: false, message: '', error: `timed out after ${timeout}ms` }),
    );
    socket.once('connect', () =>
      finish({ pass: true, invalid: false, message: `connected to ${endpoint}`, error: '' }),
    );
    socket.once('error', (error) =>
      finish({ pass: false, invalid: false, message: '', error: error.message }),
    );
  });
}

/** Runs one check now. Types this server cannot run answer `invalid`, never a fake pass. */
export async function runCheck(check: CheckDefinition, origin?: string): Promise<CheckResult> {
  const start = new Date().toISOString();
  const spec = check.spec ?? {};
  const timeout = timeoutOf(spec);
  let outcome: Outcome & { duration: number };
  if (check.type === 'http') outcome = await runHttp(spec, timeout, origin);
  else if (check.type === 'tcp') outcome = await runTcp(spec, timeout);
  else
    outcome = {
      pass: false,
      invalid: true,
      message: '',
      error: `checks of type ${check.type} cannot run on opsdeck-server (only ${RUNNABLE_TYPES.join(', ')})`,
      duration: 0,
    };
  return { name: check.name, start, ...outcome };
}

/** Stores a result: a check_statuses row and the check's status and last run. Invalid runs store nothing. */
export async function recordResult(
  db: SqlRunner,
  checkId: string,
  result: CheckResult,
): Promise<void> {
  if (result.invalid) return;
  await db.query(
    `INSERT INTO check_statuses (check_id, time, status, invalid, duration, message, error)
     VALUES ($1, $2, $3, false, $4, $5, $6)
     ON CONFLICT (check_id, time) DO UPDATE SET status = EXCLUDED.status, duration = EXCLUDED.duration,
       message = EXCLUDED.message, error = EXCLUDED.error`,
    [checkId, result.start, result.pass, result.duration, result.message, result.error || null],
  );
  await db.query(
    `UPDATE checks SET status = $2, last_runtime = $3, updated_at = now() WHERE id = $1`,
    [checkId, result.pass ? 'healthy' : 'unhealthy', result.start],
  );
}

/** Loads, runs and records one check; undefined when it does not exist. */
export async function runAndRecord(
  db: SqlRunner,
  checkId: string,
  origin?: string,
): Promise<CheckResult | undefined> {
  const { rows } = await db.query<CheckDefinition>(
    'SELECT id, name, type, spec FROM checks WHERE id = $1 AND deleted_at IS NULL',
    [checkId],
  );
  const check = rows[0];
  if (!check) return undefined;
  const result = await runCheck(check, origin);
  await recordResult(db, check.id, result);
  return result;
}
