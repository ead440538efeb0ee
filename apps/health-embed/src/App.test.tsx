import { healthTestIds as testIds } from '@opsdeck/features-health/testing';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { App } from './App.tsx';

let server: Server;
let baseUrl = '';
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/json' });
    if (request.url?.startsWith('/api/canary/api/summary')) {
      response.end(
        JSON.stringify({
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
        }),
      );
    } else response.end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => {
  cleanup();
  return new Promise((resolve) => server.close(resolve));
});

it('shows the health page from the configured backend without signing in', async () => {
  render(<App config={{ baseUrl, roles: [] }} />);
  await waitFor(() => expect(screen.getAllByTestId(testIds.page.row)).toHaveLength(1));
  expect(screen.getByRole('heading', { name: 'Health' })).toBeTruthy();
  expect(seen.some((url) => url === '/api/canary/api/summary')).toBe(true);
  expect(seen.some((url) => url.includes('whoami') || url.includes('login'))).toBe(false);
});
