import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { Logger } from '../../http/logging.ts';
import type { OutboundPolicy } from '../../http/outbound.ts';
import { defineJob, type JobDefinition } from '../../jobs/definition.ts';
import type { ServiceJob } from '../defineService.ts';
import { performAction, type ActionOutcome } from './actions.ts';
import { actionShouldRun, delayMillis, retryDelayMillis, type ConditionState } from './cel.ts';
import { loadResource, type ResourceKind } from './resources.ts';
import { actionKind, parsePlaybookSpec, type PlaybookAction, type PlaybookSpec } from './spec.ts';
import { renderShellScript } from './shellTemplate.ts';
import { renderTemplate, type TemplateFunction } from './template.ts';
import { renderDeferredParameters, runDigestRefusal } from './runs.ts';
import { takePlaybookEvent } from './triggers.ts';
import { processSecretBox, secretContext, SecretError, type SecretBox } from './secrets.ts';
import { literalSpecSecrets } from './specSecrets.ts';

export interface RunnerOptions {
  db: Database;
  log: Logger;
  /** This instance's name on the leases it holds (default: a fresh uuid per process). */
  instanceId?: string;
  /** Exec actions allowed (false with `--no-playbook-exec`). */
  execEnabled: boolean;
  /** How long a claimed run stays ours without a heartbeat (default 30 s). */
  leaseMillis?: number;
  /** How often the job looks for due runs (default 1 s). */
  pollMillis?: number;
  /** Runs this instance executes at once (default 4). */
  concurrency?: number;
  /** Seals and opens secret parameters (default: this process's random key). */
  secrets?: SecretBox;
  /** Where http, sql and notification actions may go (default: public addresses only). */
  outbound?: OutboundPolicy;
}

/** What one poll of the runner did. */
export interface PollOutcome {
  /** Runs claimed (their execution goes on after the poll). */
  claimed: number;
  /** Runs scheduled from queued trigger events. */
  scheduled: number;
  errors: string[];
}

/** The reason an action in progress when its server died is failed with. */
export const INTERRUPTED =
  'interrupted: the server running this action stopped before it finished (the run was taken over after a restart)';

const FINAL_ACTION = new Set(['completed', 'failed', 'skipped']);

interface RunRow {
  id: string;
  playbook_id: string;
  status: string;
  spec: unknown;
  parameters: Record<string, string> | null;
  check_id: string | null;
  config_id: string | null;
  component_id: string | null;
  created_by: string | null;
  request: Record<string, unknown> | null;
  start_time: string | null;
  timeout: number | null;
  taken_over: boolean;
}

interface ActionRow {
  id: string;
  name: string;
  status: string;
  retry_count: number;
  result: Record<string, unknown> | null;
  error: string | null;
}

/**
 * Executes playbook runs claimed from the database. A claim is a row lock taken with
 * `FOR UPDATE SKIP LOCKED` that sets the run's lease to this instance: several instances on one
 * PostgreSQL never execute one run (so never one action) twice. The lease is renewed while the run
 * executes; a run whose lease ran out (its instance died) is taken over, and the action that was in
 * progress is failed with INTERRUPTED rather than run again (it may have had effects).
 */
export class PlaybookRunner {
  readonly instanceId: string;
  readonly secrets: SecretBox;
  private readonly leaseMillis: number;
  private readonly active = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private stopped = true;
  private ready: Promise<void> = Promise.resolve();

  constructor(private readonly options: RunnerOptions) {
    this.instanceId = options.instanceId ?? `opsdeck-${randomUUID()}`;
    this.secrets = options.secrets ?? processSecretBox();
    this.leaseMillis = options.leaseMillis ?? 30_000;
  }

  /** Starts polling for due runs; the returned job stops polling and waits for runs in flight. */
  start(): ServiceJob {
    this.open();
    this.timer = setInterval(() => this.wake(), this.options.pollMillis ?? 1000);
    this.timer.unref();
    this.wake();
    return { stop: () => this.stop() };
  }

  /**
   * The runner's poll as the playbooks module's scheduled job: each second, queued trigger events
   * become runs and due runs are claimed (their execution goes on past the poll). Every instance
   * polls (a claim is a row lock); a poll that claimed or scheduled nothing leaves no record.
   */
  job(): JobDefinition {
    return defineJob({
      name: 'PlaybookRunner',
      schedule: '@every 1s',
      lease: false,
      record: 'busy',
      run: async (context) => {
        if (this.stopped) this.open();
        const polled = await this.poll();
        context.success(polled.claimed);
        if (polled.scheduled > 0) context.detail('scheduled_by_events', polled.scheduled);
        for (const error of polled.errors) context.error(error);
      },
      stop: () => this.stop(),
    });
  }

  // Ready to claim: before the first claim, a run whose secrets an older server stored in clear
  // must find them sealed.
  private open(): void {
    this.stopped = false;
    this.ready = this.sealStoredSecrets().then(
      (sealed) => {
        if (sealed > 0)
          this.options.log({
            msg: 'playbook secret parameters stored in clear now sealed',
            sealed,
          });
      },
      (error: unknown) =>
        this.options.log({
          level: 'error',
          msg: 'sealing stored playbook secrets failed',
          error: (error as Error).message,
        }),
    );
  }

  /** Looks for due runs now (a new run was scheduled or approved); nothing until started. */
  wake(): void {
    if (this.stopped || this.polling) return;
    this.polling = this.fill()
      .then(() => undefined)
      .finally(() => {
        this.polling = undefined;
      });
  }

  /** One poll, awaited: what it claimed and scheduled (none while a woken poll is under way). */
  async poll(): Promise<PollOutcome> {
    if (this.stopped || this.polling) return { claimed: 0, scheduled: 0, errors: [] };
    const outcome = this.fill();
    this.polling = outcome.then(() => undefined);
    try {
      return await outcome;
    } finally {
      this.polling = undefined;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.polling;
    await Promise.allSettled([...this.active]);
  }

  /** Waits until nothing is in flight (tests). */
  async idle(): Promise<void> {
    while (this.polling || this.active.size > 0) {
      await this.polling;
      await Promise.allSettled([...this.active]);
    }
  }

  private async fill(): Promise<PollOutcome> {
    const concurrency = this.options.concurrency ?? 4;
    const outcome: PollOutcome = { claimed: 0, scheduled: 0, errors: [] };
    try {
      await this.ready;
      // An event that cannot be turned into runs (it stays queued) must not stop runs being claimed.
      await this.takeEvents().then(
        (runIds) => {
          outcome.scheduled = runIds.length;
        },
        (error: unknown) => {
          outcome.errors.push(`trigger events: ${(error as Error).message}`);
          this.options.log({
            level: 'error',
            msg: 'playbook trigger events failed',
            error: (error as Error).message,
          });
        },
      );
      while (!this.stopped && this.active.size < concurrency) {
        const run = await this.claim();
        if (!run) break;
        outcome.claimed += 1;
        const work = this.execute(run)
          .catch((error: unknown) =>
            this.options.log({
              level: 'error',
              msg: 'playbook run failed in the runner',
              run_id: run.id,
              error: (error as Error).message,
            }),
          )
          .finally(() => {
            this.active.delete(work);
            this.wake();
          });
        this.active.add(work);
      }
    } catch (error) {
      outcome.errors.push((error as Error).message);
      this.options.log({
        level: 'error',
        msg: 'playbook runner poll failed',
        error: (error as Error).message,
      });
    }
    return outcome;
  }

  /**
   * Seals secret parameters stored in clear (by a server before encryption at rest) under this
   * server's key; answers how many. Idempotent: sealed values are left alone.
   */
  async sealStoredSecrets(): Promise<number> {
    const { db } = this.options;
    const { rows } = await db.query<{ run_id: string; name: string; value: string }>(
      `SELECT run_id, name, value FROM opsdeck.playbook_run_secrets WHERE value NOT LIKE 'v1:%'`,
    );
    for (const row of rows)
      await db.query(
        `UPDATE opsdeck.playbook_run_secrets SET value = $3
         WHERE run_id = $1 AND name = $2 AND value = $4`,
        [
          row.run_id,
          row.name,
          this.secrets.seal(row.value, secretContext(row.run_id, row.name)),
          row.value,
        ],
      );
    return rows.length;
  }

  /**
   * Turns queued check status and component health changes into runs of the playbooks listening
   * (`on.canary`, `on.component`), at most `max` events per call; answers the runs scheduled. Each poll does this before claiming runs.
   */
  async takeEvents(max = 50): Promise<string[]> {
    const scheduled: string[] = [];
    for (let n = 0; n < max; n += 1) {
      const runIds = await takePlaybookEvent(this.options.db, this.secrets, this.options.log);
      if (!runIds) break;
      scheduled.push(...runIds);
    }
    return scheduled;
  }

  /** Claims one due run, or none. Exported through tick() for tests. */
  async claim(): Promise<RunRow | undefined> {
    return this.options.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string; status: string }>(
        `SELECT id, status FROM playbook_runs
         WHERE scheduled_time <= now()
           -- A run for a remote agent is that agent's to execute, never this server's.
           AND (agent_id IS NULL OR agent_id = '00000000-0000-0000-0000-000000000000')
           AND (status IN ('scheduled', 'sleeping', 'retrying')
                OR (status = 'running' AND (lease_expires_at IS NULL OR lease_expires_at < now())))
         ORDER BY scheduled_time, id
         LIMIT 1
         FOR UPDATE SKIP LOCKED`,
      );
      const due = rows[0];
      if (!due) return undefined;
      const claimed = await tx.query<RunRow>(
        `UPDATE playbook_runs
         SET status = 'running', lease_owner = $2,
             lease_expires_at = now() + make_interval(secs => $3::double precision / 1000),
             start_time = COALESCE(start_time, now())
         WHERE id = $1
         RETURNING id, playbook_id, status, spec, parameters, check_id, config_id, component_id,
                   created_by, request, start_time, timeout, $4::boolean AS taken_over`,
        [due.id, this.instanceId, this.leaseMillis, due.status === 'running'],
      );
      return claimed.rows[0];
    });
  }

  /** Claims and executes at most one run to its end or its next sleep (tests drive the runner so). */
  async tick(): Promise<string | undefined> {
    const run = await this.claim();
    if (!run) return undefined;
    await this.execute(run);
    return run.id;
  }

  private async execute(run: RunRow): Promise<void> {
    const abort = new AbortController();
    const heartbeat = setInterval(
      () => void this.renew(run, abort),
      Math.max(50, this.leaseMillis / 3),
    );
    heartbeat.unref();
    try {
      await this.executeActions(run, abort.signal);
    } catch (error) {
      // A run that cannot be executed (a spec written straight into /api/db, a database error) ends
      // failed with the reason, rather than being taken over and failing again forever.
      await this.options.db.query(
        `UPDATE playbook_runs
         SET status = 'failed', end_time = now(), error = $3, lease_owner = NULL, lease_expires_at = NULL
         WHERE id = $1 AND lease_owner = $2 AND status = 'running'`,
        [run.id, this.instanceId, (error as Error).message],
      );
      // Nor does an action it was performing stay `running` forever.
      await this.options.db.query(
        `UPDATE playbook_run_actions SET status = 'failed', end_time = now(), error = $2
         WHERE playbook_run_id = $1 AND status = 'running'`,
        [run.id, (error as Error).message],
      );
      throw error;
    } finally {
      clearInterval(heartbeat);
    }
  }

  // Renews the lease; when the run was cancelled, timed out or taken over, stops its work.
  private async renew(run: RunRow, abort: AbortController): Promise<void> {
    if (abort.signal.aborted) return;
    try {
      const { rows } = await this.options.db.query<{ status: string; lease_owner: string | null }>(
        `UPDATE playbook_runs
         SET lease_expires_at = CASE WHEN status = 'running' AND lease_owner = $2
               THEN now() + make_interval(secs => $3::double precision / 1000) ELSE lease_expires_at END,
             status = CASE WHEN status = 'running' AND lease_owner = $2 AND timeout IS NOT NULL
                             AND start_time + make_interval(secs => timeout::double precision / 1e9) < now()
               THEN 'timed_out' ELSE status END,
             end_time = CASE WHEN status = 'running' AND lease_owner = $2 AND timeout IS NOT NULL
                             AND start_time + make_interval(secs => timeout::double precision / 1e9) < now()
               THEN now() ELSE end_time END,
             error = CASE WHEN status = 'running' AND lease_owner = $2 AND timeout IS NOT NULL
                           AND start_time + make_interval(secs => timeout::double precision / 1e9) < now()
               THEN 'playbook run timed out' ELSE error END
         WHERE id = $1
         RETURNING status, lease_owner`,
        [run.id, this.instanceId, this.leaseMillis],
      );
      const row = rows[0];
      if (!row) abort.abort('run deleted');
      else if (row.status === 'cancelled') abort.abort('run cancelled');
      else if (row.status === 'timed_out') abort.abort('playbook run timed out');
      else if (row.lease_owner !== this.instanceId || row.status !== 'running')
        abort.abort('this server lost the run to another instance');
    } catch (error) {
      this.options.log({
        level: 'warn',
        msg: 'playbook lease renewal failed',
        run_id: run.id,
        error: (error as Error).message,
      });
    }
  }

  private async executeActions(run: RunRow, signal: AbortSignal): Promise<void> {
    const { db } = this.options;
    // Only what was created and approved runs (a run changed or made around the routes fails).
    const refusal = await runDigestRefusal(db, run.id);
    if (refusal) throw new Error(refusal);
    const parsed = parsePlaybookSpec(run.spec);
    if (!parsed.ok) throw new Error(parsed.message);
    const spec = parsed.spec;
    // A webhook's run is stored unrendered (its call was answered first): rendered as it starts.
    if (run.parameters === null)
      run.parameters = await renderDeferredParameters(db, this.secrets, run.id, this.instanceId);
    const existing = (
      await db.query<ActionRow>(
        `SELECT id, name, status, retry_count, result, error FROM playbook_run_actions
         WHERE playbook_run_id = $1`,
        [run.id],
      )
    ).rows;
    if (run.taken_over) {
      // What was running when the owner died may have had effects: fail it, never run it again.
      await db.query(
        `UPDATE playbook_run_actions SET status = 'failed', end_time = now(), error = $2
         WHERE playbook_run_id = $1 AND status = 'running'`,
        [run.id, INTERRUPTED],
      );
      for (const row of existing)
        if (row.status === 'running') Object.assign(row, { status: 'failed', error: INTERRUPTED });
    }
    const data = await this.templateData(run, spec);
    const previous: ConditionState['previous'][number][] = [];
    const state = (): ConditionState => ({
      variables: {
        params: data.params,
        config: data.config ?? {},
        check: data.check ?? {},
        component: data.component ?? {},
        run: data.run,
        playbook: data.playbook,
        env: data.env,
        user: data.user,
        request: data.request,
      },
      previous,
    });
    const functions: Record<string, TemplateFunction> = {
      getAction: (name) => {
        const found = previous.find((action) => action.name === name);
        return found
          ? {
              name: found.name,
              status: found.status,
              result: found.result ?? {},
              error: found.error ?? '',
            }
          : {};
      },
      getLastAction: () => {
        const last = previous.at(-1);
        return last
          ? {
              name: last.name,
              status: last.status,
              result: last.result ?? {},
              error: last.error ?? '',
            }
          : {};
      },
      last_result: () => previous.at(-1)?.result ?? {},
    };

    for (const action of spec.actions) {
      const row = existing.find((candidate) => candidate.name === action.name);
      if (row && FINAL_ACTION.has(row.status)) {
        previous.push({
          name: row.name,
          status: row.status,
          result: row.result ?? {},
          error: row.error,
        });
        continue;
      }
      if (signal.aborted) break;
      let outcome: ActionOutcome & { status?: string };
      let actionId = row?.id;
      try {
        if (!row) {
          if (!actionShouldRun(action.if, state())) {
            await this.recordAction(run.id, action.name, 'skipped', {});
            previous.push({ name: action.name, status: 'skipped', result: {} });
            continue;
          }
          const delay = delayMillis(action.delay, state());
          if (delay > 0) {
            // Sleep in the database, not in memory: the run is released and claimed again when due.
            await this.sleep(run, action.name, delay);
            return;
          }
        }
        actionId = await this.startAction(run.id, action.name, actionId);
        if (!actionId) return; // Another instance holds this action (unique row): never run it twice.
        const rendered = renderAction(action, data, functions);
        outcome = await performAction(rendered, {
          db,
          execEnabled: this.options.execEnabled,
          env: { ...data.env, ...paramEnv(data.params) },
          signal,
          ...(this.options.outbound ? { outbound: this.options.outbound } : {}),
          secrets: this.secrets,
        });
      } catch (error) {
        // A template or CEL error is the action's failure, named in its error (no retry changes it).
        outcome = { result: {}, error: (error as Error).message, final: true };
        if (!actionId) actionId = await this.startAction(run.id, action.name, undefined);
      }
      if (signal.aborted && !outcome.error) outcome.error = String(signal.reason);
      // Secrets never land in what /api/db serves (reference §2: "Secrets are scrubbed from the result").
      outcome = scrubSecrets(outcome, data.secrets);
      const retryIn =
        outcome.error && !outcome.final && !signal.aborted
          ? retryDelayMillis(action.retry, row?.retry_count ?? 0)
          : undefined;
      if (retryIn !== undefined && actionId) {
        // Another attempt later, from the database like a delay: the run is released meanwhile.
        await this.retryLater(run, actionId, outcome, retryIn);
        return;
      }
      const status = outcome.error ? 'failed' : 'completed';
      await db.query(
        `UPDATE playbook_run_actions SET status = $2, result = $3::jsonb, error = $4, end_time = now()
         WHERE id = $1`,
        [actionId, status, JSON.stringify(outcome.result), outcome.error ?? null],
      );
      previous.push({
        name: action.name,
        status,
        result: outcome.result,
        error: outcome.error ?? null,
      });
      if (signal.aborted) break;
    }
    const failed = previous.find((action) => action.status === 'failed');
    const aborted = signal.aborted ? String(signal.reason) : undefined;
    // Only a run still ours and running ends here; a cancel or timeout already set its final state.
    await db.query(
      `UPDATE playbook_runs
       SET status = $3, end_time = now(), error = $4, lease_owner = NULL, lease_expires_at = NULL
       WHERE id = $1 AND lease_owner = $2 AND status = 'running'`,
      [
        run.id,
        this.instanceId,
        failed || aborted ? 'failed' : 'completed',
        failed ? `action "${failed.name}": ${failed.error ?? 'failed'}` : (aborted ?? null),
      ],
    );
  }

  private async recordAction(runId: string, name: string, status: string, result: object) {
    await this.options.db.query(
      `INSERT INTO playbook_run_actions (playbook_run_id, name, status, start_time, end_time, result)
       VALUES ($1, $2, $3, now(), now(), $4::jsonb)
       ON CONFLICT (playbook_run_id, name) DO NOTHING`,
      [runId, name, status, JSON.stringify(result)],
    );
  }

  // Marks an action running (a new row, or the delayed one now due); undefined if another instance has it.
  private async startAction(
    runId: string,
    name: string,
    id: string | undefined,
  ): Promise<string | undefined> {
    const { db } = this.options;
    if (id) {
      const { rows } = await db.query<{ id: string }>(
        `UPDATE playbook_run_actions SET status = 'running', start_time = now()
         WHERE id = $1 AND status IN ('scheduled', 'sleeping') RETURNING id`,
        [id],
      );
      return rows[0]?.id;
    }
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO playbook_run_actions (playbook_run_id, name, status, start_time)
       VALUES ($1, $2, 'running', now())
       ON CONFLICT (playbook_run_id, name) DO NOTHING RETURNING id`,
      [runId, name],
    );
    return rows[0]?.id;
  }

  private async sleep(run: RunRow, name: string, delay: number): Promise<void> {
    const { db } = this.options;
    await db.query(
      `INSERT INTO playbook_run_actions (playbook_run_id, name, status, scheduled_time)
       VALUES ($1, $2, 'sleeping', now() + make_interval(secs => $3::double precision / 1000))
       ON CONFLICT (playbook_run_id, name) DO NOTHING`,
      [run.id, name, delay],
    );
    await this.releaseUntil(run, 'sleeping', delay);
  }

  // The failed attempt stays on the row (result, error); the action and the run are due again later.
  private async retryLater(
    run: RunRow,
    actionId: string,
    outcome: ActionOutcome,
    delay: number,
  ): Promise<void> {
    const { db } = this.options;
    await db.query(
      `UPDATE playbook_run_actions
       SET status = 'scheduled', result = $2::jsonb, error = $3, end_time = now(),
           retry_count = retry_count + 1,
           scheduled_time = now() + make_interval(secs => $4::double precision / 1000)
       WHERE id = $1`,
      [actionId, JSON.stringify(outcome.result), outcome.error ?? null, delay],
    );
    await this.releaseUntil(run, 'retrying', delay);
  }

  /** The run leaves this runner (its lease released) in `status` until `delay` ms from now. */
  private async releaseUntil(
    run: RunRow,
    status: 'sleeping' | 'retrying',
    delay: number,
  ): Promise<void> {
    await this.options.db.query(
      `UPDATE playbook_runs
       SET status = $4, scheduled_time = now() + make_interval(secs => $3::double precision / 1000),
           lease_owner = NULL, lease_expires_at = NULL
       WHERE id = $1 AND lease_owner = $2 AND status = 'running'`,
      [run.id, this.instanceId, delay, status],
    );
  }

  private async templateData(run: RunRow, spec: PlaybookSpec) {
    const { db } = this.options;
    const resource = async (kind: ResourceKind, id: string | null) =>
      id ? (await loadResource(db, kind, id))?.row : undefined;
    const [config, check, component, people, secrets, playbook] = await Promise.all([
      resource('config', run.config_id),
      resource('check', run.check_id),
      resource('component', run.component_id),
      run.created_by
        ? db.query<{ id: string; name: string; email: string | null }>(
            'SELECT id, name, email FROM people WHERE id = $1',
            [run.created_by],
          )
        : Promise.resolve({ rows: [] as { id: string; name: string; email: string | null }[] }),
      db.query<{ name: string; value: string }>(
        'SELECT name, value FROM opsdeck.playbook_run_secrets WHERE run_id = $1',
        [run.id],
      ),
      db.query<{ id: string; name: string; namespace: string; title: string | null }>(
        'SELECT id, name, namespace, title FROM playbooks WHERE id = $1',
        [run.playbook_id],
      ),
    ]);
    const params: Record<string, string> = { ...(run.parameters ?? {}) };
    const secretValues: string[] = [];
    for (const secret of secrets.rows) {
      let value: string;
      try {
        value = this.secrets.open(secret.value, secretContext(run.id, secret.name));
      } catch (error) {
        if (error instanceof SecretError)
          throw new Error(`secret parameter ${secret.name}: ${error.message}`);
        throw error;
      }
      params[secret.name] = value;
      if (value.length >= 3) secretValues.push(value);
    }
    // The spec's literal secrets (env values, headers, passwords) are scrubbed from results too.
    secretValues.push(...literalSpecSecrets(spec));
    const base = {
      params,
      config,
      check,
      component,
      run: { id: run.id, playbook_id: run.playbook_id },
      playbook: playbook.rows[0] ?? { id: run.playbook_id },
      user: people.rows[0] ?? {},
      // What started the run: a webhook's {url, method, headers, params, content, json}, or the
      // body of POST /playbook/run.
      request: run.request ?? {},
      env: {} as Record<string, string>,
      secrets: secretValues,
    };
    // The spec's env values are templates themselves (`{{.config.name}}`).
    for (const variable of spec.env ?? [])
      if (variable.value !== undefined)
        base.env[variable.name] = renderTemplate(variable.value, base);
    return base;
  }
}

// Also what PostgreSQL cannot store: a NUL byte (text and jsonb refuse it) becomes U+FFFD, so output
// with one is kept and the action still ends with its real status (issue 27 #13).
function scrubSecrets<T extends ActionOutcome>(outcome: T, secrets: readonly string[]): T {
  const scrub = (value: unknown): unknown => {
    if (typeof value === 'string')
      return secrets
        .reduce((text, secret) => text.replaceAll(secret, '********'), value)
        .replaceAll('\0', '\uFFFD');
    if (Array.isArray(value)) return value.map(scrub);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) => [scrub(key), scrub(inner)]),
      );
    return value;
  };
  return {
    ...outcome,
    result: scrub(outcome.result) as Record<string, unknown>,
    ...(outcome.error ? { error: scrub(outcome.error) as string } : {}),
  };
}

// Each parameter as an environment variable of exec scripts too: PARAM_<NAME>, upper-cased.
function paramEnv(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      `PARAM_${name.toUpperCase().replace(/[^A-Z0-9_]/g, '_')}`,
      value,
    ]),
  );
}

// Renders every string of the action's kind (script, url, body, headers, query, title…).
function renderAction(
  action: PlaybookAction,
  data: object,
  functions: Record<string, TemplateFunction>,
): PlaybookAction {
  const kind = actionKind(action);
  const render = (value: unknown): unknown => {
    if (typeof value === 'string') return renderTemplate(value, data, functions);
    if (Array.isArray(value)) return value.map(render);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, render(inner)]));
    return value;
  };
  if (kind !== 'exec') return { ...action, [kind]: render(action[kind]) } as PlaybookAction;
  // The script's values reach it as environment variables, never as code (shellTemplate.ts).
  const { script: source, ...fields } = action.exec!;
  const { script, env } = renderShellScript(source, data, functions);
  const exec = render(fields) as typeof fields;
  const values = Object.entries(env).map(([name, value]) => ({ name, value }));
  return { ...action, exec: { ...exec, script, env: [...(exec.env ?? []), ...values] } };
}
