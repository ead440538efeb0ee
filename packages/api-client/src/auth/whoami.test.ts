import { createFakeBackend, type FakeBackend } from '@opsdeck/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../client.ts';
import { getWhoami } from './whoami.ts';

let backend: FakeBackend;
let client: ApiClient;
beforeAll(async () => {
  backend = await createFakeBackend();
  client = createApiClient({ baseUrl: `${backend.url}/api` });
});
afterAll(() => backend.close());
afterEach(() => backend.reset());

describe('auth calls', () => {
  it('whoami', async () => {
    const whoami = {
      message: 'success',
      payload: {
        user: { id: 'u1', name: 'Ada', email: 'ada@example.com' },
        roles: ['admin'],
        permissions: [{ subject: 'admin', object: 'canaries', action: 'read' }],
        hostname: 'mc.local',
      },
    };
    backend.on('GET /api/auth/whoami', whoami);
    expect(await getWhoami(client)).toEqual(whoami);
    expect(backend.last().url).toBe('/api/auth/whoami');
  });
});
