import { createApiClient } from '@opsdeck/api-client';
import type { FakeBackend } from '@opsdeck/testing';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { catalogFeature } from './feature.ts';
import { startCatalogBackend } from './testing/catalogBackend.test.helper.ts';
import { renderCatalog } from './testing/renderCatalog.test.helper.tsx';

let backend: FakeBackend;
beforeAll(async () => {
  backend = await startCatalogBackend();
});
afterAll(() => backend.close());
afterEach(() => {
  cleanup();
  backend.reset();
  localStorage.clear();
});

const summaryRequests = () => backend.requestsTo('POST /api/catalog/summary');
const pageRequests = () =>
  backend.requestsTo('GET /api/db/configs').filter(({ query }) => query.get('limit') !== '0');

/**
 * Opens `url` as the console does: the route's prefetch first (its loader, as the navigation
 * starts), then the page once its chunk is in, over one query cache (the console's stale time).
 */
async function openPrefetched(url: string, firstRequests: () => unknown[]) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 300_000 } },
  });
  const baseUrl = `${backend.url}/api`;
  const target = new URL(url, 'http://console.test');
  const route = catalogFeature.routes.find((candidate) => candidate.path === 'catalog');
  route?.prefetch?.({
    params: {},
    search: target.searchParams,
    apiClient: createApiClient({ baseUrl }),
    prefetchQuery: (options) => void queryClient.prefetchQuery(options),
  });
  // The request is under way before the page has rendered.
  await waitFor(() => expect(firstRequests()).toHaveLength(1));
  renderCatalog(url, { baseUrl, queryClient });
}

describe("the catalog list's route prefetch (issue 31)", () => {
  it('asks for the groups of the bare URL once: the page reads the prefetched reply', async () => {
    await openPrefetched('/catalog', summaryRequests);
    expect(await screen.findByText('Kubernetes › Deployment')).toBeTruthy();
    expect(summaryRequests()).toHaveLength(1);
    expect(pageRequests()).toHaveLength(0);
  });

  it("asks for the groups of the URL's health filter, not the bare URL's", async () => {
    await openPrefetched('/catalog?health.filter=unhealthy:1', summaryRequests);
    expect(await screen.findByText('Kubernetes › Deployment')).toBeTruthy();
    expect(summaryRequests()).toHaveLength(1);
    expect(JSON.stringify(summaryRequests()[0]?.body)).toContain('unhealthy');
  });

  it("asks for the narrowed list's rows once, with the URL's order and the remembered page size", async () => {
    localStorage.setItem('opsdeck.table.catalog.pageSize', '25');
    await openPrefetched(
      '/catalog?type.filter=Kubernetes________Deployment:1&sortBy=name&sortOrder=desc',
      pageRequests,
    );
    await screen.findByRole('table', { name: 'Configs' });
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1));
    expect(pageRequests()).toHaveLength(1);
    expect(pageRequests()[0]?.query.get('limit')).toBe('25');
    expect(pageRequests()[0]?.query.get('order')).toMatch(/^name\.desc/);
    expect(summaryRequests()).toHaveLength(0);
  });
});
