import { topologyQuery } from '@opsdeck/api-client/topology';
import { defineFeature, sidebarOrder } from '@opsdeck/extensions';
import { Monitor } from '@opsdeck/ui';
import { pageQueries } from './model/pageQueries.ts';
import { topologyExternalRoutes, topologyRoutes } from './routes.ts';

/**
 * The topology dashboard (console §2): Dashboard is the sidebar's first item and `/` lands here.
 * Read on topologies opens it (the role matrix's object for components); the index also needs read
 * on database, as the spec's route table says.
 */
export const topologyFeature = defineFeature({
  name: 'topology',
  resource: 'topologies',
  sidebar: {
    label: 'Dashboard',
    icon: Monitor,
    path: '/topology',
    order: sidebarOrder.dashboard,
  },
  routes: [
    {
      path: 'topology',
      ref: topologyRoutes.index,
      title: 'Topology',
      access: { resource: 'database', action: 'read' },
      refreshable: true,
      load: () => import('./pages/indexPage.tsx'),
      prefetch: ({ search, apiClient, prefetchQuery }) =>
        prefetchQuery(topologyQuery(apiClient, pageQueries.index(search))),
    },
    {
      path: 'topology/:id',
      ref: topologyRoutes.component,
      title: 'Component',
      refreshable: true,
      load: () => import('./pages/componentPage.tsx'),
      prefetch: ({ params, apiClient, prefetchQuery }) =>
        prefetchQuery(topologyQuery(apiClient, pageQueries.component(params.id ?? ''))),
    },
    {
      // The single card inside an iframe: drawn without the shell, before the flags load.
      path: 'view/topology/:id',
      ref: topologyRoutes.view,
      title: 'Topology',
      standalone: true,
      load: () => import('./pages/viewPage.tsx'),
      prefetch: ({ params, apiClient, prefetchQuery }) =>
        prefetchQuery(topologyQuery(apiClient, pageQueries.view(params.id ?? ''))),
    },
  ],
  externalRoutes: topologyExternalRoutes,
});
