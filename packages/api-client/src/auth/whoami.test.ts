import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../client.ts';
import { startTestServer, type TestServer } from '../httpServer.test.helper.ts';
import { getWhoami } from './whoami.ts';

let server: TestServer;
let client: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  client = createApiClient({ baseUrl: `${server.origin}/api` });
});
afterAll(() => server.close());

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
    server.reply = () => ({ body: whoami });
    expect(await getWhoami(client)).toEqual(whoami);
    expect(server.last().url).toBe('/api/auth/whoami');
  });
});
