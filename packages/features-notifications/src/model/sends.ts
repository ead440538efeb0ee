import type { NotificationSend, NotificationSendsQuery } from '@opsdeck/api-client/notifications';
import { formatLocalMoment, formatMomentFromNow, type BadgeColor } from '@opsdeck/ui';
import type { DataTableQuery } from '@opsdeck/ui/data-table';
import { resolveTimeRange } from '@opsdeck/ui/time-range';
import { DateTime } from 'luxon';

/** The send history's URL filters (`sends.{key}.filter`). */
export const sendsFilterKeys = ['status', 'resourceType', 'rule'] as const;

/** The request of the history table's URL state; a relative time range resolves against `now`. */
export function sendsRequest(
  query: DataTableQuery,
  now: DateTime = DateTime.now(),
): NotificationSendsQuery {
  const request: NotificationSendsQuery = { pageIndex: query.pageIndex, pageSize: query.pageSize };
  const { status, resourceType, rule } = query.filters;
  if (status) request.status = status;
  if (resourceType) request.resourceType = resourceType;
  if (rule) request.ruleId = rule;
  if (query.timeRange) {
    const resolved = resolveTimeRange(query.timeRange, now);
    const from = resolved?.from.toUTC().toISO();
    const to = resolved?.to.toUTC().toISO();
    if (from && to) {
      request.from = from;
      request.to = to;
    }
  }
  return request;
}

const statusLabels: Record<string, string> = {
  sent: 'Sent',
  error: 'Error',
  pending: 'Pending',
  skipped: 'Skipped',
  silenced: 'Silenced',
  'repeat-interval': 'Repeat interval',
  inhibited: 'Inhibited',
  pending_playbook_run: 'Pending playbook run',
  pending_playbook_completion: 'Pending playbook completion',
  'evaluating-waitfor': 'Evaluating wait-for',
  attempting_fallback: 'Attempting fallback',
};

/** A send status as people read it (`repeat-interval` → `Repeat interval`). */
export function sendStatusLabel(status: string | null | undefined): string {
  if (!status) return 'Unknown';
  return statusLabels[status] ?? status;
}

/** Failed sends red, delivered green, held back grey, on the way yellow. */
export function sendStatusColor(status: string | null | undefined): BadgeColor {
  switch (status) {
    case 'sent':
      return 'green';
    case 'error':
      return 'red';
    case 'silenced':
    case 'skipped':
    case 'inhibited':
    case 'repeat-interval':
      return 'gray';
    default:
      return 'yellow';
  }
}

/** The send's resource name, falling back to its id (a deleted resource keeps its sends). */
export function sendResourceName(send: Pick<NotificationSend, 'resource' | 'resource_id'>): string {
  return send.resource?.name || send.resource_id || '';
}

// An ISO 8601 instant as the engine writes it into a reason (`2026-11-27T14:17:24.000Z`).
const ISO_INSTANT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})/g;

/**
 * A send's reason with each time in it made readable: the user's own time zone and how long ago
 * (`already notified at 27 Nov 2026, 14:17:24 CET (5m ago), within …`), not the raw ISO the
 * engine writes.
 */
export function readableReason(reason: string, now: number = Date.now()): string {
  return reason.replace(ISO_INSTANT, (iso) => {
    const moment = formatLocalMoment(iso);
    return moment ? `${moment} (${formatMomentFromNow(iso, now)})` : iso;
  });
}
