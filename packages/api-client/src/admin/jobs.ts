import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import { db } from '../db/index.ts';
import type { CallOptions } from '../http.ts';
import { adminKeys } from './keys.ts';
import { jobHistorySchema, jobNameSchema, type JobHistory } from './schemas.ts';

/** The job history page's request (reference §6 "Job histories list"). */
export interface JobHistoryQuery {
  pageIndex: number;
  pageSize: number;
  /** A `job_histories` column; `created_at` by default. */
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  name?: string;
  resourceType?: string;
  /** Statuses to include and to leave out (the tri-state filter's `SUCCESS:-1`). */
  status?: { include: readonly string[]; exclude: readonly string[] };
  /** Runs that took at least this long. */
  minDurationMillis?: number;
  /** ISO instants bounding created_at. */
  from?: string;
  to?: string;
}

/** The columns the list may be ordered by (anything else falls back to created_at). */
export const jobHistorySortColumns = [
  'created_at',
  'name',
  'status',
  'duration_millis',
  'resource_name',
  'success_count',
  'error_count',
] as const;

/** One page of job runs with the count of every matching run, newest first by default. */
export async function listJobHistory(
  client: ApiClient,
  query: JobHistoryQuery,
  options: CallOptions = {},
): Promise<{ rows: JobHistory[]; total: number }> {
  const sortBy = (jobHistorySortColumns as readonly string[]).includes(query.sortBy ?? '')
    ? query.sortBy!
    : 'created_at';
  const builder = db(client)
    .from('job_histories')
    .select('*')
    .order(sortBy, { direction: query.sortOrder ?? 'desc' })
    .limit(query.pageSize)
    .offset(query.pageSize * query.pageIndex);
  if (query.name) builder.eq('name', query.name);
  if (query.resourceType) builder.eq('resource_type', query.resourceType);
  if (query.status && (query.status.include.length || query.status.exclude.length))
    builder.triState('status', query.status);
  if (query.minDurationMillis) builder.gte('duration_millis', query.minDurationMillis);
  if (query.from) builder.gte('created_at', query.from);
  if (query.to) builder.lte('created_at', query.to);
  const { data, total } = await builder
    .rows(jobHistorySchema)
    .count('exact')
    .execute(options.signal);
  return { rows: data, total };
}

export const jobHistoryQuery = (client: ApiClient, query: JobHistoryQuery) =>
  queryOptions({
    queryKey: adminKeys.jobList(query),
    queryFn: ({ signal }) => listJobHistory(client, query, { signal }),
    placeholderData: keepPreviousData,
  });

/** The job names for the filter (`job_history_names?order=name.asc`). */
export async function listJobNames(
  client: ApiClient,
  options: CallOptions = {},
): Promise<string[]> {
  const rows = await db(client)
    .from('job_history_names')
    .select('*')
    .order('name', { direction: 'asc' })
    .rows(jobNameSchema)
    .execute(options.signal);
  return rows.map((row) => row.name);
}

export const jobNamesQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: adminKeys.jobNames(),
    queryFn: ({ signal }) => listJobNames(client, { signal }),
    staleTime: 300_000,
  });
