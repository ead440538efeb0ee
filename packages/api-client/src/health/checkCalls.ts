import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { ApiClient } from '../client.ts';
import { db } from '../db/index.ts';
import type { CallOptions } from '../http.ts';
import { looseObject } from '../looseObject.ts';
import {
  checkDetailsSchema,
  checkGraphReplySchema,
  type CheckDetails,
  type CheckGraphReply,
} from './checkSchemas.ts';
import { healthKeys } from './keys.ts';
import { checkStatusSchema, type StatusHistoryPage } from './schemas.ts';
import { resolveStart } from './start.ts';

// The check modal's calls, apart from the page's summary so an app can load them with the modal.
/** The check modal's select, verbatim from the backend contract. */
export const checkDetailsSelect =
  '*,canaries!checks_canary_id_fkey(id,name,source),agents!checks_agent_id_fkey(id,name),components:check_component_relationships(components(id,name,icon)),configs:check_config_relationships(configs(id,name,type))';
export const statusHistoryPageSize = 50;
export const graphPointCount = 300;
/** Spec §9: the status history is cached 10 s. */
const statusHistoryStaleMs = 10_000;

export interface CheckGraphQuery {
  check: string;
  /** A duration such as `1h` or an RFC 3339 time, as the canary service reads it. */
  start: string;
  end?: string;
  count?: number;
}

export function getCheckGraph(
  client: ApiClient,
  query: CheckGraphQuery,
  options: CallOptions = {},
): Promise<CheckGraphReply> {
  return client.canary.get('api/graph', {
    searchParams: {
      check: query.check,
      count: query.count ?? graphPointCount,
      start: query.start,
      end: query.end,
    },
    schema: checkGraphReplySchema,
    signal: options.signal,
  });
}

/** The check row with its canary, agent, components and configs; null when no such check. */
export function getCheckDetails(
  client: ApiClient,
  id: string,
  options: CallOptions = {},
): Promise<CheckDetails | null> {
  return db(client)
    .from('checks')
    .select(checkDetailsSelect)
    .eq('id', id)
    .rows(checkDetailsSchema)
    .maybeSingle()
    .execute(options.signal);
}

export interface StatusHistoryQuery {
  checkId: string;
  start: Date | string;
  status?: 'healthy' | 'unhealthy';
  /** Only results that took at least this many milliseconds. */
  duration?: number;
  pageIndex?: number;
  pageSize?: number;
}

export async function getCheckStatusHistory(
  client: ApiClient,
  query: StatusHistoryQuery,
  options: CallOptions = {},
): Promise<StatusHistoryPage> {
  const pageSize = query.pageSize ?? statusHistoryPageSize;
  let request = db(client)
    .from('check_statuses')
    .eq('check_id', query.checkId)
    .gt('time', resolveStart(query.start));
  if (query.status) request = request.eq('status', query.status === 'healthy');
  if (query.duration !== undefined) request = request.gte('duration', query.duration);
  const { data, total } = await request
    .order('time', { direction: 'desc' })
    .limit(pageSize)
    .offset((query.pageIndex ?? 0) * pageSize)
    .rows(checkStatusSchema)
    .count()
    .execute(options.signal);
  return { data, totalEntries: total };
}

export const checkRunResultSchema = looseObject({
  name: z.nullish(z.string()),
  start: z.nullish(z.string()),
  pass: z.nullish(z.boolean()),
  invalid: z.nullish(z.boolean()),
  duration: z.nullish(z.number()),
  message: z.nullish(z.string()),
  error: z.nullish(z.string()),
});
export type CheckRunResult = z.output<typeof checkRunResultSchema>;

/** POST `/canary/run/check/{id}`: runs the check now and answers its result. */
export function runCheckNow(
  client: ApiClient,
  id: string,
  options: CallOptions = {},
): Promise<CheckRunResult> {
  return client.canary.post(`run/check/${encodeURIComponent(id)}`, {
    schema: checkRunResultSchema,
    signal: options.signal,
  });
}

export const checkDetailsQuery = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: healthKeys.check(id),
    queryFn: ({ signal }) => getCheckDetails(client, id, { signal }),
  });

/** Keyed by the range as given (`1h`); the start is resolved when the request goes out. */
export const checkGraphQuery = (client: ApiClient, query: CheckGraphQuery) =>
  queryOptions({
    queryKey: healthKeys.graph(query),
    // Sent as RFC 3339: not every backend reads month and year durations ('1mo', '1y').
    queryFn: ({ signal }) =>
      getCheckGraph(client, { ...query, start: resolveStart(query.start) }, { signal }),
  });

/** Keyed by the range as given (`1h`), not an instant: the start is resolved when the request goes out. */
export const statusHistoryQuery = (client: ApiClient, query: StatusHistoryQuery) =>
  queryOptions({
    queryKey: healthKeys.statusHistory(query),
    queryFn: ({ signal }) => getCheckStatusHistory(client, query, { signal }),
    staleTime: statusHistoryStaleMs,
    // The pager keeps the rows it shows while the next page loads, instead of flashing "loading".
    placeholderData: keepPreviousData,
  });
