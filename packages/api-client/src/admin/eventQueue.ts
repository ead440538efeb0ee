import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { ApiClient } from '../client.ts';
import { db } from '../db/index.ts';
import type { CallOptions } from '../http.ts';
import { looseObject } from '../looseObject.ts';
import { maybeNumber, maybeText, text } from '../schemaParts.ts';
import { adminKeys } from './keys.ts';

/**
 * One row of `event_queue_summary` (reference areas correction 9): an event name with how many
 * of its events wait, how many failed, and its failures.
 */
export const eventQueueSummarySchema = looseObject({
  name: text,
  event_id: maybeText,
  pending: maybeNumber,
  failed: maybeNumber,
  average_attempts: maybeNumber,
  first_failure: maybeText,
  last_failure: maybeText,
  most_common_error: maybeText,
});
export type EventQueueSummary = z.output<typeof eventQueueSummarySchema>;

/** One waiting event of `event_queue` (id event_id name properties error delay created_at last_attempt attempts priority). */
export const eventQueueEntrySchema = looseObject({
  id: text,
  name: maybeText,
  properties: z.nullish(z.record(z.string(), z.unknown())),
  error: maybeText,
  attempts: maybeNumber,
  last_attempt: maybeText,
  priority: maybeNumber,
  created_at: maybeText,
});
export type EventQueueEntry = z.output<typeof eventQueueEntrySchema>;

/** The event queue page's request. */
export interface EventQueueQuery {
  pageIndex: number;
  pageSize: number;
  /** An `event_queue_summary` column; `last_failure` by default (the reference's order). */
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
}

/** The columns the summary may be ordered by (anything else falls back to last_failure). */
export const eventQueueSortColumns = [
  'name',
  'pending',
  'failed',
  'average_attempts',
  'first_failure',
  'last_failure',
  'most_common_error',
] as const;

/** `GET /api/db/event_queue_summary?order=last_failure.desc`, one page with the count of every event name. */
export async function listEventQueueSummary(
  client: ApiClient,
  query: EventQueueQuery,
  options: CallOptions = {},
): Promise<{ rows: EventQueueSummary[]; total: number }> {
  const sortBy = (eventQueueSortColumns as readonly string[]).includes(query.sortBy ?? '')
    ? query.sortBy!
    : 'last_failure';
  const { data, total } = await db(client)
    .from('event_queue_summary')
    .select('*')
    .order(sortBy, { direction: query.sortOrder ?? 'desc', nulls: 'last' })
    .order('name', { direction: 'asc' })
    .limit(query.pageSize)
    .offset(query.pageSize * query.pageIndex)
    .rows(eventQueueSummarySchema)
    .count('exact')
    .execute(options.signal);
  return { rows: data, total };
}

export const eventQueueSummaryQuery = (client: ApiClient, query: EventQueueQuery) =>
  queryOptions({
    queryKey: adminKeys.eventQueueList(query),
    queryFn: ({ signal }) => listEventQueueSummary(client, query, { signal }),
    placeholderData: keepPreviousData,
  });

/** The failed entries of one event name (those tried at least once), the latest attempt first. */
export function listFailedEvents(
  client: ApiClient,
  name: string,
  options: CallOptions = {},
): Promise<EventQueueEntry[]> {
  return db(client)
    .from('event_queue')
    .select('id,name,properties,error,attempts,last_attempt,priority,created_at')
    .eq('name', name)
    .gt('attempts', 0)
    .order('last_attempt', { direction: 'desc', nulls: 'last' })
    .limit(100)
    .rows(eventQueueEntrySchema)
    .execute(options.signal);
}

export const failedEventsQuery = (client: ApiClient, name: string) =>
  queryOptions({
    queryKey: adminKeys.failedEvents(name),
    queryFn: ({ signal }) => listFailedEvents(client, name, { signal }),
  });
