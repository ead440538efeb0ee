import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { newPGlite } from '../testing/databases.ts';
import { createApp } from '../http/app.ts';
import type { AppEnv } from '../http/env.ts';
import { defineService } from './defineService.ts';
import { SERVICES } from './list.ts';
import { createServiceRegistry, ServiceRegistryError } from './registry.ts';

const emptyApp = () => new Hono<AppEnv>();

describe('createServiceRegistry', () => {
  it('accepts the server’s own service list and answers who owns a table or function', () => {
    const registry = createServiceRegistry(SERVICES);
    expect(registry.table('checks')).toMatchObject({
      service: 'canary',
      declaration: { object: 'canaries' },
    });
    expect(registry.table('permissions')?.service).toBe('auth');
    expect(registry.rpc('get_playbook_run_actions')).toMatchObject({
      service: 'playbooks',
      declaration: { object: 'playbook_runs', readOnly: true },
    });
    expect(registry.table('constructor')).toBeUndefined();
    expect(registry.table('no_such_table')).toBeUndefined();
  });

  it('refuses two services of one name', () => {
    const a = defineService({ name: 'catalog' });
    expect(() => createServiceRegistry([...SERVICES, a])).toThrow(
      new ServiceRegistryError('two services are named catalog'),
    );
  });

  it('refuses a table claimed twice, naming both owners', () => {
    const thief = defineService({ name: 'thief', tables: { checks: { object: 'canaries' } } });
    expect(() => createServiceRegistry([...SERVICES, thief])).toThrow(
      'table checks is claimed by both canary and thief',
    );
  });

  it('refuses an rpc function claimed twice, naming both owners', () => {
    const a = defineService({ name: 'a', rpc: { f: { object: 'canaries', readOnly: true } } });
    const b = defineService({ name: 'b', rpc: { f: { object: 'playbooks', readOnly: false } } });
    expect(() => createServiceRegistry([a, b])).toThrow(
      'rpc function f is claimed by both a and b',
    );
  });

  it('refuses a resource kind two modules load, naming both owners', () => {
    const kind = { validate: () => ({ ok: true as const }), load: async () => 'created' as const };
    const a = defineService({ name: 'a', resources: { Playbook: kind } });
    const b = defineService({ name: 'b', resources: { Playbook: kind } });
    expect(() => createServiceRegistry([a, b])).toThrow(
      'resource kind Playbook is claimed by both a and b',
    );
    expect(createServiceRegistry(SERVICES).resourceKinds().get('Playbook')?.service).toBe(
      'playbooks',
    );
  });

  it('refuses one route base path twice, naming both owners (a trailing slash is the same base)', () => {
    const shipper = defineService({
      name: 'shipper',
      routes: [{ base: '/api/canary/', app: emptyApp }],
    });
    expect(() => createServiceRegistry([...SERVICES, shipper])).toThrow(
      'route base /api/canary is claimed by both canary and shipper',
    );
  });

  it('refuses a route base the server mounts itself, or one under it', () => {
    for (const base of ['/api/db', '/api/db/rpc', '/api/.ory/x'])
      expect(() =>
        createServiceRegistry([defineService({ name: 'x', routes: [{ base, app: emptyApp }] })]),
      ).toThrow(/^route base \/api\/(db|\.ory)\S* of x is under \/api\/(db|\.ory), which the/);
  });

  it('refuses a dependency that is unknown or listed after its dependent', () => {
    const early = defineService({ name: 'early', dependsOn: ['late'] });
    const late = defineService({ name: 'late' });
    expect(() => createServiceRegistry([early, late])).toThrow(
      'service early depends on late, which must come before it in the service list',
    );
    expect(() =>
      createServiceRegistry([defineService({ name: 'x', dependsOn: ['nope'] })]),
    ).toThrow('service x depends on nope, which is not in the service list');
  });

  it('stops the app from starting when its service list has a duplicate', async () => {
    const db = await newPGlite('bare');
    try {
      const twice = defineService({ name: 'twice', tables: { people: { object: 'auth' } } });
      expect(() => createApp({ db, services: [...SERVICES, twice] })).toThrow(
        'table people is claimed by both auth and twice',
      );
    } finally {
      await db.close();
    }
  });
});
