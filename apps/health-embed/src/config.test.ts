// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultEmbedConfig, loadEmbedConfig, readEmbedConfig } from './config.ts';

const globalWindow = globalThis as unknown as { window?: { __OPSDECK_HEALTH__?: unknown } };
afterEach(() => {
  delete globalWindow.window;
});

describe('embed config', () => {
  it('reads baseUrl and roles, ignoring anything malformed', () => {
    expect(readEmbedConfig({ baseUrl: 'https://ops.example.test/api/', roles: ['admin', 3] })).toEqual({ baseUrl: 'https://ops.example.test/api', roles: ['admin'] });
    expect(readEmbedConfig('nonsense')).toEqual(defaultEmbedConfig);
    expect(readEmbedConfig({ baseUrl: '  ', roles: 'admin' })).toEqual(defaultEmbedConfig);
  });

  it('loads config.json next to index.html, and falls back to defaults without one', async () => {
    globalWindow.window = {};
    const server = createServer((request, response) => {
      if (request.url === '/health/config.json') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ baseUrl: 'http://127.0.0.1:1/api' }));
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      expect(await loadEmbedConfig(fetch, `http://127.0.0.1:${port}/health/index.html`)).toEqual({ baseUrl: 'http://127.0.0.1:1/api', roles: [] });
      expect(await loadEmbedConfig(fetch, `http://127.0.0.1:${port}/elsewhere/`)).toEqual(defaultEmbedConfig);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('prefers window.__OPSDECK_HEALTH__ set by a host page', async () => {
    globalWindow.window = { __OPSDECK_HEALTH__: { baseUrl: '/backend/api' } };
    expect(await loadEmbedConfig(() => Promise.reject(new Error('not called')), 'http://127.0.0.1/')).toEqual({ baseUrl: '/backend/api', roles: [] });
  });
});
