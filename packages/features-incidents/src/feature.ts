import { contribute, defineFeature, sidebarOrder, slots } from '@opsdeck/extensions';
import { OctagonExclamationPoint } from '@opsdeck/ui';
import { NewIncidentButton } from './ListPage/NewIncidentButton.tsx';
import { incidentExternalRoutes, incidentRoutes } from './routes.ts';

// settings §2 and §6: 'Attach as Evidence' shows only to users with write on incidents and while the
// incidents feature is on; the registry checks the flag and this capability before a host sees it.
const attach = { capability: 'incidents.attach' } as const;

/**
 * Incidents (console §2: `/incidents`, `/incidents/{id}`, read on incident), third in the sidebar,
 * and the Attach Evidence dialog offered in the health check modal, a config's page and a topology
 * component's page. Pages and the dialog load lazily.
 */
export const incidentsFeature = defineFeature({
  name: 'incidents',
  resource: 'incident',
  sidebar: {
    label: 'Incidents',
    icon: OctagonExclamationPoint,
    path: '/incidents',
    order: sidebarOrder.incidents,
  },
  routes: [
    {
      path: 'incidents',
      ref: incidentRoutes.list,
      title: 'Incidents',
      refreshable: true,
      headerActions: NewIncidentButton,
      load: () => import('./pages/listPage.tsx'),
    },
    {
      path: 'incidents/:id',
      ref: incidentRoutes.incident,
      title: 'Incident',
      refreshable: true,
      load: () => import('./pages/incidentPage.tsx'),
    },
  ],
  externalRoutes: incidentExternalRoutes,
  contributions: [
    contribute(slots.checkActions, {
      id: 'incidents.attachCheck',
      title: 'Attach as Evidence',
      access: attach,
      load: () => import('./contributions/attachActions.tsx').then((m) => m.AttachCheck),
    }),
    contribute(slots.configActions, {
      id: 'incidents.attachConfig',
      title: 'Attach as Evidence',
      access: attach,
      load: () => import('./contributions/attachActions.tsx').then((m) => m.AttachConfig),
    }),
    contribute(slots.componentActions, {
      id: 'incidents.attachComponent',
      title: 'Attach as Evidence',
      access: attach,
      load: () => import('./contributions/attachActions.tsx').then((m) => m.AttachComponent),
    }),
  ],
});
