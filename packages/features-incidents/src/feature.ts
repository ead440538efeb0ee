import { catalogSlots } from '@opsdeck/features-catalog/slots';
import { healthSlots } from '@opsdeck/features-health/slots';
import { topologySlots } from '@opsdeck/features-topology/slots';
import { contribute, defineFeature, linkTo, sidebarOrder } from '@opsdeck/extensions';
import { shellSlots } from '@opsdeck/extensions/shell';
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
      // The list of the URL being opened, asked for while the page's chunks load (issue 31), not
      // once the page has rendered; imported here, not at the top, to keep it off the first load.
      prefetch: (context) =>
        void import('./model/pageQueries.ts').then(({ prefetchIncidentList }) =>
          prefetchIncidentList(context),
        ),
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
    // Its filters may be saved as a named view (issue 38): the shell draws the Views control.
    contribute(shellSlots.savedViewProviders, {
      id: 'incidents.savedViews',
      value: { title: 'Incidents', to: linkTo(incidentRoutes.list, {}) },
    }),
    // The command palette's way to this feature's page (a data contribution: the shell draws it).
    contribute(shellSlots.paletteCommands, {
      id: 'incidents.paletteOpen',
      value: {
        title: 'Go to Incidents',
        keywords: ['incident'],
        to: linkTo(incidentRoutes.list, {}),
      },
    }),
    // Incidents by title in the palette; the search code loads when the palette first searches.
    contribute(shellSlots.paletteSearchProviders, {
      id: 'incidents.paletteIncidents',
      value: {
        title: 'Incidents',
        search: (text, context) =>
          import('./palette.ts').then(({ searchIncidents }) => searchIncidents(text, context)),
      },
    }),
    // The list's New incident dialog, for users with write on incident (as the button).
    contribute(shellSlots.paletteActions, {
      id: 'incidents.paletteNew',
      access: { action: 'write' },
      value: {
        title: 'New incident',
        keywords: ['create', 'declare', 'incident'],
        to: linkTo(incidentRoutes.list, {}, { new: 'incident' }),
      },
    }),
    contribute(healthSlots.checkActions, {
      id: 'incidents.attachCheck',
      title: 'Attach as Evidence',
      access: attach,
      load: () => import('./contributions/attachActions.tsx').then((m) => m.AttachCheck),
    }),
    contribute(catalogSlots.configActions, {
      id: 'incidents.attachConfig',
      title: 'Attach as Evidence',
      access: attach,
      load: () => import('./contributions/attachActions.tsx').then((m) => m.AttachConfig),
    }),
    contribute(topologySlots.componentActions, {
      id: 'incidents.attachComponent',
      title: 'Attach as Evidence',
      access: attach,
      load: () => import('./contributions/attachActions.tsx').then((m) => m.AttachComponent),
    }),
  ],
});
