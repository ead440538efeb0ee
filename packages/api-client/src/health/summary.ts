import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import type { CallOptions } from '../http.ts';
import { healthKeys } from './keys.ts';
import type { CheckSummaryReply } from './schemas.ts';

// The page's call, apart from the modal's (checkCalls.ts) and the strips' (recentStatuses.ts) so an
// app that loads those lazily ships none of them, nor the db query builder, with its first paint.

export interface CheckSummaryQuery {
  labels?: Record<string, string>;
  sortBy?: 'name' | '-name';
  /** RFC 3339: also return checks deleted after this time. */
  deleteFrom?: string;
}

/** GET `/canary/api/summary`; with a query, POST it as the JSON body. */
export function getCheckSummary(
  client: ApiClient,
  query?: CheckSummaryQuery,
  options: CallOptions = {},
): Promise<CheckSummaryReply> {
  // Checked by code generated from the schema, fast without eval (summaryCheck.ts); it loads beside
  // the request, so neither it nor the schema is in an app's first chunk.
  const request = { check: () => import('./summaryCheck.ts'), signal: options.signal };
  return query === undefined
    ? client.canary.get('api/summary', request)
    : client.canary.post('api/summary', { ...request, json: query });
}

export const checkSummaryQuery = (client: ApiClient, query?: CheckSummaryQuery) =>
  queryOptions({
    queryKey: healthKeys.summary(query),
    queryFn: ({ signal }) => getCheckSummary(client, query, { signal }),
  });
