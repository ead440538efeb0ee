import { createFakeBackend, type FakeBackend } from '@opsdeck/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getConfigDetail } from './catalog/configCalls.ts';
import { getConfigScraper } from './catalog/scraperCalls.ts';
import { createApiClient, type ApiClient } from './client.ts';
import { ApiError, isNotFoundError } from './errors.ts';
import { isUuid } from './ids.ts';
import { getIncident } from './incidents/calls.ts';
import { getPlaybook, getPlaybookRun } from './playbooks/calls.ts';

let backend: FakeBackend;
let client: ApiClient;
beforeAll(async () => {
  backend = await createFakeBackend({ '* /*': [] });
  client = createApiClient({ baseUrl: `${backend.url}/api` });
});
afterAll(() => backend.close());
afterEach(() => backend.reset());

describe('ids', () => {
  it('reads only uuids as ids', () => {
    expect(isUuid('5f1e0a2c-3b4d-4e5f-8a9b-0c1d2e3f4a5b')).toBe(true);
    expect(isUuid('5F1E0A2C-3B4D-4E5F-8A9B-0C1D2E3F4A5B')).toBe(true);
    for (const bad of ['not-a-uuid', 'garbage', '', '5f1e0a2c-3b4d-4e5f-8a9b-0c1d2e3f4a5b,x'])
      expect(isUuid(bad)).toBe(false);
  });

  it('answers a malformed id with "none" without asking the server', async () => {
    for (const call of [
      getIncident,
      getConfigDetail,
      getConfigScraper,
      getPlaybook,
      getPlaybookRun,
    ])
      expect(await call(client, 'garbage')).toBeNull();
    expect(backend.requests).toHaveLength(0);
  });

  it('reads a 404, or a 400 for an id, as not found; other failures are not', () => {
    const http = (status: number) => new ApiError({ kind: 'http', status, message: 'x' });
    expect(isNotFoundError(http(404))).toBe(true);
    expect(isNotFoundError(http(400))).toBe(true);
    expect(isNotFoundError(http(500))).toBe(false);
    expect(isNotFoundError(new ApiError({ kind: 'network', message: 'x' }))).toBe(false);
    expect(isNotFoundError(new Error('x'))).toBe(false);
  });
});
