import { isUuid } from '@opsdeck/api-client';
import type { TopologyQuery } from '@opsdeck/api-client/topology';
import {
  contribute,
  defineFeature,
  linkTo,
  type RoutePrefetchContext,
  sidebarOrder,
} from '@opsdeck/extensions';
import { shellSlots } from '@opsdeck/extensions/shell';
import { Monitor } from '@opsdeck/ui';
import type { pageQueries } from './model/pageQueries.ts';
import { topologyExternalRoutes, topologyRoutes } from './routes.ts';

type PageQueries = typeof pageQueries;

/**
 * A page's tree asked for while the page's chunks load. The calls and the page's query builders
 * are imported here rather than at the top: they would weigh on the console's first load.
 */
async function prefetchTopology(
  { apiClient, prefetchQuery }: RoutePrefetchContext,
  pick: (queries: PageQueries) => TopologyQuery,
) {
  const [{ topologyQuery }, { pageQueries }] = await Promise.all([
    import('./model/lazyCalls.ts'),
    import('./model/pageQueries.ts'),
  ]);
  prefetchQuery(topologyQuery(apiClient, pick(pageQueries)));
}

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
      prefetch: (context) =>
        void prefetchTopology(context, (queries) => queries.index(context.search)),
    },
    {
      path: 'topology/:id',
      ref: topologyRoutes.component,
      title: 'Component',
      refreshable: true,
      load: () => import('./pages/componentPage.tsx'),
      prefetch: (context) => {
        const { id } = context.params;
        // A malformed id is "Not found" on the page, without asking the server.
        if (isUuid(id)) void prefetchTopology(context, (queries) => queries.component(id));
      },
    },
    {
      // The single card inside an iframe: drawn without the shell, before the flags load.
      path: 'view/topology/:id',
      ref: topologyRoutes.view,
      title: 'Topology',
      standalone: true,
      load: () => import('./pages/viewPage.tsx'),
      prefetch: (context) =>
        void prefetchTopology(context, (queries) => queries.view(context.params.id ?? '')),
    },
  ],
  externalRoutes: topologyExternalRoutes,
  contributions: [
    // Its filters may be saved as a named view (issue 38): the shell draws the Views control.
    contribute(shellSlots.savedViewProviders, {
      id: 'topology.savedViews',
      value: { title: 'Topology', to: linkTo(topologyRoutes.index, {}) },
    }),
    // The command palette's way to this feature's page (a data contribution: the shell draws it).
    contribute(shellSlots.paletteCommands, {
      id: 'topology.paletteOpen',
      value: {
        title: 'Go to Topology',
        keywords: ['components', 'dashboard'],
        to: linkTo(topologyRoutes.index, {}),
      },
    }),
    // Components by name in the palette; the search code loads when the palette first searches.
    contribute(shellSlots.paletteSearchProviders, {
      id: 'topology.paletteComponents',
      value: {
        title: 'Components',
        search: (text, context) =>
          import('./palette.ts').then(({ searchComponents }) => searchComponents(text, context)),
      },
    }),
  ],
});
