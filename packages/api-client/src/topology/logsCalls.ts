import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { ApiClient } from '../client.ts';
import { db } from '../db/index.ts';
import type { CallOptions } from '../http.ts';
import { apiKeyRoot } from '../keys.ts';
import { looseObject } from '../looseObject.ts';
import { labels, maybeText, text } from '../schemaParts.ts';
import { logsReplySchema, type LogsReply, type LogsRequest } from './schemas.ts';

// The logs page's reads (reference §9, console §2 /logs): which components have logs, their log
// selectors, and `POST /api/logs`. Keys under their own root: a component written does not
// re-ask for its log lines.

/** Keys of the logs queries, under `['opsdeck-api', 'logs']`. */
export const logsKeys = {
  all: () => [apiKeyRoot, 'logs'] as const,
  components: () => [...logsKeys.all(), 'components'] as const,
  lines: (request: LogsRequest) => [...logsKeys.all(), 'lines', request] as const,
};

const componentWithLogsSchema = looseObject({ id: text, name: maybeText, type: maybeText });

const selectorSchema = looseObject({ name: maybeText, type: maybeText });
const componentSelectorsSchema = looseObject({
  id: text,
  labels,
  log_selectors: z.nullish(z.array(selectorSchema)),
});

/** A component whose logs the page can read, with where it runs when its labels say. */
export interface LogsComponent {
  id: string;
  name: string;
  type: string | null;
  namespace: string | null;
  cluster: string | null;
  /** Its log selectors' names, in the component's order (the first is the default). */
  selectors: string[];
}

/**
 * The components listed by `components_with_logs`, by name, each with its namespace and cluster
 * labels and its log selectors' names (read from `components`, which the view leaves out).
 */
export async function listLogsComponents(
  client: ApiClient,
  options: CallOptions = {},
): Promise<LogsComponent[]> {
  const listed = await db(client)
    .from('components_with_logs')
    .select('id,name,type')
    .order('name')
    .rows(componentWithLogsSchema)
    .execute(options.signal);
  if (listed.length === 0) return [];
  const details = await db(client)
    .from('components')
    .select('id,labels,log_selectors')
    .in(
      'id',
      listed.map((component) => component.id),
    )
    .rows(componentSelectorsSchema)
    .execute(options.signal);
  const byId = new Map(details.map((detail) => [detail.id, detail]));
  return listed.map((component) => {
    const detail = byId.get(component.id);
    const where = detail?.labels ?? {};
    return {
      id: component.id,
      name: component.name ?? component.id,
      type: component.type ?? null,
      namespace: where.namespace ?? null,
      cluster: where.cluster ?? where['kubernetes.io/cluster'] ?? null,
      selectors: (detail?.log_selectors ?? []).flatMap((selector) =>
        selector.name ? [selector.name] : [],
      ),
    };
  });
}

/** `POST /api/logs`: a component's log lines through one of its selectors (the first by default). */
export function getLogs(
  client: ApiClient,
  request: LogsRequest,
  options: CallOptions = {},
): Promise<LogsReply> {
  return client.logs.post('', { json: request, schema: logsReplySchema, signal: options.signal });
}

export const logsComponentsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: logsKeys.components(),
    queryFn: ({ signal }) => listLogsComponents(client, { signal }),
  });

/**
 * The lines of one request. `resolve` turns the request into what is sent at the moment of asking
 * (a relative time range becomes two instants then), so a refetch reads up to the new now.
 */
export const logsQuery = (
  client: ApiClient,
  request: LogsRequest,
  resolve: (request: LogsRequest) => LogsRequest = (same) => same,
) =>
  queryOptions({
    queryKey: logsKeys.lines(request),
    queryFn: ({ signal }) => getLogs(client, resolve(request), { signal }),
  });
