import { createApiClient } from '@opsdeck/api-client';
import type { FakeBackend } from '@opsdeck/testing';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { incidentsFeature } from './feature.ts';
import { seedState, startIncidentBackend } from './testing/incidentBackend.test.helper.ts';
import { renderInConsole } from './testing/renderIncidents.test.helper.tsx';

const roles = ['responder'];
let backend: FakeBackend;
beforeAll(async () => {
  const state = seedState();
  backend = await startIncidentBackend(state, () => roles);
});
afterAll(() => backend.close());
afterEach(() => {
  cleanup();
  backend.reset();
  localStorage.clear();
});

const listRequests = () => backend.requestsTo('GET /api/db/incident_summary');

/**
 * Opens `url` as the console does: the route's prefetch first (its loader, as the navigation
 * starts), then the page once its chunk is in, over one query cache (the console's stale time).
 */
async function openPrefetched(url: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 300_000 } },
  });
  const baseUrl = `${backend.url}/api`;
  const route = incidentsFeature.routes.find((candidate) => candidate.path === 'incidents');
  route?.prefetch?.({
    params: {},
    search: new URL(url, 'http://console.test').searchParams,
    apiClient: createApiClient({ baseUrl }),
    prefetchQuery: (options) => void queryClient.prefetchQuery(options),
  });
  // The request is under way before the page has rendered.
  await waitFor(() => expect(listRequests()).toHaveLength(1));
  renderInConsole(null, { baseUrl, roles, url, queryClient });
  const table = await screen.findByRole('table', { name: 'Incidents' });
  await within(table).findByText('API latency');
}

describe("the incident list's route prefetch (issue 31)", () => {
  it('asks for the bare URL’s list once, newest first: the page reads the prefetched reply', async () => {
    await openPrefetched('/incidents');
    expect(listRequests()).toHaveLength(1);
    expect(listRequests()[0]?.query.get('order')).toBe('created_at.desc');
  });

  it("asks for the URL's filters, order and the remembered page size, once", async () => {
    localStorage.setItem('opsdeck.table.incidents.pageSize', '25');
    await openPrefetched(
      '/incidents?incidents.q.filter=latency&incidents.sortBy=title&incidents.sortOrder=asc',
    );
    expect(listRequests()).toHaveLength(1);
    const { query } = listRequests()[0]!;
    expect(query.get('limit')).toBe('25');
    expect(query.get('order')).toMatch(/^title\.asc/);
    expect([...query.values()].join(' ')).toContain('latency');
  });
});
