import { createAuthorizer, createFeatureFlags } from '@opsdeck/rbac';
import { describe, expect, it } from 'vitest';
import type { FeatureDefinition, FeatureRoute } from './feature.ts';
import { decideRouteAccess } from './view.ts';

const page = async () => ({ Component: () => null });
const integrations: FeatureDefinition = {
  name: 'settings.integrations',
  resource: 'integrations',
  routes: [
    { path: 'settings/integrations', title: 'Integrations', load: page },
    // Spec §2: the integration detail needs write on integrations.
    {
      path: 'settings/integrations/:type/:id',
      title: 'Integration',
      access: { action: 'write' },
      load: page,
    },
  ],
};
const [list, detail] = integrations.routes as [FeatureRoute, FeatureRoute];
const on = createFeatureFlags([]);

describe('decideRouteAccess', () => {
  it('allows read routes to readers and write routes to writers', () => {
    expect(
      decideRouteAccess(integrations, { route: list }, on, createAuthorizer({ roles: ['viewer'] })),
    ).toBe('allowed');
    expect(
      decideRouteAccess(
        integrations,
        { route: detail },
        on,
        createAuthorizer({ roles: ['viewer'] }),
      ),
    ).toBe('forbidden');
    expect(
      decideRouteAccess(
        integrations,
        { route: detail },
        on,
        createAuthorizer({ roles: ['editor'] }),
      ),
    ).toBe('allowed');
  });

  it('closes the Settings section to viewers, not to an admin who is also a viewer', () => {
    const canaries: FeatureDefinition = {
      ...integrations,
      resource: 'canaries',
      sidebar: {
        label: 'Health Checks',
        icon: () => null,
        path: '/settings/canaries',
        section: 'settings',
      },
    };
    const decide = (roles: string[]) =>
      decideRouteAccess(canaries, { route: list }, on, createAuthorizer({ roles }));
    expect(decide(['viewer'])).toBe('forbidden');
    expect(decide(['responder'])).toBe('allowed');
    expect(decide(['viewer', 'admin'])).toBe('allowed');
  });

  it('forbids a route whose resource the user cannot read', () => {
    expect(
      decideRouteAccess(integrations, { route: list }, on, createAuthorizer({ roles: [] })),
    ).toBe('forbidden');
  });

  it('says disabled before anything else when the flag (or its parent) is off', () => {
    const admin = createAuthorizer({ roles: ['admin'] });
    expect(
      decideRouteAccess(
        integrations,
        { route: list },
        createFeatureFlags([{ name: 'settings.disable', value: 'true' }]),
        admin,
      ),
    ).toBe('disabled');
    expect(
      decideRouteAccess(
        integrations,
        { route: list },
        createFeatureFlags([{ name: 'settings.integrations.disable', value: 'TRUE' }]),
        createAuthorizer({ roles: [] }),
      ),
    ).toBe('disabled');
  });

  it('checks write on another resource when the route names one', () => {
    const withOther: FeatureDefinition = {
      ...integrations,
      routes: [
        { path: 'x', title: 'x', access: { resource: 'connections', action: 'read' }, load: page },
      ],
    };
    expect(
      decideRouteAccess(
        withOther,
        { route: withOther.routes[0]! },
        on,
        createAuthorizer({ roles: ['viewer'] }),
      ),
    ).toBe('forbidden');
  });
});
