import { healthTestIds as testIds } from '@opsdeck/features-health/testing';
import { createFakeBackend, type FakeBackend } from '@opsdeck/testing';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { App } from './App.tsx';

let backend: FakeBackend;

beforeAll(async () => {
  backend = await createFakeBackend({
    '* /api/canary/api/summary': {
      checks_summary: [
        {
          id: 'a',
          canary_id: 'c',
          canary_name: 'web',
          name: 'homepage',
          type: 'http',
          status: 'unhealthy',
          created_at: '2024-01-01T00:00:00Z',
          uptime: { passed: 1, failed: 1 },
          latency: { rolling1h: 20 },
        },
      ],
    },
    // Everything else the page asks for (recent results, details) is an empty list.
    '* /*': [],
  });
});
afterAll(() => {
  cleanup();
  return backend.close();
});

it('shows the health page from the configured backend without signing in', async () => {
  render(<App config={{ baseUrl: `${backend.url}/api`, roles: [] }} />);
  await waitFor(() => expect(screen.getAllByTestId(testIds.page.row)).toHaveLength(1));
  expect(screen.getByRole('heading', { name: 'Health' })).toBeTruthy();
  const seen = backend.requests.map((request) => request.url);
  expect(seen.some((url) => url === '/api/canary/api/summary')).toBe(true);
  expect(seen.some((url) => url.includes('whoami') || url.includes('login'))).toBe(false);
});
