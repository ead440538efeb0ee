import { createFakeBackend, hang, json, type FakeBackend } from '@opsdeck/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiClient, type ApiClient } from '../client.ts';
import { parseContentRange } from '../contentRange.ts';
import { ApiError } from '../errors.ts';
import type { InvalidRows } from '../http.ts';
import { parseQuery } from '../postgrest/index.ts';
import { db } from './index.ts';

let backend: FakeBackend;
let client: ApiClient;
beforeAll(async () => {
  backend = await createFakeBackend({ '* /*': [] });
  client = createApiClient({ baseUrl: `${backend.url}/api` });
});
afterAll(() => backend.close());
afterEach(() => backend.reset());

/** The decoded query string the server saw, `k=v&k=v`, for exact comparisons. */
function seenQuery(): string {
  return [...backend.last().query].map(([k, v]) => `${k}=${v}`).join('&');
}

describe('reads', () => {
  it('select with embeds, eq and order', async () => {
    await db(client)
      .from('checks')
      .select('id,name,agent:agent_id(id,name)')
      .eq('status', 'healthy')
      .order('name');
    expect(backend.last()).toMatchObject({ method: 'GET', path: '/api/db/checks' });
    expect(seenQuery()).toBe(
      'select=id,name,agent:agent_id(id,name)&status=eq.healthy&order=name.asc',
    );
    expect(backend.last().headers.accept).toBe('application/json');
    expect(backend.last().headers.prefer).toBeUndefined();
  });

  it('every comparison operator', async () => {
    const at = new Date('2024-05-01T10:00:00.000Z');
    await db(client)
      .from('checks')
      .eq('a', 1)
      .neq('b', 'x')
      .gt('c', at)
      .gte('d', 2)
      .lt('e', 3)
      .lte('f', 4)
      .like('g', '*api*')
      .ilike('h', '*Api*')
      .in('i', ['x', 'y,z', 'q"r'])
      .is('j', null)
      .is('k', true)
      .is('l', 'false');
    expect([...backend.last().query]).toEqual([
      ['a', 'eq.1'],
      ['b', 'neq.x'],
      ['c', 'gt.2024-05-01T10:00:00.000Z'],
      ['d', 'gte.2'],
      ['e', 'lt.3'],
      ['f', 'lte.4'],
      ['g', 'like.*api*'],
      ['h', 'ilike.*Api*'],
      ['i', 'in.(x,"y,z","q\\"r")'],
      ['j', 'is.null'],
      ['k', 'is.true'],
      ['l', 'is.false'],
    ]);
  });

  it('not, or with nested and, not.or, and the tri-state extension', async () => {
    await db(client)
      .from('checks')
      .not('deleted_at', 'is', null)
      .not('type', 'in', ['http', 'dns'])
      .not('name', 'eq', 'a.b')
      .or('status.eq.healthy,and(type.eq.http,name.ilike.*api*)')
      .or(
        [{ kind: 'condition', column: 'owner', operator: 'eq', negated: false, value: 'team (a)' }],
        { negated: true },
      )
      .and('severity.gte.3')
      .triState('labels', { include: ['env=prod'], exclude: ['tier=db'] })
      .triState('created_at', { comparisons: [{ comparator: '>', value: 'now-1h' }] });
    expect([...backend.last().query]).toEqual([
      ['deleted_at', 'not.is.null'],
      ['type', 'not.in.(http,dns)'],
      ['name', 'not.eq.a.b'],
      ['or', '(status.eq.healthy,and(type.eq.http,name.ilike.*api*))'],
      ['not.or', '(owner.eq."team (a)")'],
      ['and', '(severity.gte.3)'],
      ['labels.filter', 'env=prod,!tier=db'],
      ['created_at.filter', '>now-1h'],
    ]);
  });

  it('what the server parses is what the builder was given', async () => {
    await db(client)
      .from('checks')
      .in('name', ['a,b', '(c)', 'd\\e'])
      .or('x.eq."1,2"')
      .order('time', { direction: 'desc', nulls: 'last' });
    const parsed = parseQuery(new URL(backend.last().url, backend.url).searchParams);
    expect(parsed.filters).toEqual([
      {
        kind: 'condition',
        column: 'name',
        operator: 'in',
        negated: false,
        value: ['a,b', '(c)', 'd\\e'],
      },
      {
        kind: 'or',
        negated: false,
        items: [{ kind: 'condition', column: 'x', operator: 'eq', negated: false, value: '1,2' }],
      },
    ]);
  });

  it('several order columns with nulls placement, limit and offset, range', async () => {
    await db(client)
      .from('checks')
      .order('status', { direction: 'desc', nulls: 'last' })
      .order('name', { nulls: 'first' })
      .limit(50)
      .offset(100);
    expect(seenQuery()).toBe('order=status.desc.nullslast,name.asc.nullsfirst&limit=50&offset=100');
    await db(client).from('checks').range(50, 99);
    expect(seenQuery()).toBe('limit=50&offset=50');
  });

  it('rejects a malformed select or logic tree before sending', () => {
    expect(() => db(client).from('checks').select('a,(')).toThrow(/Invalid select/);
    expect(() => db(client).from('checks').or('a.eq.1,b')).toThrow(
      /PostgrestParseError|expected "\."/,
    );
  });
});

describe('count', () => {
  it('sends Prefer: count=exact and reads the total from Content-Range', async () => {
    backend.on(
      'GET /api/db/checks',
      json([{ id: 1 }, { id: 2 }], { status: 206, headers: { 'Content-Range': '0-1/3573' } }),
    );
    const result = await db(client).from('checks').select('id').range(0, 1).count();
    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 3573 });
    expect(backend.last().headers.prefer).toBe('count=exact');
  });

  it('sends the count method asked for (count=estimated for big tables)', async () => {
    backend.on(
      'GET /api/db/configs',
      json([{ id: 1 }], { status: 206, headers: { 'Content-Range': '0-0/99874' } }),
    );
    const result = await db(client).from('configs').select('id').range(0, 0).count('estimated');
    expect(result).toEqual({ data: [{ id: 1 }], total: 99874 });
    expect(backend.last().headers.prefer).toBe('count=estimated');
  });

  it('reads */0 as an empty result', async () => {
    backend.on('GET /api/db/checks', json([], { headers: { 'Content-Range': '*/0' } }));
    expect(await db(client).from('checks').count()).toEqual({ data: [], total: 0 });
  });

  it('parses Content-Range forms', () => {
    expect(parseContentRange('0-49/3573')).toEqual({ from: 0, to: 49, total: 3573 });
    expect(parseContentRange('*/0')).toEqual({ total: 0 });
    expect(parseContentRange('0-49/*')).toEqual({ from: 0, to: 49 });
    expect(parseContentRange('bytes 0-1')).toBeUndefined();
    expect(parseContentRange(null)).toBeUndefined();
  });
});

describe('single', () => {
  it('resolves the one row and fails with validation on any other count', async () => {
    const remove = backend.on('GET /api/db/checks', [{ id: 'c1' }]);
    expect(await db(client).from('checks').eq('id', 'c1').single()).toEqual({ id: 'c1' });
    remove();
    expect(await db(client).from('checks').eq('id', 'c1').maybeSingle()).toBeNull();
    const error = await db(client)
      .from('checks')
      .eq('id', 'c1')
      .single()
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'validation',
      message: 'Expected exactly one row from checks, got 0',
    });
  });

  it('leaves a list row that fails its schema out, keeps the rest and reports it', async () => {
    const reports: InvalidRows[] = [];
    const reporting = createApiClient({
      baseUrl: `${backend.url}/api`,
      onInvalidRows: (report) => reports.push(report),
    });
    backend.on('GET /api/db/playbooks', [
      { id: 'a', spec: { actions: [] } },
      { id: 'b', spec: { actions: 'oops' } },
      { id: 'c', spec: { actions: [] } },
    ]);
    const rows = await db(reporting)
      .from('playbooks')
      .rows(
        z.looseObject({ id: z.string(), spec: z.looseObject({ actions: z.array(z.unknown()) }) }),
      )
      .count();
    expect(rows.data.map((row) => row.id)).toEqual(['a', 'c']);
    expect(reports).toEqual([
      expect.objectContaining({
        method: 'GET',
        count: 1,
        total: 3,
        message: '1.spec.actions: expected array',
      }),
    ]);
  });

  it('fails one record asked for by id when it does not match, naming the path', async () => {
    backend.on('GET /api/db/checks', [{ id: 2 }]);
    const error = await db(client)
      .from('checks')
      .rows(z.looseObject({ id: z.string() }))
      .maybeSingle()
      .then(
        () => undefined,
        (reason: unknown) => reason as ApiError,
      );
    expect(error).toMatchObject({ kind: 'validation' });
    expect(error?.message).toMatch(/at 0\.id/);
  });
});

describe('writes', () => {
  it('insert posts JSON with Prefer: return=representation', async () => {
    backend.on('POST /api/db/canaries', json([{ id: 'n1', name: 'new' }], { status: 201 }));
    const rows = await db(client).from('canaries').insert({ name: 'new' }).select('id,name');
    expect(rows).toEqual([{ id: 'n1', name: 'new' }]);
    expect(backend.last()).toMatchObject({
      method: 'POST',
      path: '/api/db/canaries',
      body: { name: 'new' },
    });
    expect(seenQuery()).toBe('select=id,name');
    expect(backend.last().headers.prefer).toBe('return=representation');
  });

  it('update patches the filtered rows', async () => {
    await db(client).from('checks').update({ severity: 'high' }).eq('id', 'c1');
    expect(backend.last()).toMatchObject({
      method: 'PATCH',
      url: '/api/db/checks?id=eq.c1',
      body: { severity: 'high' },
    });
    expect(backend.last().headers.prefer).toBe('return=representation');
  });

  it('softDelete patches deleted_at to now', async () => {
    const now = new Date('2024-06-01T12:00:00.000Z');
    await db(client).from('checks').softDelete(now).eq('id', 'c1');
    expect(backend.last()).toMatchObject({
      method: 'PATCH',
      url: '/api/db/checks?id=eq.c1',
      body: { deleted_at: '2024-06-01T12:00:00.000Z' },
    });
    const before = Date.now();
    await db(client).from('checks').eq('id', 'c2').softDelete();
    const stamped = Date.parse((backend.last().body as { deleted_at: string }).deleted_at);
    expect(stamped).toBeGreaterThanOrEqual(before - 1000);
  });

  it('delete sends DELETE with the filters', async () => {
    await db(client).from('team_members').delete().eq('team_id', 't1').eq('person_id', 'p1');
    expect(backend.last()).toMatchObject({
      method: 'DELETE',
      url: '/api/db/team_members?team_id=eq.t1&person_id=eq.p1',
    });
  });

  it('refuses an update or delete without a filter', async () => {
    const count = backend.requests.length;
    await expect(db(client).from('checks').delete().execute()).rejects.toThrow(
      /Refusing to DELETE every row of checks/,
    );
    await expect(db(client).from('checks').update({ a: 1 }).execute()).rejects.toThrow(
      /Refusing to PATCH/,
    );
    expect(backend.requests.length).toBe(count);
  });

  it('count on a write combines both Prefer values', async () => {
    await db(client).from('checks').update({ a: 1 }).eq('id', 'x').count();
    expect(backend.last().headers.prefer).toBe('return=representation,count=exact');
  });
});

describe('rpc', () => {
  it('posts the arguments to /rpc/{name}', async () => {
    backend.on('POST /api/db/rpc/:name', [{ id: 'cfg' }]);
    const result = await db(client).rpc('related_configs_recursive', {
      config_id: 'c1',
      max_depth: 10,
    });
    expect(result).toEqual([{ id: 'cfg' }]);
    expect(backend.last()).toMatchObject({
      method: 'POST',
      url: '/api/db/rpc/related_configs_recursive',
      body: { config_id: 'c1', max_depth: 10 },
    });
  });

  it('can call with GET and query parameters', async () => {
    await db(client).rpc('lookup_analysis_by_component', { id: 'x', depth: 2 }, { get: true });
    expect(backend.last()).toMatchObject({
      method: 'GET',
      url: '/api/db/rpc/lookup_analysis_by_component?id=x&depth=2',
    });
  });
});

describe('signals and inspection', () => {
  it('aborts through abortSignal and through execute(signal)', async () => {
    backend.on('GET /api/db/checks', hang());
    const controller = new AbortController();
    const pending = db(client).from('checks').abortSignal(controller.signal).execute();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    const second = new AbortController();
    const again = db(client).from('checks').execute(second.signal);
    second.abort();
    await expect(again).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('toRequest shows the URL and headers without sending', () => {
    const request = db(client).from('checks').select('id').eq('id', '1').count().toRequest();
    expect(request).toEqual({
      method: 'GET',
      url: `${backend.url}/api/db/checks?select=id&id=eq.1`,
      headers: { Accept: 'application/json', Prefer: 'count=exact' },
      body: undefined,
    });
  });
});
