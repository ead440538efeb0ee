import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { ApiClient } from '../client.ts';
import { db } from '../db/index.ts';
import type { CallOptions } from '../http.ts';
import { isUuid } from '../ids.ts';
import { playbookKeys } from './keys.ts';
import {
  playbookListItemSchema,
  playbookMessageReplySchema,
  playbookParamsReplySchema,
  playbookRunActionSchema,
  playbookRunReplySchema,
  playbookRunSchema,
  playbookSchema,
  resourceSearchReplySchema,
  type Playbook,
  type PlaybookListItem,
  type PlaybookParameter,
  type PlaybookRun,
  type PlaybookRunAction,
  type PlaybookRunReply,
  type ResourceSearchItem,
} from './schemas.ts';

// The playbook calls exactly as the reference UI sends them (reference §2 "Requests the UI makes"),
// so the console works unchanged against a real Mission Control.

/** The one resource a run or a params call is for: at most one id (reference §2). */
export type PlaybookResourceRef =
  | { kind: 'check'; id: string }
  | { kind: 'config'; id: string }
  | { kind: 'component'; id: string };
export type PlaybookResourceKind = PlaybookResourceRef['kind'];

const resourceIdKey = {
  check: 'check_id',
  config: 'config_id',
  component: 'component_id',
} as const;

/** `{check_id: id}` and so on: the body or query part naming the resource. */
export function resourceIdField(resource: PlaybookResourceRef | undefined): Record<string, string> {
  return resource ? { [resourceIdKey[resource.kind]]: resource.id } : {};
}

/** The runs list's embeds (reference §2 "Runs list"). */
export const playbookRunsSelect =
  '*,created_by(id,name,avatar),playbooks(id,name,title,spec,icon),component:components(id,name,icon),check:checks(id,name,icon),config:config_items(id,name,type,config_class)';
/** The run page's embeds: the run, its child runs and approvals (reference §2 "Run detail"). */
export const playbookRunDetailSelect =
  '*,created_by(id,name,avatar,email),playbooks(id,name,title,spec),component:components(id,name,icon),config:config_items(id,name,type,config_class),check:checks(id,name,icon),playbook_approvals(*, person_id(id,name,avatar,email), team_id(*))';

/** Every playbook not deleted with its spec (for resource kinds) and creator (reference §2 "Specs with creator"). */
export function listPlaybooks(client: ApiClient, options: CallOptions = {}): Promise<Playbook[]> {
  return db(client)
    .from('playbooks')
    .select('*,created_by(id,name,avatar,email)')
    .is('deleted_at', null)
    .order('created_at', { direction: 'desc' })
    .rows(playbookSchema)
    .execute(options.signal);
}

/** One playbook with its spec and creator (reference §2 "One spec"). */
export function getPlaybook(
  client: ApiClient,
  id: string,
  options: CallOptions = {},
): Promise<Playbook | null> {
  if (!isUuid(id)) return Promise.resolve(null);
  return db(client)
    .from('playbooks')
    .eq('id', id)
    .select('*,created_by(id,name,avatar,email)')
    .rows(playbookSchema)
    .maybeSingle()
    .execute(options.signal);
}

/** `GET /playbook/list?check_id=…`: the playbooks whose selectors match the resource. */
export function listPlaybooksForResource(
  client: ApiClient,
  resource: PlaybookResourceRef,
  options: CallOptions = {},
): Promise<PlaybookListItem[]> {
  return client.playbook.get('list', {
    searchParams: resourceIdField(resource),
    schema: z.pipe(
      z.nullish(z.array(playbookListItemSchema)),
      z.transform((items: PlaybookListItem[] | null | undefined) => items ?? []),
    ),
    signal: options.signal,
  });
}

/** `POST /playbook/{id}/params`: the parameters for one resource, defaults templated. */
export async function getPlaybookParams(
  client: ApiClient,
  playbookId: string,
  resource: PlaybookResourceRef | undefined,
  options: CallOptions = {},
): Promise<PlaybookParameter[]> {
  const reply = await client.playbook.post(`${encodeURIComponent(playbookId)}/params`, {
    json: { id: playbookId, ...resourceIdField(resource) },
    prefer: null,
    schema: playbookParamsReplySchema,
    signal: options.signal,
  });
  return reply.params;
}

export interface PlaybookRunRequest {
  playbookId: string;
  resource?: PlaybookResourceRef;
  /** Values as strings: Mission Control binds them to `map[string]string`. */
  params: Record<string, string>;
}

/** `POST /playbook/run` → `{run_id}`. A failure rejects with ApiError; its body's `error` is the message. */
export function runPlaybook(
  client: ApiClient,
  request: PlaybookRunRequest,
  options: CallOptions = {},
): Promise<PlaybookRunReply> {
  return client.playbook.post('run', {
    json: { id: request.playbookId, ...resourceIdField(request.resource), params: request.params },
    prefer: null,
    schema: playbookRunReplySchema,
    signal: options.signal,
  });
}

export function approvePlaybookRun(client: ApiClient, runId: string): Promise<unknown> {
  return client.playbook.post(`run/approve/${encodeURIComponent(runId)}`, {
    prefer: null,
    schema: playbookMessageReplySchema,
  });
}

export function cancelPlaybookRun(client: ApiClient, runId: string): Promise<unknown> {
  return client.playbook.post(`run/cancel/${encodeURIComponent(runId)}`, {
    prefer: null,
    schema: playbookMessageReplySchema,
  });
}

export interface PlaybookRunsQuery {
  pageIndex: number;
  pageSize: number;
  playbookId?: string;
  status?: string;
  resource?: PlaybookResourceRef;
  /** ISO-8601 bounds; both or neither. */
  from?: string;
  to?: string;
}

/** `GET /db/playbook_runs` as the runs list sends it (top-level runs, newest first, counted). */
export async function listPlaybookRuns(
  client: ApiClient,
  query: PlaybookRunsQuery,
  options: CallOptions = {},
): Promise<{ rows: PlaybookRun[]; total: number }> {
  const builder = db(client).from('playbook_runs');
  if (query.resource?.kind === 'component') builder.eq('component_id', query.resource.id);
  if (query.resource?.kind === 'config') builder.eq('config_id', query.resource.id);
  if (query.resource?.kind === 'check') builder.eq('check_id', query.resource.id);
  if (query.status) builder.eq('status', query.status);
  builder
    .is('parent_id', null)
    .limit(query.pageSize)
    .offset(query.pageSize * query.pageIndex)
    .order('created_at', { direction: 'desc' });
  if (query.from && query.to) {
    builder.or(
      `(and(start_time.gte.${query.from},start_time.lte.${query.to}),and(created_at.gte.${query.from},created_at.lte.${query.to}))`,
    );
  }
  if (query.playbookId) builder.eq('playbook_id', query.playbookId);
  // As the catalog list: an exact count reads every matching run (100k and more, most of the
  // list's time); `estimated` is exact up to the server's max rows and the planner's above.
  const { data, total } = await builder
    .select(playbookRunsSelect)
    .rows(playbookRunSchema)
    .count('estimated')
    .execute(options.signal);
  return { rows: data, total };
}

/** The run and its child runs; the first row is the run itself. */
export async function getPlaybookRun(
  client: ApiClient,
  id: string,
  options: CallOptions = {},
): Promise<{ run: PlaybookRun; children: PlaybookRun[] } | null> {
  if (!isUuid(id)) return null;
  const rows = await db(client)
    .from('playbook_runs')
    .or(`(id.eq.${id},parent_id.eq.${id})`)
    .select(playbookRunDetailSelect)
    .rows(playbookRunSchema)
    .execute(options.signal);
  const run = rows.find((row) => row.id === id);
  return run ? { run, children: rows.filter((row) => row.id !== id) } : null;
}

/** `rpc/get_playbook_run_actions`: the run's actions and its child runs', by start time. */
export function getPlaybookRunActions(
  client: ApiClient,
  runId: string,
  options: CallOptions = {},
): Promise<PlaybookRunAction[]> {
  return db(client).rpc(
    'get_playbook_run_actions',
    { run_id: runId },
    {
      get: true,
      signal: options.signal,
      schema: z.pipe(
        z.nullish(z.array(playbookRunActionSchema)),
        z.transform((rows: PlaybookRunAction[] | null | undefined) => rows ?? []),
      ),
    },
  );
}

export interface PlaybookWrite {
  name: string;
  namespace?: string;
  title?: string;
  description?: string;
  category?: string;
  icon?: string;
  spec: unknown;
}

/** `POST /db/playbooks` (Mission Control validates the spec and sets source UI). */
export async function createPlaybook(
  client: ApiClient,
  playbook: PlaybookWrite,
): Promise<Playbook> {
  const rows = await db(client)
    .from('playbooks')
    .insert(playbook as Partial<Playbook>)
    .rows(playbookSchema)
    .execute();
  const created = rows[0];
  if (!created) throw new TypeError('The server stored the playbook but returned no row');
  return created;
}

/** `PATCH /db/playbooks?id=eq.{id}`. */
export function updatePlaybook(
  client: ApiClient,
  id: string,
  playbook: Partial<PlaybookWrite>,
): Promise<Playbook[]> {
  return db(client)
    .from('playbooks')
    .eq('id', id)
    .update(playbook as Partial<Playbook>)
    .rows(playbookSchema)
    .execute();
}

export interface ResourceSearchQuery {
  kind: PlaybookResourceKind;
  search: string;
  /** The parameter's or spec's selector, merged into the search (reference §7 "UI usage"). */
  selector?: Record<string, unknown>;
}

const searchListKey = { check: 'checks', config: 'configs', component: 'components' } as const;

/** `POST /resources/search` with one selector of one kind, agent `all` as the UI sends it. */
export async function searchResources(
  client: ApiClient,
  query: ResourceSearchQuery,
  options: CallOptions = {},
): Promise<ResourceSearchItem[]> {
  const presetSearch = typeof query.selector?.search === 'string' ? query.selector.search : '';
  const selector = {
    ...query.selector,
    search: `${query.search} ${presetSearch}`.trim(),
    agent: typeof query.selector?.agent === 'string' ? query.selector.agent : 'all',
  };
  const key = searchListKey[query.kind];
  const reply = await client.general.post('resources/search', {
    json: { [key]: [selector] },
    prefer: null,
    schema: resourceSearchReplySchema,
    signal: options.signal,
  });
  return reply[key];
}

/** Final runs stop polling; the runs list and run page refetch every 3 s while any run moves. */
export const runRefetchIntervalMs = 3000;

export const playbooksQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: playbookKeys.list(),
    queryFn: ({ signal }) => listPlaybooks(client, { signal }),
  });

export const playbookQuery = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: playbookKeys.playbook(id),
    queryFn: ({ signal }) => getPlaybook(client, id, { signal }),
  });

export const playbooksForResourceQuery = (client: ApiClient, resource: PlaybookResourceRef) =>
  queryOptions({
    queryKey: playbookKeys.forResource(resource),
    queryFn: ({ signal }) => listPlaybooksForResource(client, resource, { signal }),
  });

/** Settings §4: changing the resource re-fetches the parameters (no caching). */
export const playbookParamsQuery = (
  client: ApiClient,
  playbookId: string,
  resource: PlaybookResourceRef | undefined,
) =>
  queryOptions({
    queryKey: playbookKeys.params(playbookId, resource),
    queryFn: ({ signal }) => getPlaybookParams(client, playbookId, resource, { signal }),
    staleTime: 0,
    gcTime: 0,
  });

export const playbookRunsQuery = (client: ApiClient, query: PlaybookRunsQuery) =>
  queryOptions({
    queryKey: playbookKeys.runList(query),
    queryFn: ({ signal }) => listPlaybookRuns(client, query, { signal }),
    placeholderData: keepPreviousData,
  });

export const playbookRunQuery = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: playbookKeys.run(id),
    queryFn: ({ signal }) => getPlaybookRun(client, id, { signal }),
  });

export const playbookRunActionsQuery = (client: ApiClient, runId: string) =>
  queryOptions({
    queryKey: playbookKeys.runActions(runId),
    queryFn: ({ signal }) => getPlaybookRunActions(client, runId, { signal }),
  });

export const resourceSearchQuery = (client: ApiClient, query: ResourceSearchQuery) =>
  queryOptions({
    queryKey: playbookKeys.resourceSearch(query),
    queryFn: ({ signal }) => searchResources(client, query, { signal }),
  });

/** Who a run's approval spec lists (emails and team names), and the person asking about it. */
export interface RunApproversQuery {
  people: readonly string[];
  teams: readonly string[];
  personId?: string | undefined;
}

export interface RunApprovers {
  /** The listed people, by email, with their names where a person has that email. */
  people: { email: string; name?: string | undefined }[];
  /** The listed teams, by name. */
  teams: string[];
  /** Which listed teams the asking person is a member of. */
  memberOf: string[];
}

const approverPersonSchema = z.object({
  email: z.nullish(z.string()),
  name: z.nullish(z.string()),
});
const teamRowSchema = z.object({ id: z.string(), name: z.nullish(z.string()) });
const membershipSchema = z.object({ team_id: z.string() });

/**
 * The people and teams a run's approval spec lists, named as the directory names them, and which of
 * those teams the asking person is in: what the run page says about who may approve.
 */
export async function getRunApprovers(
  client: ApiClient,
  query: RunApproversQuery,
  options: CallOptions = {},
): Promise<RunApprovers> {
  const [people, teams, memberships] = await Promise.all([
    query.people.length === 0
      ? []
      : db(client)
          .from('people')
          .select('email,name')
          .in('email', query.people)
          .rows(approverPersonSchema)
          .execute(options.signal),
    query.teams.length === 0 || !query.personId
      ? []
      : db(client)
          .from('teams')
          .select('id,name')
          .in('name', query.teams)
          .is('deleted_at', null)
          .rows(teamRowSchema)
          .execute(options.signal),
    query.teams.length === 0 || !query.personId
      ? []
      : db(client)
          .from('team_members')
          .select('team_id')
          .eq('person_id', query.personId)
          .rows(membershipSchema)
          .execute(options.signal),
  ]);
  const names = new Map(people.map((person) => [person.email?.toLowerCase(), person.name]));
  const mine = new Set(memberships.map((membership) => membership.team_id));
  return {
    people: query.people.map((email) => ({
      email,
      name: names.get(email.toLowerCase()) ?? undefined,
    })),
    teams: [...query.teams],
    memberOf: teams.filter((team) => mine.has(team.id)).flatMap((team) => team.name ?? []),
  };
}

export const runApproversQuery = (client: ApiClient, query: RunApproversQuery) =>
  queryOptions({
    queryKey: playbookKeys.approvers(query),
    queryFn: ({ signal }) => getRunApprovers(client, query, { signal }),
  });
