import type { AuditEntry, AuditQuery } from '@opsdeck/api-client/admin';
import type { DataTableQuery } from '@opsdeck/ui/data-table';
import { resolveTimeRange } from '@opsdeck/ui/time-range';
import { DateTime } from 'luxon';

/**
 * The audit page's URL state: `actor.filter`, `table.filter`, `action.filter`, the time range
 * (`rangeType`, `timeRange`/`from`/`to`), `pageIndex`, `pageSize` and `sortOrder`; no prefix, the
 * page's only table.
 */
export const auditTable = {
  id: 'audit',
  urlPrefix: '',
  filters: ['actor', 'table', 'action'],
  defaultSort: { id: 'at', desc: true },
  defaultPageSize: 50,
  pageSizes: [25, 50, 100, 500],
  rememberPageSize: false,
} as const;

/** The actions a write is recorded as (the triggers' `lower(TG_OP)`). */
export const auditActions = ['insert', 'update', 'delete'] as const;

/** Who writes without a person: jobs, the scheduler, the seed. */
export const systemActor = 'system';

/** The request of the URL's state; a relative range resolves against `now`. No range: all time. */
export function auditRequest(query: DataTableQuery, now: DateTime = DateTime.now()): AuditQuery {
  const request: AuditQuery = {
    pageIndex: query.pageIndex,
    pageSize: query.pageSize,
    sortOrder: query.sortOrder ?? 'desc',
  };
  const { actor, table, action } = query.filters;
  if (actor) request.actor = actor;
  if (table) request.table = table;
  if (action && (auditActions as readonly string[]).includes(action)) request.action = action;
  const resolved = query.timeRange ? resolveTimeRange(query.timeRange, now) : undefined;
  const from = resolved?.from.toUTC().toISO();
  const to = resolved?.to.toUTC().toISO();
  if (from) request.from = from;
  if (to) request.to = to;
  return request;
}

/** Who wrote, as people read it: a person's name where known, an agent, or the server itself. */
export function auditActorLabel(
  actor: string | null | undefined,
  names: ReadonlyMap<string, string>,
): string {
  if (!actor || actor === systemActor) return 'System';
  if (actor.startsWith('agent:')) return `Agent ${names.get(actor.slice(6)) ?? actor.slice(6)}`;
  return names.get(actor) ?? actor;
}

/** One column of one row: its value before and after the write. */
export interface AuditField {
  key: string;
  /** Absent (undefined) for an insert's before or a delete's after. */
  before: unknown;
  after: unknown;
  changed: boolean;
  /** The server masked the value (a secret): shown as it came, never unmasked. */
  masked: boolean;
}

/** One row of a write: its key and its columns, changed ones marked. */
export interface AuditRowDiff {
  /** The row's key (its `id`, else the recorded key at that position), when known. */
  id: string | undefined;
  fields: AuditField[];
}

type Image = Record<string, unknown>;

const isMasked = (value: unknown) => typeof value === 'string' && /^\*{3,}$/.test(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const keyOf = (image: Image | undefined): string | undefined =>
  image && (typeof image.id === 'string' || typeof image.id === 'number')
    ? String(image.id)
    : undefined;

function fieldsOf(before: Image | undefined, after: Image | undefined): AuditField[] {
  // The after image's column order first (the table's), then columns only the before has.
  const keys = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  return keys.map((key) => {
    const was = before ? before[key] : undefined;
    const is = after ? after[key] : undefined;
    return {
      key,
      before: was,
      after: is,
      // An insert's or a delete's every column is the change.
      changed: !before || !after || !same(was, is),
      masked: isMasked(was) || isMasked(is),
    };
  });
}

/**
 * An audit entry's rows as before/after pairs: an update's images are paired by `id` where the
 * rows have one (the trigger does not promise both lists in one order), else by position.
 */
export function auditDiff(entry: Pick<AuditEntry, 'before' | 'after' | 'ids'>): AuditRowDiff[] {
  const before = entry.before ?? [];
  const after = entry.after ?? [];
  const ids = entry.ids ?? [];
  const byId = new Map<string, Image>();
  for (const image of before) {
    const key = keyOf(image);
    if (key !== undefined) byId.set(key, image);
  }
  const paired = new Set<Image>();
  const rows: AuditRowDiff[] = after.map((image, index) => {
    const key = keyOf(image);
    const was = key !== undefined ? byId.get(key) : before[index];
    if (was) paired.add(was);
    return { id: key ?? ids[index], fields: fieldsOf(was, image) };
  });
  // Rows that only have a before image: a delete's, or an update's the after list left out.
  before.forEach((image, index) => {
    if (paired.has(image)) return;
    rows.push({ id: keyOf(image) ?? ids[index], fields: fieldsOf(image, undefined) });
  });
  return rows;
}

/** A column's value as text: absent is empty, text as it is, anything else as JSON. */
export function formatAuditValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

/** The pages an audited table's row opens (a table without one draws no link). */
export type AuditResourcePage =
  | 'canaryEditor'
  | 'topologyEditor'
  | 'scraperPage'
  | 'configPage'
  | 'playbookPage'
  | 'incidentPage'
  | 'connectionEditor'
  | 'teamEditor'
  | 'notificationRule'
  | 'permissions'
  | 'users';

const resourcePages: Readonly<Record<string, AuditResourcePage>> = {
  canaries: 'canaryEditor',
  topologies: 'topologyEditor',
  config_scrapers: 'scraperPage',
  config_items: 'configPage',
  playbooks: 'playbookPage',
  incidents: 'incidentPage',
  connections: 'connectionEditor',
  teams: 'teamEditor',
  notifications: 'notificationRule',
  permissions: 'permissions',
  people: 'users',
};

/** The page a row of `table` opens. */
export function auditResourcePage(table: string): AuditResourcePage | undefined {
  return resourcePages[table];
}

/** The tables the table filter offers: those with a page, and the other tables people write. */
export const auditTables: readonly string[] = [
  ...Object.keys(resourcePages),
  'agents',
  'checks',
  'components',
  'config_changes',
  'logging_backends',
  'notification_silences',
  'playbook_runs',
  'properties',
  'team_members',
].sort();
