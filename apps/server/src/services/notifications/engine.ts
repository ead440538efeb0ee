import nodemailer from 'nodemailer';
import type { Database, SqlRunner } from '../../db/database.ts';
import type { Logger } from '../../http/logging.ts';
import {
  OutboundRefusedError,
  outboundFetch,
  resolveOutbound,
  STRICT_OUTBOUND,
  type OutboundPolicy,
} from '../../http/outbound.ts';
import { defineJob, type JobDefinition } from '../../jobs/definition.ts';
import { getSelfOrigin } from '../canary/runner.ts';
import { findConnection } from '../playbooks/actions.ts';
import { processSecretBox, type SecretBox } from '../playbooks/secrets.ts';
import { parseDuration } from '../playbooks/cel.ts';
import { renderTemplate } from '../playbooks/template.ts';
import {
  decide,
  loadSubject,
  type RuleRow,
  type SilenceRow,
  type Subject,
  type SubjectKind,
} from './decide.ts';

type Row = Record<string, unknown>;

/** Where one send goes: a URL, an email address, a connection, or a team or person's channel. */
export interface Recipient {
  url?: string;
  email?: string;
  connection?: string;
  properties?: Row;
  person_id?: string;
  team_id?: string;
  /** A recipient that cannot be reached (a team without channels): recorded as error. */
  problem?: string;
}

/** What a pending send row carries (notification_send_history.payload). */
interface SendPayload {
  resource_kind: SubjectKind;
  title: string;
  recipient: Recipient;
}

export interface EngineOptions {
  db: Database;
  log: Logger;
  /** Where webhook and SMTP sends may go (src/http/outbound.ts). */
  outbound?: OutboundPolicy;
  secrets?: SecretBox;
  /** Our own origin, for permalinks in bodies. */
  publicUrl?: string | undefined;
}

/** A claimed send not finished by then (its instance died) is claimed again. */
const CLAIM_MILLIS = 2 * 60_000;
const SEND_TIMEOUT_MILLIS = 30_000;
const BATCH = 20;

export const UNSUPPORTED = 'not supported by the embedded server';

/** How often a send that failed for a reason that may pass (a 5xx, no answer) is tried in all. */
export const MAX_SEND_ATTEMPTS = 3;
/** The wait before the second attempt; each later one waits four times longer. */
const RETRY_MILLIS = 30_000;

/** A send that failed for a reason that may pass: a 5xx, 408 or 429 answer, no answer at all. */
class TransientSendError extends Error {}

const SILENCE_COLUMNS = `id, name, filter, selectors, "from", until, recursive, config_id, check_id,
  canary_id, component_id, deleted_at`;
const RULE_COLUMNS = `id, name, events, title, template, filter, person_id, team_id, playbook_id,
  custom_services, repeat_interval, wait_for, wait_for_eval_period, inhibitions, error`;

/**
 * The notification engine (issue 34): events the database queued (migration 002's triggers) are
 * taken one at a time with SKIP LOCKED and decided against every live rule listening to them, each
 * outcome a notification_send_history row; a due send is a `pending` row, claimed by one instance
 * (its not_before moved past the claim) and sent through the recipient's connection. Both steps
 * live in the database, so a restart loses nothing and instances sharing one never send twice.
 */
export class NotificationEngine {
  private running = false;
  private busy: Promise<unknown> | undefined;
  private readonly outbound: OutboundPolicy;
  private readonly secrets: SecretBox;

  constructor(private readonly options: EngineOptions) {
    this.outbound = options.outbound ?? STRICT_OUTBOUND;
    this.secrets = options.secrets ?? processSecretBox();
  }

  /** Decides every queued event; answers how many were taken. */
  async takeEvents(limit = 500): Promise<number> {
    let taken = 0;
    while (taken < limit && (await this.takeEvent())) taken += 1;
    return taken;
  }

  private async takeEvent(): Promise<boolean> {
    return this.options.db.transaction(async (tx) => {
      const { rows } = await tx.query<{
        id: number;
        event: string;
        resource_kind: SubjectKind;
        resource_id: string;
      }>(
        `DELETE FROM opsdeck.notification_events
         WHERE id = (SELECT id FROM opsdeck.notification_events ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING id, event, resource_kind, resource_id`,
      );
      const event = rows[0];
      if (!event) return false;
      const subject = await loadSubject(tx, event.resource_kind, event.resource_id, event.event);
      if (subject) await this.decideAll(tx, subject);
      return true;
    });
  }

  private async decideAll(tx: SqlRunner, subject: Subject): Promise<void> {
    const now = new Date();
    const { rows: rules } = await tx.query<RuleRow>(
      `SELECT ${RULE_COLUMNS} FROM notifications
       WHERE deleted_at IS NULL AND $1 = ANY (events) ORDER BY created_at, id`,
      [subject.event],
    );
    const { rows: silences } = await tx.query<SilenceRow>(
      `SELECT ${SILENCE_COLUMNS} FROM notification_silences WHERE deleted_at IS NULL
       ORDER BY created_at, id`,
    );
    // One INSERT for the event's decisions, and one record of the event itself listing the rules
    // whose filter did not match (migration 005): a hundred rules, mostly not matching, are one row.
    const decided: Row[] = [];
    const unmatched: { rule_id: string; reason: string }[] = [];
    for (const rule of rules) {
      const decision = await decide(tx, rule, subject, silences, now);
      if (decision.status === 'skipped') {
        unmatched.push({ rule_id: rule.id, reason: decision.reason });
        continue;
      }
      const base = {
        notification_id: rule.id,
        source_event: subject.event,
        resource_id: subject.id,
        resource_status: subject.status,
        resource_health: subject.health,
      };
      if (decision.status !== 'pending') {
        decided.push({
          ...base,
          status: decision.status,
          reason: decision.reason,
          error: decision.status === 'error' ? decision.reason : null,
          silenced_by: decision.silencedBy ?? null,
          person_id: rule.person_id,
          team_id: rule.team_id,
          payload: { resource_kind: subject.kind },
        });
        continue;
      }
      const data = { ...subject.variables, permalink: this.permalink(subject) };
      let title: string;
      let body: string;
      try {
        title = renderTemplate(rule.title ?? defaultTitle(subject), data);
        body = renderTemplate(rule.template ?? '', data);
      } catch (error) {
        const reason = `template failed: ${(error as Error).message}`;
        decided.push({ ...base, status: 'error', reason, error: reason, payload: {} });
        continue;
      }
      // waitFor (plus waitForEvalPeriod): the send waits, then goes only if the resource is
      // still as it was (evaluateWaiting).
      const wait =
        (rule.wait_for ? (parseDuration(rule.wait_for) ?? 0) : 0) +
        (rule.wait_for_eval_period ? (parseDuration(rule.wait_for_eval_period) ?? 0) : 0);
      for (const recipient of await recipientsOf(tx, rule)) {
        const payload: SendPayload = { resource_kind: subject.kind, title, recipient };
        const waiting = !recipient.problem && wait > 0;
        decided.push({
          ...base,
          status: recipient.problem ? 'error' : waiting ? 'evaluating-waitfor' : 'pending',
          reason:
            recipient.problem ??
            (waiting
              ? `waiting ${[rule.wait_for, rule.wait_for_eval_period].filter(Boolean).join(' + ')} (waitFor${rule.wait_for_eval_period ? ' + waitForEvalPeriod' : ''}) to see the ${subject.kind.replace('_', ' ')} is still ${subject.status ?? 'as it was'}`
              : 'due'),
          error: recipient.problem ?? null,
          body,
          person_id: recipient.person_id ?? null,
          team_id: recipient.team_id ?? null,
          payload,
          not_before: recipient.problem ? null : new Date(now.getTime() + wait).toISOString(),
        });
      }
    }
    await insertHistory(tx, decided);
    await tx.query(
      `INSERT INTO opsdeck.notification_decided_events
         (event, resource_kind, resource_id, rule_count, unmatched)
       VALUES ($1, $2, $3, $4, $5::jsonb)`,
      [subject.event, subject.kind, subject.id, rules.length, JSON.stringify(unmatched)],
    );
  }

  /**
   * The sends whose waitFor is over: due now (pending) when their resource's status is still the
   * one they were decided on, else skipped saying so. Claimed with SKIP LOCKED like the sends.
   */
  async evaluateWaiting(): Promise<number> {
    return this.options.db.transaction(async (tx) => {
      const { rows } = await tx.query<{
        id: string;
        resource_id: string;
        source_event: string;
        resource_status: string | null;
        payload: SendPayload | null;
      }>(
        `SELECT id, resource_id, source_event, resource_status, payload
         FROM notification_send_history
         WHERE status = 'evaluating-waitfor' AND not_before <= now()
         ORDER BY not_before LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [BATCH * 5],
      );
      for (const row of rows) {
        const kind = row.payload?.resource_kind ?? 'check';
        const subject = await loadSubject(tx, kind, row.resource_id, row.source_event);
        const still = subject !== undefined && subject.status === row.resource_status;
        await tx.query(
          `UPDATE notification_send_history SET status = $2, reason = $3, not_before = $4
           WHERE id = $1`,
          still
            ? [row.id, 'pending', 'due (still so after waitFor)', new Date().toISOString()]
            : [
                row.id,
                'skipped',
                subject
                  ? `not sent: the ${kind.replace('_', ' ')} is ${subject.status ?? 'changed'} again after waitFor`
                  : `not sent: the ${kind.replace('_', ' ')} is gone`,
                null,
              ],
        );
      }
      return rows.length;
    });
  }

  private permalink(subject: Subject): string {
    const origin = this.options.publicUrl?.replace(/\/$/, '') ?? '';
    if (subject.kind === 'check') return `${origin}/health?checkId=${subject.id}`;
    if (subject.kind === 'incident') return `${origin}/incidents/${subject.id}`;
    return `${origin}/playbooks/runs/${subject.id}`;
  }

  /**
   * Sends every due pending send; answers how many ended sent, how many in error and how many
   * failed for a reason that may pass and wait to be tried again (up to MAX_SEND_ATTEMPTS).
   */
  async sendDue(): Promise<{ sent: number; failed: number; retrying: number }> {
    const outcome = { sent: 0, failed: 0, retrying: 0 };
    for (;;) {
      const { rows } = await this.options.db.query<{
        id: string;
        body: string | null;
        payload: SendPayload | null;
        retries: number;
      }>(
        `UPDATE notification_send_history
         SET not_before = now() + make_interval(secs => $1::double precision / 1000), retries = retries + 1
         WHERE id IN (
           SELECT id FROM notification_send_history
           WHERE status = 'pending' AND (not_before IS NULL OR not_before <= now())
           ORDER BY not_before NULLS FIRST, created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING id, body, payload, retries`,
        [CLAIM_MILLIS, BATCH],
      );
      if (rows.length === 0) return outcome;
      await Promise.all(
        rows.map(async (row) => {
          const started = Date.now();
          let error: string | undefined;
          let transient = false;
          try {
            await this.deliver(row.payload, row.body ?? '');
          } catch (failure) {
            error = (failure as Error).message;
            transient = failure instanceof TransientSendError;
          }
          const duration = Date.now() - started;
          if (error && transient && row.retries < MAX_SEND_ATTEMPTS) {
            // Tried again later, by whichever instance claims it then (the row is the state).
            const wait = RETRY_MILLIS * 4 ** (row.retries - 1);
            await this.options.db.query(
              `UPDATE notification_send_history
               SET reason = $2, duration_millis = $3,
                   not_before = now() + make_interval(secs => $4::double precision / 1000)
               WHERE id = $1 AND status = 'pending'`,
              [
                row.id,
                `send failed (attempt ${row.retries} of ${MAX_SEND_ATTEMPTS}): ${error}; tried again in ${wait / 1000} s`,
                duration,
                wait,
              ],
            );
            outcome.retrying += 1;
            return;
          }
          await this.options.db.query(
            `UPDATE notification_send_history
             SET status = $2, error = $3, reason = $4, duration_millis = $5, not_before = NULL
             WHERE id = $1 AND status = 'pending'`,
            [
              row.id,
              error ? 'error' : 'sent',
              error ?? null,
              error
                ? `send failed${row.retries > 1 ? ` (attempt ${row.retries} of ${MAX_SEND_ATTEMPTS})` : ''}: ${error}`
                : 'sent',
              duration,
            ],
          );
          if (error) outcome.failed += 1;
          else outcome.sent += 1;
        }),
      );
    }
  }

  private async deliver(payload: SendPayload | null, body: string): Promise<void> {
    const recipient = payload?.recipient;
    if (!recipient) throw new Error('the send names no recipient');
    const title = payload.title;
    if (recipient.url) return this.webhook(recipient.url, title, body, recipient.properties ?? {});
    if (recipient.connection) {
      const connection = await findConnection(this.options.db, recipient.connection, this.secrets);
      const properties = { ...(connection.properties ?? {}), ...(recipient.properties ?? {}) };
      if (connection.type === 'generic_webhook' || connection.type === 'webhook') {
        if (!connection.url) throw new Error(`connection ${recipient.connection} has no url`);
        return this.webhook(connection.url, title, body, properties);
      }
      if (connection.type === 'email') {
        const to = recipient.email ?? stringOf(properties.to) ?? toAddresses(connection.url);
        if (!to) throw new Error(`connection ${recipient.connection} names no address to mail`);
        return this.mail({ ...connection, properties }, to, title, body);
      }
      throw new Error(`${connection.type} notifications are ${UNSUPPORTED}`);
    }
    if (recipient.email) {
      // A person or an address: mailed through the first email connection.
      const { rows } = await this.options.db.query<{ namespace: string; name: string }>(
        `SELECT namespace, name FROM connections WHERE type = 'email' ORDER BY namespace, name LIMIT 1`,
      );
      if (!rows[0]) throw new Error('no email connection to send through');
      const connection = await findConnection(
        this.options.db,
        `connection://${rows[0].namespace}/${rows[0].name}`,
        this.secrets,
      );
      return this.mail(connection, recipient.email, title, body);
    }
    throw new Error('the send names no recipient');
  }

  /** A generic webhook: a POST (or GET) of `{title, message}` (keys per the connection). */
  private async webhook(
    given: string,
    title: string,
    body: string,
    properties: Row,
  ): Promise<void> {
    // A path (the demo's team channel) goes to this server's own origin, as the demo probes do.
    let url = given;
    if (given.startsWith('/') && !given.startsWith('//')) {
      const origin = getSelfOrigin() ?? this.options.publicUrl;
      if (!origin) throw new Error(`${given} is a path and this server's origin is not known yet`);
      url = new URL(given, origin).toString();
    }
    if (!/^https?:\/\//i.test(url)) throw new Error(`${url} is not an http(s) URL`);
    const method =
      String(properties.requestMethod ?? 'POST').toUpperCase() === 'GET' ? 'GET' : 'POST';
    const contentType = stringOf(properties.contentType) ?? 'application/json';
    const message = {
      [stringOf(properties.titleKey) ?? 'title']: title,
      [stringOf(properties.messageKey) ?? 'message']: body,
    };
    let response: Response;
    try {
      response = await outboundFetch(
        url,
        {
          method,
          headers: new Headers({ 'content-type': contentType }),
          ...(method === 'POST' ? { body: JSON.stringify(message) } : {}),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MILLIS),
          maxRedirects: 0,
        },
        this.outbound,
      );
    } catch (error) {
      // Refused by the outbound policy: that will not pass. No answer (refused, reset, timed out): it may.
      if (error instanceof OutboundRefusedError) throw error;
      throw new TransientSendError((error as Error).message);
    }
    await response.arrayBuffer().catch(() => undefined);
    if (response.status >= 500 || response.status === 408 || response.status === 429)
      throw new TransientSendError(`${url} answered ${response.status}`);
    if (response.status >= 400) throw new Error(`${url} answered ${response.status}`);
  }

  /** Email over SMTP to the connection's host, checked by the outbound policy like any send. */
  private async mail(
    connection: {
      url: string | null;
      username: string | null;
      password: string | null;
      properties: Row | null;
    },
    to: string,
    subject: string,
    text: string,
  ): Promise<void> {
    const properties = connection.properties ?? {};
    let url: URL | undefined;
    try {
      url = connection.url ? new URL(connection.url) : undefined;
    } catch {
      url = undefined;
    }
    const host = stringOf(properties.host) ?? url?.hostname;
    if (!host) throw new Error('the email connection has no host');
    const port = Number(properties.port ?? (url?.port || 587));
    const resolved = await resolveOutbound(host, this.outbound);
    const encryption = stringOf(properties.encryptionMethod) ?? 'Auto';
    const user =
      connection.username ?? (url?.username ? decodeURIComponent(url.username) : undefined);
    const pass =
      connection.password ?? (url?.password ? decodeURIComponent(url.password) : undefined);
    const transport = nodemailer.createTransport({
      host: resolved.address,
      port,
      secure: encryption === 'ImplicitTLS',
      ignoreTLS: encryption === 'None',
      requireTLS: encryption === 'ExplicitTLS',
      ...(user && pass ? { auth: { user, pass } } : {}),
      tls: { servername: host, rejectUnauthorized: properties.insecure_tls !== true },
      connectionTimeout: SEND_TIMEOUT_MILLIS,
      greetingTimeout: SEND_TIMEOUT_MILLIS,
      socketTimeout: SEND_TIMEOUT_MILLIS,
    });
    try {
      const fromAddress =
        stringOf(properties.from) ??
        url?.searchParams.get('fromAddress') ??
        url?.searchParams.get('fromaddress') ??
        'opsdeck@localhost';
      const fromName = stringOf(properties.fromName);
      await transport
        .sendMail({
          from: fromName ? { name: fromName, address: fromAddress } : fromAddress,
          to,
          subject,
          text,
        })
        .catch((error: Error & { code?: string; responseCode?: number }) => {
          // No connection, or the server's 4xx (SMTP's "try again later"): it may pass.
          const code = error.responseCode ?? 0;
          if (
            (code >= 400 && code < 500) ||
            /^E(CONNECTION|TIMEDOUT|SOCKET|DNS)$/.test(error.code ?? '')
          )
            throw new TransientSendError(error.message);
          throw error;
        });
    } finally {
      transport.close();
    }
  }

  /** Runs both steps now (the change stream's wake-up), unless a pass is under way. */
  wake(): void {
    if (!this.running || this.busy) return;
    this.busy = this.pass()
      .catch((error: Error) =>
        this.options.log({
          level: 'error',
          msg: 'notification engine failed',
          error: error.message,
        }),
      )
      .finally(() => {
        this.busy = undefined;
      });
  }

  private async pass(): Promise<{ decided: number; sent: number; failed: number }> {
    const decided = await this.takeEvents();
    await this.evaluateWaiting();
    const { sent, failed } = await this.sendDue();
    return { decided, sent, failed };
  }

  /** Every instance polls (each event and send is claimed by one): every second, busy-only. */
  job(): JobDefinition {
    return defineJob({
      name: 'NotificationEngine',
      schedule: '@every 1s',
      lease: false,
      record: 'busy',
      run: async (context) => {
        this.running = true;
        await this.busy;
        const done = await this.pass();
        if (done.decided > 0) context.detail('events_decided', done.decided);
        context.success(done.sent);
        if (done.failed > 0) context.warn(`${done.failed} notification sends failed`);
      },
      stop: async () => {
        this.running = false;
        await this.busy;
      },
    });
  }
}

function defaultTitle(subject: Subject): string {
  return `${subject.event}: ${subject.name}`;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function toAddresses(url: string | null): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).searchParams.get('toAddresses') ?? undefined;
  } catch {
    return undefined;
  }
}

/** Send-history rows in one statement; a column a row does not give is null there. */
async function insertHistory(tx: SqlRunner, all: readonly Row[]): Promise<void> {
  // Chunked: a statement's parameters are capped at 65,535.
  for (let start = 0; start < all.length; start += 1000)
    await insertHistoryRows(tx, all.slice(start, start + 1000));
}

async function insertHistoryRows(tx: SqlRunner, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const values: unknown[] = [];
  const tuples = rows.map(
    (row) =>
      `(${columns
        .map((column) => {
          const value = row[column] ?? null;
          values.push(column === 'payload' && value !== null ? JSON.stringify(value) : value);
          return column === 'payload' ? `$${values.length}::jsonb` : `$${values.length}`;
        })
        .join(', ')})`,
  );
  await tx.query(
    `INSERT INTO notification_send_history (${columns.join(', ')}) VALUES ${tuples.join(', ')}`,
    values,
  );
}

/**
 * A rule's recipients: its person (their email), its team's channels (`spec.notifications` of the
 * team: connection, url or email each; a team without any is an error), its custom_services.
 * A playbook recipient is not run by this server: an error saying so.
 */
export async function recipientsOf(db: SqlRunner, rule: RuleRow): Promise<Recipient[]> {
  const recipients: Recipient[] = [];
  if (rule.person_id) {
    const { rows } = await db.query<{ email: string | null; name: string }>(
      'SELECT email, name FROM people WHERE id = $1',
      [rule.person_id],
    );
    recipients.push(
      rows[0]?.email
        ? { email: rows[0].email, person_id: rule.person_id }
        : { person_id: rule.person_id, problem: 'the person has no email address' },
    );
  }
  if (rule.team_id) {
    const { rows } = await db.query<{ name: string; spec: { notifications?: unknown } | null }>(
      'SELECT name, spec FROM teams WHERE id = $1',
      [rule.team_id],
    );
    const channels = channelsOf(rows[0]?.spec?.notifications);
    if (channels.length === 0)
      recipients.push({
        team_id: rule.team_id,
        problem: `team ${rows[0]?.name ?? rule.team_id} has no notification channels`,
      });
    for (const channel of channels) recipients.push({ ...channel, team_id: rule.team_id });
  }
  if (rule.playbook_id) recipients.push({ problem: `playbook recipients are ${UNSUPPORTED}` });
  recipients.push(...channelsOf(rule.custom_services));
  // A rule whose recipient could not be found when it was loaded: each send is an error saying so.
  if (recipients.length === 0 && rule.error) recipients.push({ problem: rule.error });
  return recipients;
}

function channelsOf(value: unknown): Recipient[] {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : [];
  const channels: Recipient[] = [];
  for (const entry of list as Row[]) {
    if (!entry || typeof entry !== 'object') continue;
    const properties =
      entry.properties && typeof entry.properties === 'object'
        ? (entry.properties as Row)
        : undefined;
    const channel: Recipient = properties ? { properties } : {};
    if (stringOf(entry.connection)) channel.connection = entry.connection as string;
    else if (stringOf(entry.url)) channel.url = entry.url as string;
    else if (stringOf(entry.email)) channel.email = entry.email as string;
    else continue;
    if (channel.connection && stringOf(entry.email)) channel.email = entry.email as string;
    channels.push(channel);
  }
  return channels;
}
