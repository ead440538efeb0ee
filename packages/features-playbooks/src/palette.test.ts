import { createApiClient } from '@opsdeck/api-client';
import { createFakeBackend, type FakeBackend } from '@opsdeck/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchPlaybooks } from './palette.ts';

let backend: FakeBackend;
beforeAll(async () => {
  backend = await createFakeBackend({
    'GET /api/db/playbooks': [{ id: 'pb1', name: 'ops', title: '100%_Ops*', category: null }],
  });
});
afterAll(() => backend.close());

describe('the palette’s playbooks search', () => {
  it('searches typed wildcards as themselves (escaped), not as nothing', async () => {
    const apiClient = createApiClient({ baseUrl: `${backend.url}/api` });
    const results = await searchPlaybooks('100%_Ops*', {
      apiClient,
      signal: new AbortController().signal,
    });
    // Quoted in the or-list, so each escaping backslash is itself escaped.
    expect(backend.last().query.get('or')).toBe(
      '(name.ilike."*100\\\\%\\\\_Ops\\\\**",title.ilike."*100\\\\%\\\\_Ops\\\\**")',
    );
    expect(results.map((result) => result.title)).toEqual(['100%_Ops*']);
  });

  it('asks nothing for blank text', async () => {
    backend.reset();
    const apiClient = createApiClient({ baseUrl: `${backend.url}/api` });
    expect(
      await searchPlaybooks('  ', { apiClient, signal: new AbortController().signal }),
    ).toEqual([]);
    expect(backend.requests).toHaveLength(0);
  });
});
