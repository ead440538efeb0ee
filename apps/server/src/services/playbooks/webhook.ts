import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { Database } from '../../db/database.ts';
import type { AppEnv } from '../../http/env.ts';
import { ApiError, badRequest, notFound } from '../../http/errors.ts';
import type { Logger } from '../../http/logging.ts';
import type { PlaybookRunner } from './runner.ts';
import { resolveEnvValue } from './valueFrom.ts';
import { insertWebhookRun, type PlaybookRow } from './runs.ts';
import {
  parsePlaybookSpec,
  type EnvValue,
  type PlaybookSpec,
  type WebhookTrigger,
} from './spec.ts';

/** The one answer to a caller whose credentials do not fit: it never says which part was wrong. */
const UNAUTHORIZED = 'webhook authentication failed';

// Request headers that carry a credential: never stored with the run (/api/db serves its request).
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

/**
 * `GET|POST /api/playbook/webhook/{path}` (reference §2 `on.webhook`): no session, the playbook's
 * own authentication (basic, github). A call that passes schedules a run of that playbook whose
 * templates see `.request` = {url, method, headers, params, content, json}; no template or filter
 * is evaluated before the answer (issue 27 #12).
 */
export function webhookRoutes(db: Database, runner: PlaybookRunner, log: Logger) {
  const app = new Hono<AppEnv>();
  app.on(['GET', 'POST'], '/:path', async (c) => {
    const path = c.req.param('path');
    const { playbook, spec, webhook } = await playbookListening(db, path);
    const content = await c.req.text();
    const refusal = await authenticate(c, webhook, content, (value) =>
      resolveEnvValue(db, runner.secrets, value),
    );
    if (refusal) {
      log({ level: 'warn', msg: 'playbook webhook refused', path, reason: refusal.reason });
      if (refusal.status === 501) throw new ApiError(501, 'not implemented', refusal.reason);
      return c.json({ error: 'unauthorized', message: UNAUTHORIZED }, 401, {
        'WWW-Authenticate': 'Basic realm="playbook webhook"',
      });
    }
    const request = webhookRequest(c, content);
    // Answered without evaluating the body: the runner renders the run's parameters when it starts.
    const { run_id } = await db.transaction((tx) =>
      insertWebhookRun(tx, runner.secrets, { playbook, spec, request }),
    );
    runner.wake();
    return c.json({ run_id });
  });
  app.all('/:path', (c) =>
    c.json({ error: 'method not allowed', message: 'a playbook webhook takes GET or POST' }, 405, {
      Allow: 'GET, POST',
    }),
  );
  return app;
}

async function playbookListening(
  db: Database,
  path: string,
): Promise<{ playbook: PlaybookRow; spec: PlaybookSpec; webhook: WebhookTrigger }> {
  // Unique among live playbooks (migration 003), so at most one row.
  const { rows } = await db.query<PlaybookRow>(
    `SELECT id, namespace, name, title, icon, description, source, category, created_at, spec
     FROM playbooks WHERE deleted_at IS NULL AND spec->'on'->'webhook'->>'path' = $1`,
    [path],
  );
  const playbook = rows[0];
  const parsed = playbook ? parsePlaybookSpec(playbook.spec) : undefined;
  const webhook = parsed?.ok ? parsed.spec.on?.webhook : undefined;
  if (!playbook || !parsed?.ok || !webhook)
    throw notFound(`no playbook listens on webhook path ${path}`);
  return { playbook, spec: parsed.spec, webhook };
}

interface Refusal {
  status: 401 | 501;
  /** Logged, never sent (a 501's reason is sent: it names no credential). */
  reason: string;
}

// Every method the spec configures must pass; one the embedded server cannot check refuses all calls.
async function authenticate(
  c: Context,
  webhook: WebhookTrigger,
  content: string,
  resolve: (value: EnvValue) => Promise<{ text?: string; reason?: string }>,
): Promise<Refusal | undefined> {
  const auth = webhook.authentication;
  if (!auth) return undefined;
  for (const method of ['svix', 'jwt'] as const)
    if (auth[method])
      return {
        status: 501,
        reason: `${method} webhook authentication is not supported by the embedded server`,
      };
  if (auth.basic) {
    const username = await resolve(auth.basic.username);
    const password = await resolve(auth.basic.password);
    if (username.text === undefined || password.text === undefined)
      return {
        status: 401,
        reason: `basic credentials: ${username.reason ?? password.reason ?? 'not readable'}`,
      };
    const given = basicCredentials(c.req.header('authorization'));
    // Both compared, always: how long a refusal takes says nothing about which part was wrong.
    const userOk = sameText(given?.username ?? '', username.text);
    const passwordOk = sameText(given?.password ?? '', password.text);
    if (!given || !userOk || !passwordOk)
      return { status: 401, reason: 'wrong or missing basic credentials' };
  }
  if (auth.github) {
    const { text: token, reason } = await resolve(auth.github.token);
    if (token === undefined)
      return { status: 401, reason: `the github token: ${reason ?? 'not readable'}` };
    const expected = `sha256=${createHmac('sha256', token).update(content).digest('hex')}`;
    if (!sameText(c.req.header('x-hub-signature-256') ?? '', expected))
      return { status: 401, reason: 'wrong or missing X-Hub-Signature-256' };
  }
  return undefined;
}

function basicCredentials(
  header: string | undefined,
): { username: string; password: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

// Constant time whatever the lengths: both sides hashed first.
function sameText(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** What `.request` holds in the run's templates, and the run's `request` column. */
function webhookRequest(c: Context, content: string): Record<string, unknown> {
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, name) => {
    if (!CREDENTIAL_HEADERS.has(name)) headers[name] = value;
  });
  const request: Record<string, unknown> = {
    url: c.req.url,
    method: c.req.method,
    headers,
    params: c.req.query(),
    content,
  };
  if (content.trim() && /\bjson\b|\+json/i.test(c.req.header('content-type') ?? '')) {
    try {
      request.json = JSON.parse(content) as unknown;
    } catch {
      throw badRequest('request body is not valid JSON');
    }
  }
  return request;
}
