import { createFakeBackend, type FakeBackend } from '@opsdeck/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../client.ts';
import { getAbout, getProperties, kubeconfigUrl } from './general.ts';

const about = { appVersion: '1.2.3', chartVersion: '0.9.0' };
const properties = [{ name: 'incidents.disable', value: 'true', source: 'db' }];

let backend: FakeBackend;
let client: ApiClient;
beforeAll(async () => {
  backend = await createFakeBackend({
    'GET /api/about': about,
    'GET /api/canary/about': about,
    'GET /api/properties': properties,
  });
  client = createApiClient({ baseUrl: `${backend.url}/api` });
});
afterAll(() => backend.close());

describe('general calls', () => {
  it('about, properties and the kubeconfig URL', async () => {
    expect(await getAbout(client)).toEqual({ appVersion: '1.2.3', chartVersion: '0.9.0' });
    expect(backend.last().url).toBe('/api/about');
    await getAbout(client, { service: 'canary' });
    expect(backend.last().url).toBe('/api/canary/about');

    expect(await getProperties(client)).toEqual([
      { name: 'incidents.disable', value: 'true', source: 'db' },
    ]);
    expect(backend.last().url).toBe('/api/properties');

    expect(kubeconfigUrl(client)).toBe(`${backend.url}/api/kubeconfig`);
    expect(kubeconfigUrl(createApiClient())).toBe('/api/kubeconfig');
  });
});
