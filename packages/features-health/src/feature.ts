import { defineFeature, sidebarOrder } from '@opsdeck/extensions';
import { Activity } from '@opsdeck/ui';
import { healthExternalRoutes, healthRoutes } from './routes.ts';

/** Health checks (console §2): the page draws its own title, filters and refresh rate. */
export const healthFeature = defineFeature({
  name: 'health',
  resource: 'canaries',
  sidebar: { label: 'Health', icon: Activity, path: '/health', order: sidebarOrder.health },
  routes: [
    {
      path: 'health',
      ref: healthRoutes.page,
      title: 'Health',
      ownHeader: true,
      load: () => import('./pages.tsx'),
    },
  ],
  externalRoutes: healthExternalRoutes,
});
