import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { ApiClient } from '../client.ts';
import { db } from '../db/index.ts';
import type { CallOptions } from '../http.ts';
import { looseObject } from '../looseObject.ts';
import { maybeNumber, maybeText, text } from '../schemaParts.ts';
import { adminKeys } from './keys.ts';

const auditImages = z.nullish(z.array(z.record(z.string(), z.unknown())));

/**
 * One write as apps/server's audit trail records it (`audit_log`, issue 32; not in the reference):
 * who, which table, what, the keys of the rows, and the rows before and after with secrets masked.
 */
export const auditEntrySchema = looseObject({
  id: z.union([text, z.number()]),
  at: text,
  actor: maybeText,
  table_name: text,
  action: text,
  ids: z.nullish(z.array(z.string())),
  row_count: maybeNumber,
  before: auditImages,
  after: auditImages,
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

/** The audit page's request. */
export interface AuditQuery {
  pageIndex: number;
  pageSize: number;
  sortOrder?: 'asc' | 'desc';
  /** A person's id, `agent:{id}` or `system`. */
  actor?: string;
  table?: string;
  /** insert, update or delete. */
  action?: string;
  /** ISO instants bounding `at`. */
  from?: string;
  to?: string;
}

/** One page of the audit trail, newest first, with the count of every matching write. */
export async function listAudit(
  client: ApiClient,
  query: AuditQuery,
  options: CallOptions = {},
): Promise<{ rows: AuditEntry[]; total: number }> {
  const builder = db(client)
    .from('audit_log')
    .select('*')
    .order('at', { direction: query.sortOrder ?? 'desc' })
    .order('id', { direction: query.sortOrder ?? 'desc' })
    .limit(query.pageSize)
    .offset(query.pageSize * query.pageIndex);
  if (query.actor) builder.eq('actor', query.actor);
  if (query.table) builder.eq('table_name', query.table);
  if (query.action) builder.eq('action', query.action);
  if (query.from) builder.gte('at', query.from);
  if (query.to) builder.lte('at', query.to);
  const { data, total } = await builder
    .rows(auditEntrySchema)
    .count('exact')
    .execute(options.signal);
  return { rows: data, total };
}

export const auditQuery = (client: ApiClient, query: AuditQuery) =>
  queryOptions({
    queryKey: adminKeys.auditList(query),
    queryFn: ({ signal }) => listAudit(client, query, { signal }),
    placeholderData: keepPreviousData,
  });
