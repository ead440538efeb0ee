import { healthSlots, type CheckRef } from '../slots.ts';
import {
  bindRoute,
  contribute,
  createExtensionView,
  createFeatureRegistry,
  createRouteRef,
  defineFeature,
  type ExtensionView,
} from '@opsdeck/extensions';
import { createAuthorizer, createFeatureFlags } from '@opsdeck/rbac';
import { healthFeature } from '../feature.ts';
import { healthExternalRoutes } from '../routes.ts';

// Stand-ins for the features a console build binds health's links to, and one that contributes an
// action to the check modal, as apps/console does with the real ones.
const page = async () => ({ Component: () => null });
const componentPage = createRouteRef<{ id: string }>('topology.component');
const configPage = createRouteRef<{ id: string }>('catalog.item');
const canaryEditor = createRouteRef<{ id: string }>('settings.canaries.editor');

function AttachAsEvidence({ check }: { check: CheckRef }) {
  return <button type="button">Attach {check.name} as evidence</button>;
}

const registry = createFeatureRegistry(
  [
    healthFeature,
    defineFeature({
      name: 'topology',
      resource: 'topologies',
      routes: [{ path: 'topology/:id', ref: componentPage, title: 'Component', load: page }],
    }),
    defineFeature({
      name: 'catalog',
      resource: 'database',
      routes: [{ path: 'catalog/:id', ref: configPage, title: 'Config', load: page }],
    }),
    defineFeature({
      name: 'settings.canaries',
      resource: 'canaries',
      routes: [
        {
          path: 'settings/canaries/:id',
          ref: canaryEditor,
          title: 'Canary',
          access: { action: 'write' },
          load: page,
        },
      ],
    }),
    defineFeature({
      name: 'incidents',
      resource: 'incident',
      routes: [{ path: 'incidents', title: 'Incidents', load: page }],
      contributions: [
        contribute(healthSlots.checkActions, {
          id: 'incidents.attachCheck',
          title: 'Attach as evidence',
          access: { capability: 'incidents.attach' },
          load: async () => AttachAsEvidence,
        }),
      ],
    }),
  ],
  {
    bindings: [
      bindRoute(healthExternalRoutes.componentPage, componentPage),
      bindRoute(healthExternalRoutes.configPage, configPage),
      bindRoute(healthExternalRoutes.canaryEditor, canaryEditor),
    ],
  },
);

/** What a console user with these roles and properties sees of the extension points. */
export function hostAppView(
  roles: string[],
  properties: Parameters<typeof createFeatureFlags>[0] = [],
): ExtensionView {
  return createExtensionView(registry, {
    flags: createFeatureFlags(properties),
    authorizer: createAuthorizer({ roles }),
  });
}
