import { createApiClient } from '@opsdeck/api-client';
import { checkSummaryQuery } from '@opsdeck/api-client/health';
import { describe, expect, it } from 'vitest';
import { healthFeature } from './feature.ts';

describe('the health route', () => {
  it("starts the summary the page's own query reads, as the navigation starts (issue 31)", () => {
    const apiClient = createApiClient({ baseUrl: '/api' });
    const started: unknown[][] = [];
    const route = healthFeature.routes.find((candidate) => candidate.path === 'health');
    route?.prefetch?.({
      params: {},
      search: new URLSearchParams(),
      apiClient,
      prefetchQuery: (options) => started.push([...options.queryKey]),
    });
    // useCheckSummary reads checkSummaryQuery: the same key finds the prefetched reply in flight.
    expect(started).toEqual([[...checkSummaryQuery(apiClient).queryKey]]);
  });
});
