import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import { db } from '../db/index.ts';
import type { CallOptions } from '../http.ts';
import { healthKeys } from './keys.ts';
import { checkStatusSchema, type CheckStatus } from './schemas.ts';
import { resolveStart } from './start.ts';

// The row strips' call, apart from the page's summary: it needs the db query builder, which an app
// loads with the rows rather than with its first paint.

/** How many recent results each row's strip shows. */
const recentStatusCount = 10;

/**
 * The latest results of the last hour of these checks (at most `recentStatusCount` each), in one
 * request (the summary has no per-check history), by check id.
 */
export async function getRecentStatuses(
  client: ApiClient,
  checkIds: readonly string[],
  options: CallOptions = {},
): Promise<Map<string, CheckStatus[]>> {
  const rows = await db(client)
    .from('check_statuses')
    .select('check_id,time,status,duration,message,error')
    .in('check_id', checkIds)
    .gt('time', resolveStart('1h'))
    .order('time', { direction: 'desc' })
    .limit(checkIds.length * recentStatusCount * 2)
    .rows(checkStatusSchema)
    .execute(options.signal);
  const byCheck = new Map<string, CheckStatus[]>();
  for (const row of rows) {
    const list = byCheck.get(row.check_id) ?? [];
    if (list.length < recentStatusCount) list.push(row);
    byCheck.set(row.check_id, list);
  }
  return byCheck;
}

/** `asOf` (when the summary beside the strips last changed) refetches them with it. */
export const recentStatusesQuery = (client: ApiClient, checkIds: readonly string[], asOf: number) =>
  queryOptions({
    queryKey: healthKeys.recentStatusesOf(checkIds, asOf),
    queryFn: ({ signal }) => getRecentStatuses(client, checkIds, { signal }),
    staleTime: 30_000,
  });
