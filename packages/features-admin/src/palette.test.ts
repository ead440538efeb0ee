import { createApiClient } from '@opsdeck/api-client';
import { createFakeBackend, type FakeBackend } from '@opsdeck/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchPeople } from './palette.ts';

let backend: FakeBackend;
beforeAll(async () => {
  backend = await createFakeBackend({
    'GET /api/db/people': [{ id: 'p1', name: '100%_Ops*', email: 'ops@local' }],
  });
});
afterAll(() => backend.close());

describe('the palette’s people search', () => {
  it('searches typed wildcards as themselves (escaped), not as nothing', async () => {
    const apiClient = createApiClient({ baseUrl: `${backend.url}/api` });
    const results = await searchPeople('100%_Ops*', {
      apiClient,
      signal: new AbortController().signal,
    });
    expect(backend.last().query.get('name')).toBe('ilike.*100\\%\\_Ops\\**');
    expect(results.map((result) => result.title)).toEqual(['100%_Ops*']);
  });

  it('asks nothing for blank text', async () => {
    backend.reset();
    const apiClient = createApiClient({ baseUrl: `${backend.url}/api` });
    expect(await searchPeople('  ', { apiClient, signal: new AbortController().signal })).toEqual(
      [],
    );
    expect(backend.requests).toHaveLength(0);
  });
});
