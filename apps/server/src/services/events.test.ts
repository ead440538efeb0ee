import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createApp } from '../http/app.ts';
import { testDatabases } from '../testing/databases.ts';
import { defineService, type ServiceEvents } from './defineService.ts';
import { SERVICES } from './list.ts';

describe.each(testDatabases())('table-written events on $engine', (target) => {
  let db: Database;
  const seen: ServiceEvents['table-written'][] = [];
  // A module of a future feature, added to the list: it hears every committed /api/db write (and,
  // through the change stream, every other write; the audit rows' own events are left out here).
  const listener = defineService({
    name: 'listener',
    on: {
      'table-written': (event) => {
        if (event.table !== 'audit_log') seen.push(event);
      },
    },
  });
  const tables = () => seen.map(({ table, action }) => ({ table, action }));
  let app: ReturnType<typeof createApp>;
  const request = (path: string, init: RequestInit = {}) =>
    app.request(path, {
      ...init,
      headers: { 'Content-Type': 'application/json', Prefer: 'return=minimal' },
    });

  beforeAll(async () => {
    db = await target.open();
    app = createApp({ db, auth: 'disabled', services: [...SERVICES, listener] });
  });
  afterAll(async () => {
    await db.query("DELETE FROM properties WHERE name LIKE 'events.%'");
    await target.release();
  });

  it('reach a subscribing module after each committed insert, update and delete', async () => {
    seen.length = 0;
    const inserted = await request('/api/db/properties', {
      method: 'POST',
      body: JSON.stringify({ name: 'events.one', value: 'a' }),
    });
    expect(inserted.status).toBe(201);
    expect(seen).toEqual([
      expect.objectContaining({
        table: 'properties',
        action: 'insert',
        ids: ['events.one'],
        count: 1,
        actor: '00000000-0000-0000-0000-000000000001',
      }),
    ]);
    const updated = await request('/api/db/properties?name=eq.events.one', {
      method: 'PATCH',
      body: JSON.stringify({ value: 'b' }),
    });
    expect(updated.status).toBe(204);
    const deleted = await request('/api/db/properties?name=eq.events.one', { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(tables()).toEqual([
      { table: 'properties', action: 'insert' },
      { table: 'properties', action: 'update' },
      { table: 'properties', action: 'delete' },
    ]);
  });

  it('are not sent for reads, refused names or writes that fail', async () => {
    seen.length = 0;
    expect((await request('/api/db/properties')).status).toBe(200);
    expect((await request('/api/db/no_such_table', { method: 'POST', body: '{}' })).status).toBe(
      403,
    );
    const bad = await request('/api/db/properties', {
      method: 'POST',
      body: JSON.stringify({ name: 'events.two', no_such_column: 1 }),
    });
    expect(bad.status).toBe(400);
    // A duplicate key rolls the insert back.
    await request('/api/db/properties', {
      method: 'POST',
      body: JSON.stringify({ name: 'events.three' }),
    });
    seen.length = 0;
    const duplicate = await request('/api/db/properties', {
      method: 'POST',
      body: JSON.stringify({ name: 'events.three' }),
    });
    expect(duplicate.status).toBe(409);
    expect(tables()).toEqual([]);
  });
});
