import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../client.ts';
import { startTestServer, type TestServer } from '../httpServer.test.helper.ts';
import { getAbout, getProperties, kubeconfigUrl } from './general.ts';

let server: TestServer;
let client: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  client = createApiClient({ baseUrl: `${server.origin}/api` });
});
afterAll(() => server.close());

describe('general calls', () => {
  it('about, properties and the kubeconfig URL', async () => {
    server.reply = () => ({ body: { appVersion: '1.2.3', chartVersion: '0.9.0' } });
    expect(await getAbout(client)).toEqual({ appVersion: '1.2.3', chartVersion: '0.9.0' });
    expect(server.last().url).toBe('/api/about');
    await getAbout(client, { service: 'canary' });
    expect(server.last().url).toBe('/api/canary/about');

    server.reply = () => ({ body: [{ name: 'incidents.disable', value: 'true', source: 'db' }] });
    expect(await getProperties(client)).toEqual([
      { name: 'incidents.disable', value: 'true', source: 'db' },
    ]);
    expect(server.last().url).toBe('/api/properties');

    expect(kubeconfigUrl(client)).toBe(`${server.origin}/api/kubeconfig`);
    expect(kubeconfigUrl(createApiClient())).toBe('/api/kubeconfig');
  });
});
