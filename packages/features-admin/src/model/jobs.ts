import type { JobHistoryQuery } from '@opsdeck/api-client/admin';
import type { BadgeColor } from '@opsdeck/ui';
import type { DataTableQuery } from '@opsdeck/ui/data-table';
import { decodeTriState, encodeTriState, type TriStateSelection } from '@opsdeck/ui';
import { resolveTimeRange, type TimeRange } from '@opsdeck/ui/time-range';
import { DateTime } from 'luxon';

/** The job history table's URL state: no prefix (settings §2 names pageIndex, pageSize, sortBy…). */
export const jobsTable = {
  id: 'jobs',
  urlPrefix: '',
  filters: ['name', 'resourceType', 'status', 'runDuration'],
  defaultSort: { id: 'created_at', desc: true },
  // settings §9: 150 a page.
  defaultPageSize: 150,
  pageSizes: [50, 150, 500],
  rememberPageSize: false,
} as const;

/** Settings §9: the range shown until the user picks one. */
export const defaultJobsTimeRange: TimeRange = {
  type: 'relative',
  display: '2 days',
  range: 'now-2d',
};

/** Settings §9: successful runs are left out until the user picks statuses. */
export const defaultJobsStatusFilter = 'SUCCESS:-1';
/** The status filter's URL value once the user cleared it: every status. */
export const allJobStatuses = 'all';

/** The status selection of the URL's `status.filter` (the default while absent). */
export function jobsStatusSelection(filter: string | undefined): TriStateSelection {
  if (filter === allJobStatuses) return {};
  return decodeTriState(filter ?? defaultJobsStatusFilter);
}

/** The URL value of a picked selection: an empty one is kept as 'all', not back to the default. */
export function jobsStatusFilterValue(selection: TriStateSelection): string {
  return encodeTriState(selection) || allJobStatuses;
}

export const jobStatuses = ['RUNNING', 'SUCCESS', 'WARNING', 'FAILED'] as const;
export const jobResourceTypes = ['canary', 'topology', 'config_scraper'] as const;

/** Settings §9 duration choices, as `runDuration` values and their least duration. */
export const jobDurations: readonly { value: string; label: string; millis: number }[] = [
  { value: '15s', label: '15s', millis: 15_000 },
  { value: '30s', label: '30s', millis: 30_000 },
  { value: '60s', label: '60s', millis: 60_000 },
  { value: '2m', label: '2m', millis: 120_000 },
  { value: '3m', label: '3m', millis: 180_000 },
  { value: '5m', label: '5m', millis: 300_000 },
  { value: '10m', label: '10m', millis: 600_000 },
  { value: '15m', label: '15m', millis: 900_000 },
];

/** The request of the URL's state; a relative range resolves against `now`. */
export function jobsRequest(
  query: DataTableQuery,
  now: DateTime = DateTime.now(),
): JobHistoryQuery {
  const request: JobHistoryQuery = {
    pageIndex: query.pageIndex,
    pageSize: query.pageSize,
    sortBy: query.sortBy ?? 'created_at',
    sortOrder: query.sortOrder ?? 'desc',
  };
  const { name, resourceType, runDuration } = query.filters;
  if (name) request.name = name;
  if (resourceType) request.resourceType = resourceType;
  const status = jobsStatusSelection(query.filters.status);
  const include = Object.keys(status).filter((key) => status[key] === 1);
  const exclude = Object.keys(status).filter((key) => status[key] === -1);
  if (include.length || exclude.length) request.status = { include, exclude };
  const duration = jobDurations.find((option) => option.value === runDuration);
  if (duration) request.minDurationMillis = duration.millis;
  const resolved = resolveTimeRange(query.timeRange ?? defaultJobsTimeRange, now);
  const from = resolved?.from.toUTC().toISO();
  const to = resolved?.to.toUTC().toISO();
  if (from) request.from = from;
  if (to) request.to = to;
  return request;
}

/** Settings §4 "Job status" colours. */
export function jobStatusColor(status: string | null | undefined): BadgeColor {
  switch (status) {
    case 'RUNNING':
      return 'yellow';
    case 'SUCCESS':
      return 'green';
    case 'WARNING':
      return 'orange';
    case 'FAILED':
    case 'STOPPED':
      return 'red';
    default:
      return 'gray';
  }
}

/** Which of the app's pages a job's resource opens (settings §2 "Job resource links by resource type"). */
export type JobResourcePage =
  'canaryEditor' | 'topologyEditor' | 'scraperPage' | 'configPage' | 'playbookPage';

/** The page a job's resource type links to; undefined for a type without one. */
export function jobResourcePage(
  resourceType: string | null | undefined,
): JobResourcePage | undefined {
  switch (resourceType) {
    case 'canary':
      return 'canaryEditor';
    case 'config_scraper':
    case 'catalog_scraper':
      return 'scraperPage';
    case 'topology':
      return 'topologyEditor';
    case 'config':
      return 'configPage';
    case 'playbook':
      return 'playbookPage';
    default:
      return undefined;
  }
}

/** A run's duration as people read it (`850 ms`, `12.4 s`, `3m 5s`). */
export function formatJobDuration(millis: number | null | undefined): string {
  if (millis == null) return '';
  if (millis < 1000) return `${millis} ms`;
  if (millis < 60_000) return `${(millis / 1000).toFixed(1)} s`;
  const minutes = Math.floor(millis / 60_000);
  const seconds = Math.round((millis % 60_000) / 1000);
  return `${minutes}m ${seconds}s`;
}

export interface JobDetailTab {
  value: 'errors' | 'scrape_summary' | 'summary';
  label: string;
  content: unknown;
}

const hasContent = (value: unknown) =>
  value !== null &&
  value !== undefined &&
  value !== '' &&
  !(Array.isArray(value) && value.length === 0) &&
  !(typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);

/**
 * Settings §2: the details modal's tabs, Errors, Scrape Summary and Reconcile Summary, only those
 * with content; none means no modal.
 */
export function jobDetailTabs(details: unknown): JobDetailTab[] {
  if (!details || typeof details !== 'object') return [];
  const record = details as Record<string, unknown>;
  const tabs: JobDetailTab[] = [
    { value: 'errors', label: 'Errors', content: record.errors },
    { value: 'scrape_summary', label: 'Scrape Summary', content: record.scrape_summary },
    { value: 'summary', label: 'Reconcile Summary', content: record.summary },
  ];
  return tabs.filter((tab) => hasContent(tab.content));
}
