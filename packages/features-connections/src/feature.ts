import { contribute, defineFeature, linkTo, type FeatureDefinition } from '@opsdeck/extensions';
import { shellSlots } from '@opsdeck/extensions/shell';
import { Link, Settings } from '@opsdeck/ui';
import { connectionsExternalRoutes, connectionsRoutes } from './routes.ts';

/**
 * `/settings/connections`: the list and each connection's form (flag `settings.connections`). The
 * pages read `connections` (settings §6: editors and viewers read, only admins write; the server
 * enforces it, the pages only leave out what the user may not do).
 */
export const connectionsFeature: FeatureDefinition = defineFeature({
  name: 'settings.connections',
  resource: 'connections',
  sidebar: { label: 'Connections', icon: Link, path: '/settings/connections', section: 'settings' },
  routes: [
    {
      path: 'settings/connections',
      ref: connectionsRoutes.connections,
      title: 'Connections',
      access: { resource: 'connections', action: 'read' },
      refreshable: true,
      load: () => import('./pages/listPage.tsx'),
    },
    {
      path: 'settings/connections/:id',
      ref: connectionsRoutes.connectionEditor,
      title: 'Connection',
      access: { resource: 'connections', action: 'read' },
      load: () => import('./pages/editPage.tsx'),
    },
  ],
  contributions: [
    // The new connection's form, for users who may write connections (admins, settings §6).
    contribute(shellSlots.paletteActions, {
      id: 'settings.connections.paletteAdd',
      access: { action: 'write' },
      value: {
        title: 'Add connection',
        keywords: ['new connection', 'credentials'],
        to: linkTo(connectionsRoutes.connectionEditor, { id: 'new' }),
      },
    }),
  ],
});

/**
 * `/settings/integrations` (console §2: read on integrations) with the Add Integration wizard, and
 * `/settings/integrations/{type}/{id}` (write on integrations), which opens the settings editor
 * bound to the type.
 */
export const integrationsFeature: FeatureDefinition = defineFeature({
  name: 'settings.integrations',
  resource: 'integrations',
  sidebar: {
    label: 'Integrations',
    icon: Settings,
    path: '/settings/integrations',
    section: 'settings',
  },
  externalRoutes: connectionsExternalRoutes,
  routes: [
    {
      path: 'settings/integrations',
      ref: connectionsRoutes.integrations,
      title: 'Integrations',
      access: { resource: 'integrations', action: 'read' },
      refreshable: true,
      load: () => import('./pages/integrationsPage.tsx'),
    },
    {
      path: 'settings/integrations/:type/:id',
      ref: connectionsRoutes.integration,
      title: 'Integration',
      access: { resource: 'integrations', action: 'write' },
      load: () => import('./pages/integrationPage.tsx'),
    },
  ],
});
