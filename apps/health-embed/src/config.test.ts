// @vitest-environment node
import { createFakeBackend, json } from '@opsdeck/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultEmbedConfig, loadEmbedConfig, readEmbedConfig } from './config.ts';

const globalWindow = globalThis as unknown as { window?: { __OPSDECK_HEALTH__?: unknown } };
afterEach(() => {
  delete globalWindow.window;
});

describe('embed config', () => {
  it('reads baseUrl and roles, ignoring anything malformed', () => {
    expect(
      readEmbedConfig({ baseUrl: 'https://ops.example.test/api/', roles: ['admin', 3] }),
    ).toEqual({ baseUrl: 'https://ops.example.test/api', roles: ['admin'] });
    expect(readEmbedConfig('nonsense')).toEqual(defaultEmbedConfig);
    expect(readEmbedConfig({ baseUrl: '  ', roles: 'admin' })).toEqual(defaultEmbedConfig);
  });

  it('loads config.json next to index.html, and falls back to defaults without one', async () => {
    globalWindow.window = {};
    const server = await createFakeBackend({
      'GET /health/config.json': { baseUrl: 'http://127.0.0.1:1/api' },
      // A static host without the file: a bare 404.
      '* /*': json(undefined, { status: 404 }),
    });
    try {
      expect(await loadEmbedConfig(fetch, `${server.url}/health/index.html`)).toEqual({
        baseUrl: 'http://127.0.0.1:1/api',
        roles: [],
      });
      expect(await loadEmbedConfig(fetch, `${server.url}/elsewhere/`)).toEqual(defaultEmbedConfig);
    } finally {
      await server.close();
    }
  });

  it('prefers window.__OPSDECK_HEALTH__ set by a host page', async () => {
    globalWindow.window = { __OPSDECK_HEALTH__: { baseUrl: '/backend/api' } };
    expect(
      await loadEmbedConfig(() => Promise.reject(new Error('not called')), 'http://127.0.0.1/'),
    ).toEqual({ baseUrl: '/backend/api', roles: [] });
  });
});
