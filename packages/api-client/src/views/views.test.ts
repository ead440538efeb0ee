import { createFakeBackend, type FakeBackend } from '@opsdeck/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../client.ts';
import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  normaliseSearch,
  setDefaultView,
} from './calls.ts';
import { viewsInvalidations, viewsKeys } from './keys.ts';

let backend: FakeBackend;
let client: ApiClient;
beforeAll(async () => {
  backend = await createFakeBackend({
    'GET /api/db/saved_views': [
      {
        id: 'v1',
        name: 'Failing',
        page: '/health',
        search: 'status=unhealthy',
        created_by: 'p1',
        team_id: null,
      },
    ],
    'POST /api/db/saved_views': [
      { id: 'v2', name: 'New', page: '/health', search: '', created_by: 'p1', team_id: 't1' },
    ],
    'PATCH /api/db/saved_views': [],
    'POST /api/db/saved_view_defaults': [],
  });
  client = createApiClient({ baseUrl: `${backend.url}/api` });
});
afterAll(() => backend.close());
afterEach(() => backend.reset());

describe('saved views', () => {
  it("lists a page's views not deleted, by name", async () => {
    expect(await listSavedViews(client, '/health')).toEqual([
      {
        id: 'v1',
        name: 'Failing',
        page: '/health',
        search: 'status=unhealthy',
        createdBy: 'p1',
        teamId: null,
      },
    ]);
    const [request] = backend.requestsTo('GET /api/db/saved_views');
    expect(request!.query.get('page')).toBe('eq./health');
    expect(request!.query.get('deleted_at')).toBe('is.null');
    expect(request!.query.get('order')).toBe('name.asc');
  });

  it('saves a trimmed name with its team, and deletes softly', async () => {
    const view = await createSavedView(client, {
      name: '  New ',
      page: '/health',
      search: '',
      teamId: 't1',
    });
    expect(view.teamId).toBe('t1');
    const [post] = backend.requestsTo('POST /api/db/saved_views');
    expect(post!.body).toEqual({ name: 'New', page: '/health', search: '', team_id: 't1' });
    await deleteSavedView(client, 'v1');
    const [patch] = backend.requestsTo('PATCH /api/db/saved_views');
    expect(patch!.query.get('id')).toBe('eq.v1');
    expect(patch!.body).toMatchObject({ deleted_at: expect.any(String) });
  });

  it('sets and clears the default as one upsert per person and page', async () => {
    await setDefaultView(client, '/health', 'v1');
    await setDefaultView(client, '/health', null);
    const posts = backend.requestsTo('POST /api/db/saved_view_defaults');
    expect(posts.map((post) => post.body)).toEqual([
      { page: '/health', view_id: 'v1' },
      { page: '/health', view_id: null },
    ]);
    expect(posts[0]!.query.get('on_conflict')).toBe('person_id,page');
    expect(posts[0]!.headers.prefer).toMatch(/resolution=merge-duplicates/);
  });

  it('normalises a query string: no ?, no empty values or paging, keys in order', () => {
    expect(normaliseSearch('?status=unhealthy&a=&page=3&namespace=prod')).toBe(
      'namespace=prod&status=unhealthy',
    );
    expect(normaliseSearch('')).toBe('');
  });

  it('invalidates every views query on a write to its tables', () => {
    expect(viewsInvalidations.saved_views).toEqual([viewsKeys.all()]);
    expect(viewsKeys.page('/health').slice(0, 2)).toEqual(viewsKeys.all());
  });
});
