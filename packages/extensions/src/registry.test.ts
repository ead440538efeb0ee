import { createAuthorizer, createFeatureFlags } from '@opsdeck/rbac';
import { describe, expect, it } from 'vitest';
import { defineFeature, sidebarOrder, type FeatureDefinition } from './feature.ts';
import { createFeatureRegistry } from './registry.ts';
import { bindRoute, createExternalRouteRef, createRouteRef, fillPath } from './routeRefs.ts';
import { contribute, createComponentSlot } from './slots.ts';

// Slots as their hosts declare them, in the hosts' own packages.
const slots = {
  checkActions: createComponentSlot<{ check: { id: string } }>('health.checkActions'),
  configActions: createComponentSlot<{ config: { id: string } }>('catalog.configActions'),
};
import { createExtensionView, decideRouteAccess } from './view.ts';

const page = async () => ({ Component: () => null });
const icon = () => null;
const action = async () => () => null;

const catalogRoutes = {
  item: createRouteRef<{ id: string }>('catalog.item'),
  changes: createRouteRef<{ id: string }>('catalog.changes'),
};
const catalog = defineFeature({
  name: 'catalog',
  resource: 'database',
  sidebar: { label: 'Catalog', icon, path: '/catalog', order: sidebarOrder.catalog },
  routes: [
    { path: 'catalog', title: 'Catalog', load: page },
    {
      path: 'catalog/:id',
      ref: catalogRoutes.item,
      title: 'Config',
      load: page,
      children: [
        { path: '', title: 'Spec', load: page },
        { path: 'changes', ref: catalogRoutes.changes, title: 'Changes', load: page },
        { path: 'edit', title: 'Edit', access: { action: 'write' }, load: page },
      ],
    },
  ],
});

const healthExternal = {
  configPage: createExternalRouteRef<{ id: string }>('health.configPage'),
  componentPage: createExternalRouteRef<{ id: string }>('health.componentPage'),
};
const health = defineFeature({
  name: 'health',
  resource: 'canaries',
  routes: [{ path: 'health', title: 'Health', load: page }],
  externalRoutes: healthExternal,
});

const playbooks = defineFeature({
  name: 'playbooks',
  resource: 'playbooks',
  routes: [{ path: 'playbooks', title: 'Playbooks', load: page }],
  contributions: [
    contribute(slots.checkActions, {
      id: 'playbooks.run',
      title: 'Playbooks',
      order: 20,
      access: { capability: 'playbooks.run' },
      load: action,
    }),
    contribute(slots.checkActions, {
      id: 'playbooks.history',
      title: 'Runs',
      order: 10,
      load: action,
    }),
  ],
});

const features: FeatureDefinition[] = [catalog, health, playbooks];
const bindings = [bindRoute(healthExternal.configPage, catalogRoutes.item)];
const everyoneOn = createFeatureFlags([]);

describe('defineFeature', () => {
  it('names the feature and the problem when a definition is wrong', () => {
    expect(() => defineFeature({ ...health, name: 'Health Checks' })).toThrow(
      'defineFeature("Health Checks"): the name must be lower-case',
    );
    expect(() => defineFeature({ ...health, routes: [] })).toThrow('at least one route');
    expect(() =>
      defineFeature({ ...health, routes: [{ path: '/health', title: 'Health', load: page }] }),
    ).toThrow('must be relative');
    expect(() =>
      defineFeature({ ...health, sidebar: { label: 'Health', icon, path: 'health', order: 1 } }),
    ).toThrow('must be absolute');
    expect(() =>
      defineFeature({ ...health, sidebar: { label: 'Health', icon, path: '/health' } }),
    ).toThrow('needs an order');
    expect(() =>
      defineFeature({ ...health, externalRoutes: { x: createExternalRouteRef('catalog.x') } }),
    ).toThrow('must start with "health."');
    expect(() =>
      defineFeature({
        ...health,
        contributions: [
          contribute(slots.checkActions, { id: 'other.x', title: 'x', load: action }),
        ],
      }),
    ).toThrow('starting with "health."');
  });

  it('refuses a ref id that does not name its feature', () => {
    expect(() => createRouteRef('page')).toThrow('"feature.name"');
  });
});

describe('createFeatureRegistry', () => {
  it('lists nested routes with absolute patterns, parents first, and finds their owners', () => {
    const registry = createFeatureRegistry(features, { bindings });
    expect(registry.routes.map((r) => r.pattern)).toEqual([
      '/catalog',
      '/catalog/:id',
      '/catalog/:id',
      '/catalog/:id/changes',
      '/catalog/:id/edit',
      '/health',
      '/playbooks',
    ]);
    expect(registry.featureOf('/catalog/:id/changes')).toBe(catalog);
    expect(registry.featureOf('health')).toBe(health);
    expect(registry.featureOf('/topology')).toBeUndefined();
  });

  it('refuses two features with one name, one path, one ref or one contribution id', () => {
    expect(() => createFeatureRegistry([health, health])).toThrow(
      'Feature "health" is registered twice',
    );
    const thief = defineFeature({
      name: 'thief',
      resource: 'database',
      routes: [{ path: 'health', title: 'x', load: page }],
    });
    expect(() => createFeatureRegistry([health, thief])).toThrow(
      'Route "/health" is claimed by "health" and "thief"',
    );
    const refThief = defineFeature({
      name: 'other',
      resource: 'database',
      routes: [{ path: 'other', ref: catalogRoutes.item, title: 'x', load: page }],
    });
    expect(() => createFeatureRegistry([catalog, refThief])).toThrow(
      'Route ref "catalog.item" is given to "/catalog/:id" and "/other"',
    );
    const copy = defineFeature({ ...playbooks, name: 'playbooks' });
    const twin = { ...copy, name: 'twin', routes: [{ path: 'twin', title: 't', load: page }] };
    expect(() => createFeatureRegistry([playbooks, twin])).toThrow(
      'Contribution "playbooks.run" is declared by "playbooks" and "twin"',
    );
  });

  it('refuses an external route bound twice or bound to a route no feature declares', () => {
    expect(() => createFeatureRegistry(features, { bindings: [...bindings, ...bindings] })).toThrow(
      'External route "health.configPage" is bound twice',
    );
    const nowhere = createRouteRef<{ id: string }>('topology.component');
    expect(() =>
      createFeatureRegistry(features, {
        bindings: [bindRoute(healthExternal.componentPage, nowhere)],
      }),
    ).toThrow('bound to "topology.component", which no registered feature declares');
  });

  it('sorts a slot by order, then registration order', () => {
    const registry = createFeatureRegistry(features, { bindings });
    expect(registry.contributionsTo(slots.checkActions).map((c) => c.contribution.id)).toEqual([
      'playbooks.history',
      'playbooks.run',
    ]);
    expect(registry.contributionsTo(slots.configActions)).toEqual([]);
  });
});

describe('createExtensionView', () => {
  const registry = createFeatureRegistry(features, { bindings });

  it('links a bound external route with its params encoded, and draws no link for an unbound one', () => {
    const view = createExtensionView(registry, {
      flags: everyoneOn,
      authorizer: createAuthorizer({ roles: ['viewer'] }),
    });
    expect(view.link(healthExternal.configPage)?.({ id: 'a b/c' })).toBe('/catalog/a%20b%2Fc');
    expect(view.link(healthExternal.componentPage)).toBeUndefined();
    expect(view.link(catalogRoutes.changes)?.({ id: '42' })).toBe('/catalog/42/changes');
  });

  it('draws no link into a feature that is switched off or that the user may not read', () => {
    const off = createExtensionView(registry, {
      flags: createFeatureFlags([{ name: 'catalog.disable', value: 'true' }]),
      authorizer: createAuthorizer({ roles: ['admin'] }),
    });
    expect(off.link(healthExternal.configPage)).toBeUndefined();
    const guest = createExtensionView(registry, {
      flags: everyoneOn,
      authorizer: createAuthorizer({ roles: ['guest'] }),
    });
    expect(guest.link(healthExternal.configPage)).toBeUndefined();
  });

  it('shows a contribution only to users with the feature on, read on its resource and its access', () => {
    const ids = (roles: string[], flags = everyoneOn) =>
      createExtensionView(registry, { flags, authorizer: createAuthorizer({ roles }) })
        .contributions(slots.checkActions)
        .map((c) => c.contribution.id);
    expect(ids(['admin'])).toEqual(['playbooks.history', 'playbooks.run']);
    expect(ids(['viewer'])).toEqual(['playbooks.history']);
    expect(ids(['guest'])).toEqual([]);
    expect(
      ids(['admin'], createFeatureFlags([{ name: 'playbooks.disable', value: 'true' }])),
    ).toEqual([]);
  });
});

describe('decideRouteAccess', () => {
  const editRoute = createFeatureRegistry(features).routes.find(
    (r) => r.pattern === '/catalog/:id/edit',
  )!;
  it('checks the flag first, then read, then the access of the route and its parents', () => {
    const viewer = createAuthorizer({ roles: ['viewer'] });
    const editor = createAuthorizer({ roles: ['editor'] });
    expect(decideRouteAccess(catalog, editRoute, everyoneOn, viewer)).toBe('forbidden');
    expect(decideRouteAccess(catalog, editRoute, everyoneOn, editor)).toBe('allowed');
    expect(
      decideRouteAccess(
        catalog,
        editRoute,
        createFeatureFlags([{ name: 'catalog.disable', value: 'true' }]),
        editor,
      ),
    ).toBe('disabled');
  });

  it('refuses a route whose parent the user may not open, though the route itself asks for nothing', () => {
    const settings = defineFeature({
      name: 'settings',
      resource: 'database',
      routes: [
        {
          path: 'settings',
          title: 'Settings',
          access: { action: 'write' },
          load: page,
          children: [{ path: 'tokens', title: 'Tokens', load: page }],
        },
      ],
    });
    const tokens = createFeatureRegistry([settings]).routes.find(
      (r) => r.pattern === '/settings/tokens',
    )!;
    expect(tokens.route.access).toBeUndefined();
    expect(
      decideRouteAccess(settings, tokens, everyoneOn, createAuthorizer({ roles: ['viewer'] })),
    ).toBe('forbidden');
    expect(
      decideRouteAccess(settings, tokens, everyoneOn, createAuthorizer({ roles: ['editor'] })),
    ).toBe('allowed');
  });
});

describe('fillPath', () => {
  it('fills and encodes params, and names a missing one', () => {
    expect(fillPath('catalog/:id/changes', { id: 'x?y' })).toBe('/catalog/x%3Fy/changes');
    expect(() => fillPath('/catalog/:id', {})).toThrow('the param "id" is missing');
  });
});
