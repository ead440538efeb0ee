import { defineFeature, type FeatureDefinition } from '@opsdeck/extensions';
import { Link } from '@opsdeck/ui';
import { connectionsRoutes } from './routes.ts';

// settings §6 / console §2: the page reads `connections`; only admins write (the server enforces it).
const access = { resource: 'connections', action: 'read' } as const;

/** `/settings/connections`: the list and each connection's form (flag `settings.connections`). */
export const connectionsFeature: FeatureDefinition = defineFeature({
  name: 'settings.connections',
  resource: 'connections',
  sidebar: { label: 'Connections', icon: Link, path: '/settings/connections', section: 'settings' },
  routes: [
    {
      path: 'settings/connections',
      ref: connectionsRoutes.connections,
      title: 'Connections',
      access,
      refreshable: true,
      load: () => import('./pages/listPage.tsx'),
    },
    {
      path: 'settings/connections/:id',
      ref: connectionsRoutes.connectionEditor,
      title: 'Connection',
      access,
      load: () => import('./pages/editPage.tsx'),
    },
  ],
});
