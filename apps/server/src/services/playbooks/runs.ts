import { randomUUID } from 'node:crypto';
import type { Authorizer } from '@opsdeck/rbac';
import { namesVerb, scopedDecision } from '../../auth/scoped.ts';
import type { AuthUser } from '../../auth/user.ts';
import type { Database, SqlRunner } from '../../db/database.ts';
import { ApiError, badRequest, notFound } from '../../http/errors.ts';
import { evaluateCel, ExpressionError, parseDuration } from './cel.ts';
import {
  ParameterError,
  renderParameters,
  resolveParameters,
  type ServedParameter,
} from './params.ts';
import {
  acceptsResources,
  isUuid,
  loadResource,
  playbookMatches,
  type PlaybookResource,
  type ResourceKind,
} from './resources.ts';
import { processSecretBox, secretContext, type SecretBox } from './secrets.ts';
import { approversOf, parsePlaybookSpec, type PlaybookSpec } from './spec.ts';
import { maskPlaybookSpec } from './specSecrets.ts';

export interface PlaybookRow {
  id: string;
  namespace: string;
  name: string;
  title: string | null;
  icon: string | null;
  description: string | null;
  source: string | null;
  category: string | null;
  created_at: string;
  spec: unknown;
}

/** The resource ids a request may carry; at most one of them. */
export interface ResourceIds {
  config_id?: string | undefined;
  check_id?: string | undefined;
  component_id?: string | undefined;
}

const FINAL_RUN = ['cancelled', 'completed', 'failed', 'timed_out'];
/** playbook_runs.timeout default: 30 minutes, in nanoseconds as the real column. */
const DEFAULT_RUN_TIMEOUT_NANOS = 1_800_000_000_000;
const SECRET_MASK = '********';

/** Which resource a request names, loaded; 400 for two, 404 for an unknown one. */
export async function requestedResource(
  db: SqlRunner,
  ids: ResourceIds,
): Promise<PlaybookResource | undefined> {
  const given = (
    [
      ['config', ids.config_id],
      ['check', ids.check_id],
      ['component', ids.component_id],
    ] as [ResourceKind, string | undefined][]
  ).filter(([, id]) => id);
  if (given.length > 1)
    throw badRequest('provide at most one of: config_id, check_id or component_id');
  const [kind, id] = given[0] ?? [];
  if (!kind || !id) return undefined;
  if (!isUuid(id)) throw badRequest(`${kind}_id must be a uuid`);
  const resource = await loadResource(db, kind, id);
  if (!resource) throw notFound(`${kind} ${id} not found`);
  return resource;
}

/** A non-deleted playbook with its spec checked; 404 when missing, 400 when its spec is invalid. */
export async function loadPlaybook(
  db: SqlRunner,
  id: string,
): Promise<{ row: PlaybookRow; spec: PlaybookSpec }> {
  if (!isUuid(id)) throw notFound(`playbook ${id} not found`);
  const { rows } = await db.query<PlaybookRow>(
    `SELECT id, namespace, name, title, icon, description, source, category, created_at, spec
     FROM playbooks WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  const row = rows[0];
  if (!row) throw notFound(`playbook ${id} not found`);
  const parsed = parsePlaybookSpec(row.spec);
  if (!parsed.ok) throw badRequest(parsed.message);
  return { row, spec: parsed.spec };
}

/** A playbook as `GET /playbook/list` answers it. */
export function listEntry(row: PlaybookRow, spec: PlaybookSpec | undefined) {
  return {
    id: row.id,
    namespace: row.namespace,
    name: row.name,
    title: row.title ?? spec?.title ?? row.name,
    icon: row.icon ?? spec?.icon,
    description: row.description ?? spec?.description,
    source: row.source,
    category: row.category ?? spec?.category,
    created_at: row.created_at,
    parameters: spec?.parameters ?? [],
    spec: maskPlaybookSpec(row.spec),
  };
}

/** GET /playbook/list: every playbook, or those whose selectors all match the resource. */
export async function listPlaybooks(db: SqlRunner, ids: ResourceIds) {
  const resource = await requestedResource(db, ids);
  const { rows } = await db.query<PlaybookRow>(
    `SELECT id, namespace, name, title, icon, description, source, category, created_at, spec
     FROM playbooks WHERE deleted_at IS NULL ORDER BY category ASC NULLS FIRST, name ASC`,
  );
  const entries = [];
  for (const row of rows) {
    const parsed = parsePlaybookSpec(row.spec);
    const spec = parsed.ok ? parsed.spec : undefined;
    if (resource && !(spec && playbookMatches(spec, resource))) continue;
    entries.push(listEntry(row, spec));
  }
  return entries;
}

/** What templates and filters see before a run exists: the resource, the user, the spec's env. */
function templateData(resource: PlaybookResource | undefined, user: AuthUser | undefined) {
  return {
    params: {},
    config: resource?.kind === 'config' ? resource.row : {},
    check: resource?.kind === 'check' ? resource.row : {},
    component: resource?.kind === 'component' ? resource.row : {},
    user: user ? { id: user.id, name: user.name, email: user.email ?? '' } : {},
    env: {},
  };
}

// spec.filters: each CEL expression must give true, else the params call and the run fail with it.
function checkFilters(spec: PlaybookSpec, data: Record<string, unknown>) {
  for (const filter of spec.filters ?? []) {
    let value: unknown;
    try {
      value = evaluateCel(filter, { variables: data, previous: [] });
    } catch (error) {
      if (error instanceof ExpressionError) throw badRequest(`filter ${error.message}`);
      throw error;
    }
    if (value !== true && value !== 'true')
      throw badRequest(`playbook filter "${filter}" gave ${JSON.stringify(value)}, not true`);
  }
}

function checkResourceFits(
  spec: PlaybookSpec,
  resource: PlaybookResource | undefined,
  name: string,
) {
  const kinds = acceptsResources(spec);
  if (!resource) {
    if (kinds.length > 0)
      throw badRequest(
        `playbook ${name} runs on a ${kinds.join(', ')}: give ${kinds.map((kind) => `${kind}_id`).join(' or ')}`,
      );
    return;
  }
  if (!playbookMatches(spec, resource))
    throw badRequest(
      `playbook ${name} cannot run on this ${resource.kind} (its selectors do not match)`,
    );
}

/** POST /playbook/{id}/params: the parameters for one resource, defaults rendered. */
export async function parametersFor(
  db: SqlRunner,
  body: { id: string } & ResourceIds,
  user: AuthUser,
): Promise<ServedParameter[]> {
  const { row, spec } = await loadPlaybook(db, body.id);
  const resource = await requestedResource(db, body);
  checkResourceFits(spec, resource, row.name);
  const data = templateData(resource, user);
  checkFilters(spec, data);
  return renderParameters(spec, data);
}

/** POST /playbook/run: validates, stores the run (scheduled or pending_approval) and its secrets. */
export async function createRun(
  db: Database,
  body: { id: string; params?: Record<string, unknown> | undefined } & ResourceIds,
  user: AuthUser,
  secrets: SecretBox = processSecretBox(),
): Promise<{ run_id: string; starts_at: string }> {
  const { row, spec } = await loadPlaybook(db, body.id);
  const resource = await requestedResource(db, body);
  checkResourceFits(spec, resource, row.name);
  const data = templateData(resource, user);
  checkFilters(spec, data);
  const served = renderParameters(spec, data);
  const values = resolveOrRefuse(served, body.params ?? {});
  const secretNames = secretParameters(served);
  return db.transaction((tx) =>
    insertRun(tx, secrets, {
      playbookId: row.id,
      spec,
      resource,
      values,
      secretNames,
      createdBy: isUuid(user.id) ? user.id : null,
      request: { id: row.id, ...pickIds(body), params: masked(values, secretNames) },
    }),
  );
}

/** What started a run the server scheduled itself (a webhook call, a check turning). */
export interface TriggeredRun {
  playbook: PlaybookRow;
  spec: PlaybookSpec;
  resource?: PlaybookResource | undefined;
  /** `.request` of the run's templates (a webhook's request); stored in playbook_runs.request. */
  request?: Record<string, unknown> | undefined;
}

/**
 * Schedules a run nobody asked for by hand: no user (created_by NULL, as the real runner's automatic
 * runs), parameters from their defaults rendered against the resource and the request, the spec's
 * filters applied. A parameter or filter problem is a 400 (a webhook caller sees it).
 */
export async function insertTriggeredRun(
  tx: SqlRunner,
  secrets: SecretBox,
  trigger: TriggeredRun,
): Promise<{ run_id: string; starts_at: string }> {
  const { spec, resource } = trigger;
  const data = { ...templateData(resource, undefined), request: trigger.request ?? {} };
  checkFilters(spec, data);
  const served = renderParameters(spec, data);
  const values = resolveOrRefuse(served, {});
  return insertRun(tx, secrets, {
    playbookId: trigger.playbook.id,
    spec,
    resource,
    values,
    secretNames: secretParameters(served),
    createdBy: null,
    request: trigger.request ?? null,
  });
}

/**
 * Schedules a webhook's run without evaluating anything its body feeds (issue 27 #12: a template
 * or filter over an anonymous body held the event loop while the call was answered). The request
 * is stored as it came and the parameters stay NULL; the runner evaluates the filters and renders
 * the defaults when the run starts (renderDeferredParameters). Only what needs no evaluation is
 * refused here: a required parameter without a default (400).
 */
export async function insertWebhookRun(
  tx: SqlRunner,
  secrets: SecretBox,
  trigger: Omit<TriggeredRun, 'resource'>,
): Promise<{ run_id: string; starts_at: string }> {
  const missing = (trigger.spec.parameters ?? [])
    .filter((parameter) => parameter.required && !parameter.default)
    .map((parameter) => parameter.name);
  if (missing.length > 0) throw badRequest(`missing required parameter(s): ${missing.join(',')}`);
  return insertRun(tx, secrets, {
    playbookId: trigger.playbook.id,
    spec: trigger.spec,
    resource: undefined,
    values: null,
    secretNames: new Set(),
    createdBy: null,
    request: trigger.request ?? null,
  });
}

/**
 * The parameters of a run stored without them (a webhook's), as the runner starts it: its spec's
 * filters evaluated and defaults rendered against its stored request and resource, then stored
 * (secret ones sealed) and the run's digest recorded again over them. Only the run's lease holder
 * does this, and only for a run whose digest still matches what was created. Throws with the
 * reason (a filter that says no, a template cap, a missing parameter), which fails the run.
 */
export async function renderDeferredParameters(
  db: Database,
  secrets: SecretBox,
  runId: string,
  leaseOwner: string,
): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      spec: unknown;
      request: Record<string, unknown> | null;
      parameters: Record<string, string> | null;
      config_id: string | null;
      check_id: string | null;
      component_id: string | null;
    }>(
      `SELECT spec, request, parameters, config_id, check_id, component_id FROM playbook_runs
       WHERE id = $1 AND lease_owner = $2 AND status = 'running' FOR UPDATE`,
      [runId, leaseOwner],
    );
    const run = rows[0];
    if (!run) throw new Error('this server lost the run to another instance');
    if (run.parameters) return run.parameters;
    const refusal = await runDigestRefusal(tx, runId);
    if (refusal) throw new Error(refusal);
    const parsed = parsePlaybookSpec(run.spec);
    if (!parsed.ok) throw new Error(parsed.message);
    const spec = parsed.spec;
    const resource = await requestedResource(tx, {
      config_id: run.config_id ?? undefined,
      check_id: run.check_id ?? undefined,
      component_id: run.component_id ?? undefined,
    });
    const data = { ...templateData(resource, undefined), request: run.request ?? {} };
    checkFilters(spec, data);
    const served = renderParameters(spec, data, { strict: true });
    const values = resolveOrRefuse(served, {});
    const secretNames = secretParameters(served);
    await tx.query('UPDATE playbook_runs SET parameters = $2::jsonb WHERE id = $1', [
      runId,
      JSON.stringify(masked(values, secretNames)),
    ]);
    await sealSecretParameters(tx, secrets, runId, values, secretNames);
    await recordRunDigests(tx, [runId]);
    return values;
  });
}

function resolveOrRefuse(
  served: readonly ServedParameter[],
  submitted: Record<string, unknown>,
): Record<string, string> {
  try {
    return resolveParameters(served, submitted);
  } catch (error) {
    if (error instanceof ParameterError) throw badRequest(error.message);
    throw error;
  }
}

function secretParameters(served: readonly ServedParameter[]): Set<string> {
  return new Set(served.filter((p) => p.type === 'secret').map((p) => p.name));
}

function masked(values: Record<string, string>, secretNames: ReadonlySet<string>) {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      secretNames.has(name) ? SECRET_MASK : value,
    ]),
  );
}

interface NewRun {
  playbookId: string;
  spec: PlaybookSpec;
  resource: PlaybookResource | undefined;
  /** null: rendered when the run starts (renderDeferredParameters). */
  values: Record<string, string> | null;
  secretNames: ReadonlySet<string>;
  createdBy: string | null;
  request: unknown;
}

// One new run row (scheduled, or pending_approval when the spec names approvers) and its secret
// parameters, sealed (the id is chosen here: it is part of what each secret is sealed with).
async function insertRun(
  tx: SqlRunner,
  secrets: SecretBox,
  run: NewRun,
): Promise<{ run_id: string; starts_at: string }> {
  const runId = randomUUID();
  const { spec, resource, values, secretNames } = run;
  const timeoutMillis = spec.timeout ? parseDuration(spec.timeout) : undefined;
  const status = approversOf(spec) ? 'pending_approval' : 'scheduled';
  const { rows } = await tx.query<{ id: string; scheduled_time: string }>(
    `INSERT INTO playbook_runs (id, playbook_id, status, spec, parameters, request, config_id,
       check_id, component_id, timeout, created_by)
     VALUES ($11, $1, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6, $7, $8, $9,
       (SELECT id FROM people WHERE id = $10))
     RETURNING id, scheduled_time`,
    [
      run.playbookId,
      status,
      JSON.stringify(spec),
      values ? JSON.stringify(masked(values, secretNames)) : null,
      JSON.stringify(run.request),
      resource?.kind === 'config' ? resource.row.id : null,
      resource?.kind === 'check' ? resource.row.id : null,
      resource?.kind === 'component' ? resource.row.id : null,
      timeoutMillis ? Math.round(timeoutMillis * 1e6) : DEFAULT_RUN_TIMEOUT_NANOS,
      run.createdBy,
      runId,
    ],
  );
  const created = rows[0]!;
  await recordRunDigests(tx, [created.id]);
  if (values) await sealSecretParameters(tx, secrets, created.id, values, secretNames);
  return { run_id: created.id, starts_at: created.scheduled_time };
}

async function sealSecretParameters(
  tx: SqlRunner,
  secrets: SecretBox,
  runId: string,
  values: Record<string, string>,
  secretNames: ReadonlySet<string>,
): Promise<void> {
  for (const name of secretNames)
    if (values[name] !== undefined)
      await tx.query(
        'INSERT INTO opsdeck.playbook_run_secrets (run_id, name, value) VALUES ($1, $2, $3)',
        [runId, name, secrets.seal(values[name]!, secretContext(runId, name))],
      );
}

/**
 * Records what each run will execute (migration 005's digest of its playbook, spec, parameters,
 * request, resource and requester), so the runner executes it only as it was created and approved.
 * Only the server's own writers of runs call this: the run routes, triggers and the demo seed.
 */
export async function recordRunDigests(tx: SqlRunner, runIds: readonly string[]): Promise<void> {
  if (runIds.length === 0) return;
  // The demo seed also runs on a schema from before migration 005 (the legacy upgrade tests).
  const { rows } = await tx.query<{ ok: boolean }>(
    "SELECT to_regclass('opsdeck.playbook_run_digests') IS NOT NULL AS ok",
  );
  if (!rows[0]?.ok) return;
  await tx.query(
    `INSERT INTO opsdeck.playbook_run_digests (run_id, digest)
     SELECT r.id, opsdeck.playbook_run_digest(r) FROM playbook_runs r WHERE r.id = ANY($1::uuid[])
     ON CONFLICT (run_id) DO UPDATE SET digest = EXCLUDED.digest`,
    [runIds],
  );
}

/**
 * Why a run must not execute, or undefined when it is what was created and approved: its recorded
 * digest is missing (it was written around the run routes) or no longer matches (it was changed).
 */
export async function runDigestRefusal(db: SqlRunner, runId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ recorded: string | null; current: string | null }>(
    `SELECT d.digest AS recorded, opsdeck.playbook_run_digest(r) AS current
     FROM playbook_runs r LEFT JOIN opsdeck.playbook_run_digests d ON d.run_id = r.id
     WHERE r.id = $1`,
    [runId],
  );
  const row = rows[0];
  if (!row) return 'the run no longer exists';
  if (!row.recorded)
    return 'refused: this run was not created by the run routes of this server (no record of what was approved), so it is not executed';
  if (row.recorded !== row.current)
    return 'refused: this run changed after it was created or approved (its spec, parameters or resource differ from what was recorded), so it is not executed';
  return undefined;
}

function pickIds(ids: ResourceIds): ResourceIds {
  return Object.fromEntries(
    Object.entries({
      config_id: ids.config_id,
      check_id: ids.check_id,
      component_id: ids.component_id,
    }).filter(([, value]) => value),
  );
}

const RUN_COLUMNS = `id, playbook_id, spec, status, created_at, start_time, scheduled_time, end_time,
  timeout, created_by, notification_send_id, check_id, config_id, component_id, parameters, request,
  agent_id, parent_id, error`;

/** GET /playbook/run/{id}: the playbook_runs row. */
export async function getRun(db: SqlRunner, id: string): Promise<Record<string, unknown>> {
  if (!isUuid(id)) throw notFound(`playbook run(id=${id}) not found`);
  const { rows } = await db.query(`SELECT ${RUN_COLUMNS} FROM playbook_runs WHERE id = $1`, [id]);
  if (!rows[0]) throw notFound(`playbook run(id=${id}) not found`);
  return { ...rows[0], spec: maskPlaybookSpec(rows[0].spec) };
}

/** GET /playbook/run/{id}/status: the playbook, the run and its actions. */
export async function runStatus(db: SqlRunner, id: string) {
  const run = await getRun(db, id);
  const [playbook, actions] = await Promise.all([
    db.query(
      'SELECT id, namespace, name, title, icon, description, category, source, spec FROM playbooks WHERE id = $1',
      [run.playbook_id],
    ),
    db.query(
      `SELECT id, name, status, playbook_run_id, start_time, scheduled_time, end_time, result,
              agent_id, retry_count, error
       FROM playbook_run_actions WHERE playbook_run_id = $1
       ORDER BY start_time NULLS LAST, scheduled_time, id`,
      [id],
    ),
  ]);
  const row = playbook.rows[0] as Record<string, unknown> | undefined;
  return {
    playbook: row ? { ...row, spec: maskPlaybookSpec(row.spec) } : null,
    run,
    actions: actions.rows,
  };
}

/**
 * POST /playbook/run/approve/{id}. The approver needs `playbooks.approve` (checked first, before the
 * run is looked up, so a caller who may not approve learns nothing of which runs exist) and must be
 * listed in `spec.approval.approvers` by email, or be a member of a listed team (by name), and never
 * be who asked for the run. `any`: one approval schedules the run; `all` (the default): every
 * listed person and team approved. A run waiting for approval whose spec lists nobody (made around
 * the run routes, which schedule such a run at once) is approved by whoever the role matrix lets
 * approve, but never by its requester.
 */
export async function approveRun(
  db: Database,
  id: string,
  user: AuthUser,
  authorizer: Authorizer,
): Promise<{ scheduled: boolean }> {
  // A row allowing approval of one playbook lets its holder past this first gate; the run's own
  // playbook then decides (a deny on it beats the role, an allow on it stands in for the role).
  const general = authorizer.canDo('playbooks.approve');
  const someAllowed = (user.scopedPermissions ?? []).some(
    (row) => !row.deny && row.scope.playbook_id && namesVerb(row.action, 'playbook:approve'),
  );
  if (!general && !someAllowed)
    throw new ApiError(403, 'forbidden', 'you are not allowed to approve this playbook run');
  const run = await getRun(db, id);
  const decision =
    scopedDecision(user, authorizer, 'playbook_id', String(run.playbook_id), 'playbook:approve') ??
    (general ? 'allow' : 'deny');
  if (decision === 'deny')
    throw new ApiError(403, 'forbidden', 'you are not allowed to approve this playbook run');
  const parsed = parsePlaybookSpec(run.spec);
  const listed = parsed.ok ? approversOf(parsed.spec) : undefined;
  const unlisted = parsed.ok && !listed && run.status === 'pending_approval';
  if (!parsed.ok || (!listed && !unlisted))
    throw badRequest('this playbook does not require approval');
  const approvers = listed ?? { people: [], teams: [] };
  const personId = isUuid(user.id) ? user.id : null;
  const email = (user.email ?? '').toLowerCase();
  // With nobody listed, the capability checked above is the approver's standing, as a person.
  const asPerson = unlisted || approvers.people.some((person) => person.toLowerCase() === email);
  const { rows: teams } = await db.query<{ id: string; name: string }>(
    `SELECT t.id, t.name FROM teams t JOIN team_members m ON m.team_id = t.id
     WHERE m.person_id = $1 AND t.deleted_at IS NULL AND t.name = ANY($2::text[])`,
    [personId, approvers.teams],
  );
  if (!asPerson && teams.length === 0)
    throw new ApiError(403, 'forbidden', 'you are not allowed to approve this playbook run');
  // Four eyes: whoever asked for a run is never the one who lets it run, whatever they are listed as.
  if (run.created_by !== null && run.created_by === personId)
    throw new ApiError(
      403,
      'forbidden',
      'you asked for this playbook run: another approver must approve it',
    );
  if (run.status !== 'pending_approval')
    throw badRequest(`this playbook run is ${String(run.status)}, not pending approval`);
  return db.transaction(async (tx) => {
    // One approval at a time per run: the row lock orders concurrent approvers.
    const { rows: locked } = await tx.query<{ status: string }>(
      'SELECT status FROM playbook_runs WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (locked[0]?.status !== 'pending_approval')
      throw badRequest(`this playbook run is ${String(locked[0]?.status)}, not pending approval`);
    const grants: { team: string | null }[] = [
      ...(asPerson ? [{ team: null }] : []),
      ...teams.map((team) => ({ team: team.id })),
    ];
    for (const grant of grants)
      await tx.query(
        `INSERT INTO playbook_approvals (run_id, person_id, team_id)
         SELECT $1, (SELECT id FROM people WHERE id = $2), $3
         WHERE NOT EXISTS (SELECT 1 FROM playbook_approvals
           WHERE run_id = $1 AND person_id IS NOT DISTINCT FROM (SELECT id FROM people WHERE id = $2)
             AND team_id IS NOT DISTINCT FROM $3::uuid)`,
        [id, personId, grant.team],
      );
    const { rows: given } = await tx.query<{ email: string | null; team: string | null }>(
      `SELECT lower(p.email) AS email, t.name AS team FROM playbook_approvals a
       LEFT JOIN people p ON p.id = a.person_id LEFT JOIN teams t ON t.id = a.team_id
       WHERE a.run_id = $1`,
      [id],
    );
    const type = (parsed.spec.approval?.type ?? 'all') as 'any' | 'all';
    const approvedPeople = new Set(given.filter((g) => !g.team && g.email).map((g) => g.email!));
    const approvedTeams = new Set(given.filter((g) => g.team).map((g) => g.team!));
    const done =
      type === 'any' || unlisted
        ? given.length > 0
        : approvers.people.every((person) => approvedPeople.has(person.toLowerCase())) &&
          approvers.teams.every((team) => approvedTeams.has(team));
    if (done)
      await tx.query(
        `UPDATE playbook_runs SET status = 'scheduled', scheduled_time = now()
         WHERE id = $1 AND status = 'pending_approval'`,
        [id],
      );
    return { scheduled: done };
  });
}

/** POST /playbook/run/cancel/{id}: a run not yet final becomes cancelled; its runner stops it. */
export async function cancelRun(db: Database, id: string): Promise<void> {
  const run = await getRun(db, id);
  if (FINAL_RUN.includes(String(run.status)))
    throw badRequest(`this playbook run is already ${String(run.status)}`);
  const { rowCount } = await db.query(
    `UPDATE playbook_runs SET status = 'cancelled', end_time = now(), error = 'cancelled'
     WHERE id = $1 AND status <> ALL($2::text[])`,
    [id, FINAL_RUN],
  );
  if (rowCount === 0) throw badRequest('this playbook run has already finished');
  // Delayed actions that never started will not: skipped, so no row is left waiting.
  await db.query(
    `UPDATE playbook_run_actions SET status = 'skipped', end_time = now()
     WHERE playbook_run_id = $1 AND status IN ('scheduled', 'sleeping', 'waiting')`,
    [id],
  );
}
