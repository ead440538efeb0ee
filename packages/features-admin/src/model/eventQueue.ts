import type { EventQueueQuery } from '@opsdeck/api-client/admin';
import type { DataTableQuery } from '@opsdeck/ui/data-table';

/** The event queue table's URL state: the page's only table, so no prefix (as job history). */
export const eventQueueTable = {
  id: 'event-queue',
  urlPrefix: '',
  // The reference orders the summary by the latest failure first.
  defaultSort: { id: 'last_failure', desc: true },
  defaultPageSize: 50,
  pageSizes: [25, 50, 100],
  rememberPageSize: false,
} as const;

/** The request of the URL's state. */
export function eventQueueRequest(query: DataTableQuery): EventQueueQuery {
  return {
    pageIndex: query.pageIndex,
    pageSize: query.pageSize,
    sortBy: query.sortBy ?? 'last_failure',
    sortOrder: query.sortOrder ?? 'desc',
  };
}

/** Average attempts as people read them: at most one decimal (`2.5`, `3`). */
export function formatAttempts(value: number | null | undefined): string {
  if (value == null) return '';
  return String(Math.round(value * 10) / 10);
}
