import { Activity } from '@opsdeck/ui';
import { defineFeature, sidebarOrder } from './defineFeature.ts';

/** Health checks (@opsdeck/features-health): the page draws its own title, filters and refresh rate. */
export const healthFeature = defineFeature({
  name: 'health',
  resource: 'canaries',
  sidebar: { label: 'Health', icon: Activity, path: '/health', order: sidebarOrder.health },
  routes: [{ path: 'health', title: 'Health', ownHeader: true, load: () => import('./healthPage.tsx') }],
});
