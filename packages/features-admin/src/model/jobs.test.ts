import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import {
  jobDetailTabs,
  jobResourcePage,
  jobsRequest,
  jobsStatusFilterValue,
  jobsStatusSelection,
  jobStatusColor,
} from './jobs.ts';

const now = DateTime.fromISO('2026-11-28T12:00:00Z');
const base = { pageIndex: 0, pageSize: 150, sortBy: undefined, sortOrder: undefined, filters: {} };

describe('jobsRequest (the job history URL state)', () => {
  it('asks for the last 2 days, without successes, newest first, 150 a page by default', () => {
    expect(jobsRequest(base, now)).toEqual({
      pageIndex: 0,
      pageSize: 150,
      sortBy: 'created_at',
      sortOrder: 'desc',
      status: { include: [], exclude: ['SUCCESS'] },
      from: '2026-11-26T12:00:00.000Z',
      to: '2026-11-28T12:00:00.000Z',
    });
  });

  it('maps each filter of the URL to the request', () => {
    const request = jobsRequest(
      {
        pageIndex: 2,
        pageSize: 50,
        sortBy: 'duration_millis',
        sortOrder: 'asc',
        filters: {
          name: 'CanaryRun',
          resourceType: 'canary',
          status: 'FAILED:1,WARNING:1',
          runDuration: '2m',
        },
        timeRange: { type: 'relative', display: '1 hour', range: 'now-1h' },
      },
      now,
    );
    expect(request).toEqual({
      pageIndex: 2,
      pageSize: 50,
      sortBy: 'duration_millis',
      sortOrder: 'asc',
      name: 'CanaryRun',
      resourceType: 'canary',
      status: { include: ['FAILED', 'WARNING'], exclude: [] },
      minDurationMillis: 120_000,
      from: '2026-11-28T11:00:00.000Z',
      to: '2026-11-28T12:00:00.000Z',
    });
  });

  it('keeps a cleared status filter as every status, not the default', () => {
    const cleared = jobsStatusFilterValue({});
    expect(jobsStatusSelection(cleared)).toEqual({});
    expect(jobsRequest({ ...base, filters: { status: cleared } }, now).status).toBeUndefined();
    expect(jobsStatusSelection(undefined)).toEqual({ SUCCESS: -1 });
  });

  it('ignores a duration that is not one of the choices', () => {
    expect(jobsRequest({ ...base, filters: { runDuration: '7h' } }, now).minDurationMillis).toBe(
      undefined,
    );
  });
});

describe('job presentation', () => {
  it('colours the statuses as settings §4 says', () => {
    expect(['RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED'].map(jobStatusColor)).toEqual([
      'yellow',
      'green',
      'orange',
      'red',
      'red',
    ]);
  });

  it('links each resource type to its page', () => {
    expect(jobResourcePage('canary')).toBe('canaryEditor');
    expect(jobResourcePage('config_scraper')).toBe('scraperPage');
    expect(jobResourcePage('topology')).toBe('topologyEditor');
    expect(jobResourcePage('components')).toBeUndefined();
  });

  it('offers only the detail tabs with content, none for empty details', () => {
    expect(jobDetailTabs(null)).toEqual([]);
    expect(jobDetailTabs({ errors: [], summary: {} })).toEqual([]);
    expect(
      jobDetailTabs({ errors: ['boom'], scrape_summary: { configs: 3 } }).map((t) => t.label),
    ).toEqual(['Errors', 'Scrape Summary']);
  });
});
