import { Activity } from '@opsdeck/ui';
import { describe, expect, it } from 'vitest';
import { createFeatureRegistry, defineFeature, sidebarOrder, type FeatureDefinition } from './defineFeature.ts';

const page = async () => ({ Component: () => null });

const health: FeatureDefinition = {
  name: 'health',
  resource: 'canaries',
  sidebar: { label: 'Health', icon: Activity, path: '/health', order: sidebarOrder.health },
  routes: [{ path: 'health', title: 'Health', load: page }],
};

describe('defineFeature', () => {
  it('returns a valid definition unchanged', () => {
    expect(defineFeature(health)).toBe(health);
  });

  it('names the feature and the problem when a definition is wrong', () => {
    expect(() => defineFeature({ ...health, name: 'Health Checks' })).toThrow('defineFeature("Health Checks"): the name must be lower-case');
    expect(() => defineFeature({ ...health, routes: [] })).toThrow('at least one route');
    expect(() => defineFeature({ ...health, routes: [{ path: '/health', title: 'Health', load: page }] })).toThrow('route path "/health" must be relative');
    expect(() => defineFeature({ ...health, sidebar: { label: 'Health', icon: Activity, path: 'health', order: 1 } })).toThrow('must be absolute');
    expect(() => defineFeature({ ...health, sidebar: { label: 'Health', icon: Activity, path: '/health' } })).toThrow('needs an order');
  });

  it('accepts dotted names and settings items without an order', () => {
    const connections = defineFeature({
      name: 'settings.connections',
      resource: 'connections',
      sidebar: { label: 'Connections', icon: Activity, path: '/settings/connections', section: 'settings' },
      routes: [{ path: 'settings/connections', title: 'Connections', load: page }],
    });
    expect(connections.name).toBe('settings.connections');
  });
});

describe('createFeatureRegistry', () => {
  const incidents: FeatureDefinition = {
    name: 'incidents',
    resource: 'incident',
    routes: [
      { path: 'incidents', title: 'Incidents', load: page },
      { path: 'incidents/:id', title: 'Incident', load: page },
    ],
  };

  it('lists every route with its feature and finds the owner of a path', () => {
    const registry = createFeatureRegistry([health, incidents]);
    expect(registry.routes.map(({ feature, route }) => `${feature.name}:${route.path}`)).toEqual([
      'health:health',
      'incidents:incidents',
      'incidents:incidents/:id',
    ]);
    expect(registry.featureOf('/incidents/:id')).toBe(incidents);
    expect(registry.featureOf('topology')).toBeUndefined();
  });

  it('refuses two features with one name or one path', () => {
    expect(() => createFeatureRegistry([health, health])).toThrow('Feature "health" is registered twice');
    expect(() => createFeatureRegistry([health, { ...incidents, routes: [{ path: 'health', title: 'x', load: page }] }])).toThrow(
      'Route "/health" is claimed by "health" and "incidents"',
    );
  });
});
