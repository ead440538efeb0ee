import { notificationSilenceContract, describeIssues } from '@opsdeck/contracts';
import {
  createFakeBackend,
  fixturePath,
  json,
  serverError,
  type FakeBackend,
} from '@opsdeck/testing';
import yaml from 'js-yaml';
import { readFileSync } from 'node:fs';

interface FixtureDocument {
  metadata: { name: string };
  spec: Record<string, unknown>;
}

const fixture = (name: string) =>
  yaml.loadAll(readFileSync(fixturePath(`mission-control/${name}`), 'utf8')) as FixtureDocument[];

/** The fixtures' "http-check-passed" rule and the RDS maintenance silence. */
const httpRule = fixture('notifications/health-check.yaml')[0]!;
const rdsSilence = fixture('silences/rds.yaml')[0]!;

export const ids = {
  rule: '0190b000-0000-7000-8000-000000000001',
  check: '0190b000-0000-7000-8000-0000000000c1',
  otherCheck: '0190b000-0000-7000-8000-0000000000c3',
  config: '0190b000-0000-7000-8000-0000000000c2',
  person: '0190b000-0000-7000-8000-0000000000f1',
  team: '0190b000-0000-7000-8000-0000000000f2',
  sent: '0190b000-0000-7000-8000-00000000a001',
  failed: '0190b000-0000-7000-8000-00000000a002',
  silenced: '0190b000-0000-7000-8000-00000000a003',
  activeSilence: '0190b000-0000-7000-8000-00000000b001',
  expiredSilence: '0190b000-0000-7000-8000-00000000b002',
  indefiniteSilence: '0190b000-0000-7000-8000-00000000b003',
} as const;

export const ruleRow = {
  id: ids.rule,
  name: httpRule.metadata.name,
  namespace: 'default',
  // A message title template, as real rules have (the fixtures' kube-pod-crashlooping): not a name.
  title: 'Check {{.check.name}} passed',
  events: httpRule.spec.events,
  filter: httpRule.spec.filter,
};

/** The rule as `notifications_summary` lists it, with its counts and the list's embeds. */
export const ruleSummaryRow = {
  ...ruleRow,
  error: null,
  custom_services: null,
  source: 'KubernetesCRD',
  repeat_interval: null,
  created_at: '2026-11-20T09:00:00Z',
  updated_at: '2026-11-20T09:00:00Z',
  person_id: null,
  team_id: ids.team,
  sent: 1,
  failed: 1,
  pending: 0,
  avg_duration_ms: 12,
  most_common_error: 'smtp: connection refused',
  last_failed_at: new Date(Date.now() - 10 * 60_000).toISOString(),
  person: null,
  // The fixture's `to: {team: backend}`.
  team: { id: ids.team, name: String((httpRule.spec.to as { team: string }).team), icon: null },
  created_by: null,
};

const checkResource = {
  id: ids.check,
  name: 'homepage',
  type: 'http',
  icon: null,
  health: 'unhealthy',
  status: 'unhealthy',
  deleted_at: null,
};

function send(id: string, status: string, minutesAgo: number, extra: Record<string, unknown>) {
  return {
    id,
    notification_id: ids.rule,
    status,
    source_event: 'check.failed',
    resource_id: ids.check,
    body: null,
    error: null,
    reason: null,
    count: 1,
    duration_millis: 12,
    first_observed: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    person_id: null,
    team_id: null,
    connection_id: null,
    silenced_by: null,
    resource: checkResource,
    resource_kind: 'check',
    resource_type: 'http',
    ...extra,
  };
}

/** Three sends of the rule about one check: sent by email, failed, silenced. */
export function sendRows() {
  return [
    send(ids.sent, 'sent', 5, {
      person_id: ids.person,
      body: 'homepage is failing: 503 from https://example.com',
      reason: 'matched the rule',
    }),
    send(ids.failed, 'error', 10, {
      error: 'smtp: connection refused',
      reason: 'matched the rule',
      person_id: ids.person,
    }),
    send(ids.silenced, 'silenced', 15, {
      silenced_by: ids.activeSilence,
      reason: 'silenced',
      resource: { ...checkResource, type: 'Kubernetes::Pod' },
      resource_type: 'Kubernetes::Pod',
    }),
  ];
}

function silence(id: string, from: string, until: string | null, extra: Record<string, unknown>) {
  return {
    id,
    name: null,
    namespace: 'default',
    description: null,
    filter: null,
    selectors: null,
    error: null,
    from,
    until,
    recursive: false,
    config_id: null,
    check_id: null,
    canary_id: null,
    component_id: null,
    source: 'UI',
    created_by: ids.person,
    created_at: from,
    updated_at: from,
    deleted_at: null,
    checks: null,
    catalog: null,
    component: null,
    createdBy: { id: ids.person, name: 'Ada Admin', avatar: null, email: 'ada@example.com' },
    ...extra,
  };
}

const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** An active silence of a check, an expired one of the fixture's filter, an indefinite one of a config. */
export function silenceRows() {
  return [
    silence(ids.activeSilence, ago(1), ago(-1), {
      check_id: ids.check,
      description: 'deploying the homepage',
      checks: { id: ids.check, name: 'homepage', type: 'http', status: 'unhealthy' },
    }),
    silence(ids.expiredSilence, ago(48), ago(24), {
      filter: String(rdsSilence.spec.filter).trim(),
      description: String(rdsSilence.spec.description).trim(),
    }),
    silence(ids.indefiniteSilence, ago(2), null, {
      config_id: ids.config,
      recursive: true,
      catalog: {
        id: ids.config,
        name: 'orders-db',
        type: 'AWS::RDS::DBInstance',
        config_class: 'Database',
      },
    }),
  ];
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function transition(
  checkId: string,
  checkName: string,
  event: 'check.failed' | 'check.passed',
  minutes: number,
  decisions: Record<string, unknown>[],
) {
  const createdAt = minutesAgo(minutes);
  return {
    id: `${checkId}@${event}@${createdAt}`,
    check_id: checkId,
    check_name: checkName,
    check_type: 'http',
    check_status: 'unhealthy',
    source_event: event,
    status: event === 'check.passed' ? 'healthy' : 'unhealthy',
    created_at: createdAt,
    decision_count: decisions.length,
    matched_count: decisions.filter((decision) => decision.status !== 'skipped').length,
    decisions: decisions.map((decision) => ({
      rule_id: ids.rule,
      rule_name: ruleRow.name,
      error: null,
      silenced_by: null,
      silence_name: null,
      ...decision,
    })),
  };
}

/**
 * The trace view's rows (notification_check_transitions), newest first: homepage failing and sent,
 * failing under a silence, an api check passing that the rule's filter left out, and one passing
 * that no rule listens to.
 */
export function transitionRows() {
  return [
    transition(ids.check, 'homepage', 'check.failed', 5, [
      { id: ids.sent, status: 'sent', reason: 'sent' },
    ]),
    transition(ids.check, 'homepage', 'check.failed', 15, [
      {
        id: ids.silenced,
        status: 'silenced',
        reason: 'silenced by deploying the homepage',
        silenced_by: ids.activeSilence,
        silence_name: 'deploying the homepage',
      },
    ]),
    transition(ids.otherCheck, 'payments-api', 'check.passed', 30, [
      {
        id: '0190b000-0000-7000-8000-00000000a004',
        status: 'skipped',
        reason: `filter is false: ${String(httpRule.spec.filter).trim()}`,
      },
    ]),
    // A transition no rule listens to: recorded with no decision.
    transition(ids.otherCheck, 'payments-api', 'check.passed', 45, []),
  ];
}

const eqValue = (value: string | null) => value?.replace(/^eq\./, '');

/** `?limit&offset` over rows, with the `Content-Range` PostgREST answers when counting. */
function page(rows: readonly Record<string, unknown>[], query: URLSearchParams) {
  const offset = Number(query.get('offset') ?? 0);
  const limit = Number(query.get('limit') ?? rows.length);
  const slice = rows.slice(offset, offset + limit);
  const range = slice.length === 0 ? '*' : `${offset}-${offset + slice.length - 1}`;
  return json(slice, { headers: { 'Content-Range': `${range}/${rows.length}` } });
}

/** Columns of `select=a,b`; `*` (with embeds) keeps the row. */
function selected(row: Record<string, unknown>, select: string | null) {
  if (!select || select.startsWith('*')) return row;
  return Object.fromEntries(select.split(',').map((column) => [column, row[column] ?? null]));
}

export interface NotificationsBackend extends FakeBackend {
  /** The silences as the backend holds them now (POST adds, PATCH expires). */
  silences: ReturnType<typeof silenceRows>;
}

/** The server's 400 for a filter that is not CEL (an unbalanced bracket, in the stand-in). */
function celRefusal(body: unknown) {
  const filter = (body as { filter?: unknown }).filter;
  if (typeof filter !== 'string') return undefined;
  if ((filter.match(/\(/g) ?? []).length === (filter.match(/\)/g) ?? []).length) return undefined;
  return serverError(400, 'filter: not a CEL expression: Syntax error: missing )');
}

/** Mission Control's notification calls answering as apps/server does, from the fixtures. */
export async function startNotificationsBackend(): Promise<NotificationsBackend> {
  const sends = sendRows();
  const silences = silenceRows();
  const backend = await createFakeBackend({
    'GET /api/db/notification_send_history_summary': ({ query }) => {
      let rows = [...sends].sort((a, b) => b.created_at.localeCompare(a.created_at));
      const id = eqValue(query.get('id'));
      if (id) rows = rows.filter((row) => row.id === id);
      const status = query.get('status.filter');
      if (status) rows = rows.filter((row) => row.status === status);
      const type = query.get('resource_type.filter');
      if (type) rows = rows.filter((row) => row.resource_type === type);
      const rule = eqValue(query.get('notification_id'));
      if (rule) rows = rows.filter((row) => row.notification_id === rule);
      if (query.get('resource_type') === 'not.is.null')
        rows = rows.filter((row) => row.resource_type !== null);
      return page(
        rows.map((row) => selected(row, query.get('select'))),
        query,
      );
    },
    'GET /api/db/notification_check_transitions': ({ query }) => {
      let rows = transitionRows();
      const since = query.get('created_at')?.match(/^gte\."?([^"]+)"?$/)?.[1];
      if (since) rows = rows.filter((row) => Date.parse(row.created_at) >= Date.parse(since));
      const name = query.get('check_name')?.match(/^ilike\."?\*(.*)\*"?$/)?.[1];
      if (name)
        rows = rows.filter((row) => row.check_name.toLowerCase().includes(name.toLowerCase()));
      const status = eqValue(query.get('status'));
      if (status) rows = rows.filter((row) => row.status === status);
      return page(rows, query);
    },
    'GET /api/db/notifications_summary': ({ query }) =>
      page([selected(ruleSummaryRow, query.get('select'))], query),
    // The columns asked for, as the server answers: a send's rule or the editor's whole record.
    'GET /api/db/notifications': ({ query }) =>
      eqValue(query.get('id')) === ids.rule
        ? [selected({ ...ruleRow, team_id: ids.team }, query.get('select'))]
        : [],
    // The rule editor's writes: the server checks the filter's CEL syntax (an unbalanced bracket
    // is the stand-in's case) and answers the stored row.
    'POST /api/db/notifications': ({ body }) =>
      celRefusal(body) ??
      json([{ id: '0190b000-0000-7000-8000-00000000d001', ...(body as object) }], { status: 201 }),
    'PATCH /api/db/notifications': ({ query, body }) =>
      celRefusal(body) ?? [{ ...ruleRow, id: eqValue(query.get('id')), ...(body as object) }],
    'GET /api/db/teams': () => [{ id: ids.team, name: 'backend', icon: null }],
    'GET /api/db/connections': () => [
      {
        id: '0190b000-0000-7000-8000-0000000000e1',
        name: 'ops-webhook',
        namespace: 'default',
        type: 'generic_webhook',
      },
    ],
    'GET /api/db/people': ({ query }) =>
      eqValue(query.get('id')) === ids.person
        ? [{ id: ids.person, name: 'Ada Admin', email: 'ada@example.com' }]
        : [],
    'GET /api/db/notification_silences': ({ query }) => {
      let rows = silences.filter((row) => row.deleted_at === null);
      const or = query.get('or');
      // `(until.is.null,until.gt."<ISO>")`: the builder quotes a value holding reserved characters.
      const now = or?.match(/until\.gt\."?([^")]+)"?\)/)?.[1];
      if (now)
        rows = rows.filter((row) => row.until === null || Date.parse(row.until) > Date.parse(now));
      const until = query.get('until')?.match(/^lte\."?([^"]+)"?$/)?.[1];
      if (until)
        rows = rows.filter(
          (row) => row.until !== null && Date.parse(row.until) <= Date.parse(until),
        );
      rows.sort((a, b) => b.created_at.localeCompare(a.created_at));
      return page(rows, query);
    },
    'PATCH /api/db/notification_silences': ({ query, body }) => {
      const row = silences.find((silence) => silence.id === eqValue(query.get('id')));
      if (!row) return [];
      Object.assign(row, body as object);
      return [row];
    },
    'POST /api/notification/silence': ({ body }) => {
      const request = body as Record<string, unknown>;
      const spec = Object.fromEntries(
        Object.entries(request).filter(([key, value]) => key !== 'name' && value !== undefined),
      );
      if (spec.until === 'indefinitely') delete spec.until;
      const verdict = notificationSilenceContract.validate(spec);
      if (!verdict.ok) return serverError(400, describeIssues(verdict.issues));
      // The server checks the filter's CEL syntax; an unbalanced bracket is the stand-in's case.
      const filter = typeof spec.filter === 'string' ? spec.filter : '';
      if ((filter.match(/\(/g) ?? []).length !== (filter.match(/\)/g) ?? []).length)
        return serverError(400, 'filter: not a CEL expression: Syntax error: missing )');
      silences.push(
        silence(
          `0190b000-0000-7000-8000-${String(silences.length).padStart(12, '0')}`,
          String(request.from),
          request.until === 'indefinitely' ? null : String(request.until),
          {
            description: request.description ?? null,
            filter: request.filter ?? null,
            recursive: request.recursive === true,
            check_id: request.check_id ?? null,
            config_id: request.config_id ?? null,
            component_id: request.component_id ?? null,
          },
        ),
      );
      return json(undefined, { status: 200 });
    },
    'GET /api/notification/silence_preview': ({ query }) => {
      const id = query.get('id');
      const filter = query.get('filter');
      if (!id && !filter)
        return serverError(
          400,
          'at least one of config_id, canary_id, check_id, component_id, filter or selectors is required',
        );
      const matched = sends
        .filter((row) => row.status === 'sent' && (!id || row.resource_id === id))
        .map(({ resource, resource_kind: _kind, resource_type: _type, ...row }) => ({
          ...row,
          resource: { id: resource.id, name: resource.name, type: resource.type, kind: 'check' },
        }));
      return matched.length > 0 ? matched : null;
    },
    'POST /api/resources/search': ({ body }) => {
      const keys = Object.keys(body as object);
      if (keys.includes('checks'))
        return { checks: [{ id: ids.check, name: 'homepage', type: 'http', tags: {} }] };
      if (keys.includes('configs'))
        return {
          configs: [{ id: ids.config, name: 'orders-db', type: 'AWS::RDS::DBInstance', tags: {} }],
        };
      return { components: [] };
    },
  });
  return Object.assign(backend, { silences });
}
