import { createFakeBackend, json, type FakeBackend } from '@opsdeck/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../client.ts';
import {
  countFailedSendsSince,
  createSilence,
  expireSilence,
  getNotificationSend,
  listNotificationRules,
  listNotificationSends,
  listSilences,
  previewSilence,
} from './calls.ts';

let backend: FakeBackend;
let client: ApiClient;
beforeAll(async () => {
  backend = await createFakeBackend({
    'GET /api/db/notification_send_history_summary': json(
      [{ id: 's1', status: 'sent', resource: { id: 'c1', name: 'homepage' }, extra: 1 }],
      { headers: { 'Content-Range': '0-0/7' } },
    ),
    'GET /api/db/notification_send_history': json([{ id: 's9' }], {
      headers: { 'Content-Range': '0-0/3' },
    }),
    'GET /api/db/notification_silences': json([], { headers: { 'Content-Range': '*/0' } }),
    'PATCH /api/db/notification_silences': [{ id: 'x' }],
    'POST /api/notification/silence': json(undefined),
    'GET /api/notification/silence_preview': null,
  });
  client = createApiClient({ baseUrl: `${backend.url}/api` });
});
afterAll(() => backend.close());
afterEach(() => backend.reset());

const now = new Date('2026-11-28T10:00:00.000Z');

describe('the notifications domain', () => {
  it('counts the failed sends after a moment for the bell, from one counted row', async () => {
    expect(await countFailedSendsSince(client, now.toISOString())).toBe(3);
    const request = backend.last();
    expect(request.query.get('status')).toBe('eq.error');
    expect(request.query.get('created_at')).toMatch(/^gt\."?2026-11-28T10:00:00.000Z"?$/);
    expect(request.query.get('limit')).toBe('1');
    expect(request.headers.prefer).toContain('count=exact');
  });

  it('asks for the flat send history as the reference UI does, with its count', async () => {
    const page = await listNotificationSends(client, {
      pageIndex: 1,
      pageSize: 20,
      status: 'error',
      resourceType: 'http',
      ruleId: 'r1',
      from: '2026-11-28T08:00:00.000Z',
      to: '2026-11-28T09:00:00.000Z',
    });
    expect(page.total).toBe(7);
    expect(page.rows[0]).toMatchObject({ id: 's1', extra: 1 });
    const request = backend.last();
    expect(request.query.get('select')).toBe('*');
    expect(request.query.get('order')).toBe('created_at.desc');
    expect(request.query.get('status.filter')).toBe('error');
    expect(request.query.get('resource_type.filter')).toBe('http');
    expect(request.query.get('notification_id')).toBe('eq.r1');
    expect(request.query.getAll('created_at').sort()).toEqual([
      'gte.2026-11-28T08:00:00.000Z',
      'lte.2026-11-28T09:00:00.000Z',
    ]);
    expect([request.query.get('limit'), request.query.get('offset')]).toEqual(['20', '20']);
    expect(request.headers.prefer).toContain('count=exact');
  });

  it('lists the rules for the picker as console §9 says: 1000 by name', async () => {
    backend.on('GET /api/db/notifications_summary', [{ id: 'r1', name: 'a', events: null }]);
    expect(await listNotificationRules(client)).toEqual([{ id: 'r1', name: 'a', events: [] }]);
    expect(backend.last().query.get('order')).toBe('name.asc');
    expect(backend.last().query.get('limit')).toBe('1000');
  });

  it('never asks for a send by a malformed id', async () => {
    expect(await getNotificationSend(client, 'nope')).toBeNull();
    expect(backend.requests).toEqual([]);
  });

  it('tells active from expired silences at the time of asking, deleted ones left out', async () => {
    await listSilences(client, { pageIndex: 0, pageSize: 50, state: 'active' }, { now });
    expect(backend.last().query.get('or')).toBe(
      '(until.is.null,until.gt."2026-11-28T10:00:00.000Z")',
    );
    expect(backend.last().query.get('deleted_at')).toBe('is.null');
    await listSilences(client, { pageIndex: 0, pageSize: 50, state: 'expired' }, { now });
    expect(backend.last().query.get('until')).toMatch(/^lte\."?2026-11-28T10:00:00.000Z"?$/);
    await listSilences(client, { pageIndex: 0, pageSize: 50, state: 'all' }, { now });
    expect(backend.last().query.get('until')).toBeNull();
    expect(backend.last().query.get('or')).toBeNull();
  });

  it('expires a silence now; one not started yet starts now too', async () => {
    await expireSilence(client, { id: 'a', from: '2026-11-28T09:00:00Z' }, now);
    expect(backend.last().body).toEqual({ until: now.toISOString() });
    await expireSilence(client, { id: 'b', from: '2026-11-29T09:00:00Z' }, now);
    expect(backend.last().body).toEqual({ until: now.toISOString(), from: now.toISOString() });
    expect(backend.last().query.get('id')).toBe('eq.b');
  });

  it('posts a silence with the resource as its id column, and reads the empty 200', async () => {
    await createSilence(client, {
      from: now.toISOString(),
      until: 'indefinitely',
      recursive: true,
      resource: { kind: 'component', id: 'c1' },
    });
    expect(backend.last().body).toEqual({
      from: now.toISOString(),
      until: 'indefinitely',
      recursive: true,
      component_id: 'c1',
    });
  });

  it('reads a null preview as nothing, and sends id, type, filter and recursive', async () => {
    expect(
      await previewSilence(client, {
        resource: { kind: 'check', id: 'k1' },
        filter: 'true',
        recursive: true,
      }),
    ).toEqual([]);
    expect(Object.fromEntries(backend.last().query)).toEqual({
      id: 'k1',
      type: 'check',
      filter: 'true',
      recursive: 'true',
    });
  });
});
