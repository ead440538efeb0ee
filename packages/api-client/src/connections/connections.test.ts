import { createFakeBackend, json, type FakeBackend } from '@opsdeck/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../client.ts';
import {
  createConnection,
  deleteConnection,
  getConnection,
  listConnections,
  listConnectionsPage,
  listIntegrations,
  testConnection,
  updateConnection,
} from './calls.ts';

const ID = '3f1c2a9e-1111-4000-8000-000000000001';
const row = {
  id: ID,
  name: 'orders-db',
  namespace: 'default',
  type: 'postgres',
  url: 'postgres://orders-db.internal:5432/orders',
  password: '********',
  created_by: { id: 'p1', name: 'Admin' },
  extra: 1,
};

let backend: FakeBackend;
let client: ApiClient;
beforeAll(async () => {
  backend = await createFakeBackend({
    'GET /api/db/connections': [row],
    'POST /api/db/connections': json([row], { status: 201 }),
    'PATCH /api/db/connections': [row],
    'POST /api/connection/test/:id': (request) =>
      request.params.id === ID
        ? { message: 'ok', payload: { rows: [{ ok: 1 }] } }
        : json({ error: 'connect ECONNREFUSED 127.0.0.1:5432' }, { status: 400 }),
    'GET /api/db/integrations_with_status': json(
      [{ id: 's1', name: 'kubernetes', integration_type: 'scrapers', job_status: 'SUCCESS' }],
      { headers: { 'Content-Range': '0-0/9' } },
    ),
  });
  client = createApiClient({ baseUrl: `${backend.url}/api` });
});
afterAll(() => backend.close());
afterEach(() => backend.reset());

describe('the connections domain', () => {
  it('lists live connections as the reference UI asks, with the filters', async () => {
    const rows = await listConnections(client, { search: 'orders', type: 'postgres' });
    expect(rows[0]).toMatchObject({ name: 'orders-db', extra: 1 });
    const { query } = backend.last();
    expect(query.get('select')).toBe('*,created_by(id,name,avatar,email)');
    expect(query.get('order')).toBe('created_at.desc');
    expect(query.get('deleted_at')).toBe('is.null');
    expect(query.get('limit')).toBe('100');
    expect(query.get('name')).toBe('ilike.*orders*');
    expect(query.get('type')).toBe('eq.postgres');
  });

  it('asks one page of the list, filtered, ordered and counted by the server', async () => {
    backend.on(
      'GET /api/db/connections',
      json([row], { headers: { 'Content-Range': '50-50/151' } }),
    );
    const page = await listConnectionsPage(client, {
      pageIndex: 1,
      pageSize: 50,
      sortBy: 'name',
      sortOrder: 'desc',
      search: 'orders',
      type: 'postgres',
    });
    expect(page).toMatchObject({ total: 151, rows: [{ name: 'orders-db' }] });
    const request = backend.last();
    expect(request.query.get('limit')).toBe('50');
    expect(request.query.get('offset')).toBe('50');
    expect(request.query.get('order')).toBe('name.desc,created_at.desc');
    expect(request.query.get('name')).toBe('ilike.*orders*');
    expect(request.query.get('type')).toBe('eq.postgres');
    expect(request.query.get('deleted_at')).toBe('is.null');
    expect(request.headers.prefer).toMatch(/count=exact/);
    // An order the list does not offer falls back to the newest first.
    await listConnectionsPage(client, { pageIndex: 0, pageSize: 50, sortBy: 'password' });
    expect(backend.last().query.get('order')).toBe('created_at.desc');
  });

  it('reads one by id; a malformed id asks nothing', async () => {
    expect(await getConnection(client, ID)).toMatchObject({ id: ID });
    expect(backend.last().query.get('id')).toBe(`eq.${ID}`);
    backend.reset();
    expect(await getConnection(client, 'nope')).toBeNull();
    expect(backend.requests).toHaveLength(0);
  });

  it('creates, updates keeping the mask, and deletes softly', async () => {
    await createConnection(client, { name: 'orders-db', namespace: 'default', type: 'postgres' });
    expect(backend.last()).toMatchObject({ method: 'POST' });
    await updateConnection(client, ID, { url: 'postgres://x/y', password: '********' });
    let last = backend.last();
    expect(last.method).toBe('PATCH');
    expect(last.query.get('id')).toBe(`eq.${ID}`);
    expect(last.body).toMatchObject({ password: '********' });
    await deleteConnection(client, ID);
    last = backend.last();
    expect(last.method).toBe('PATCH');
    expect(Object.keys(last.body as object)).toEqual(['deleted_at']);
  });

  it('tests a connection: the payload, or a rejection carrying the failure text', async () => {
    expect(await testConnection(client, ID)).toMatchObject({ message: 'ok' });
    expect(backend.last().url).toBe(`/api/connection/test/${ID}`);
    await expect(testConnection(client, '3f1c2a9e-1111-4000-8000-000000000002')).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });

  it('pages integrations with their count', async () => {
    const page = await listIntegrations(client, { pageIndex: 2, pageSize: 10 });
    expect(page).toMatchObject({ total: 9, rows: [{ integration_type: 'scrapers' }] });
    const { query } = backend.last();
    expect(query.get('offset')).toBe('20');
    expect(query.get('deleted_at')).toBe('is.null');
    expect(query.get('order')).toBe('created_at.desc');
  });
});
