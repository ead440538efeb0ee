import { topologySlots } from '@opsdeck/features-topology/slots';
import { contribute, defineFeature, linkTo, sidebarOrder } from '@opsdeck/extensions';
import { shellSlots } from '@opsdeck/extensions/shell';
import { Database } from '@opsdeck/ui';
import { catalogExternalRoutes, catalogRoutes } from './routes.ts';

/**
 * The configuration catalog (console §2): the sidebar's Catalog item is tied to the feature
 * `config` and the resource `database`. `/configs` → `/catalog` is the app's redirect. Static
 * segments (`changes`, `insights`, `scrapers`) win over `:id` in the router's ranking.
 */
export const catalogFeature = defineFeature({
  name: 'config',
  resource: 'database',
  sidebar: {
    label: 'Catalog',
    icon: Database,
    path: '/catalog',
    order: sidebarOrder.catalog,
  },
  routes: [
    {
      path: 'catalog',
      ref: catalogRoutes.list,
      title: 'Catalog',
      refreshable: true,
      load: () => import('./pages/listPage.tsx'),
      // The groups (or the rows) of the URL being opened, asked for while the page's chunks load
      // (issue 31); the module is imported here, not at the top, to keep it off the first load.
      prefetch: (context) =>
        void import('./model/pageQueries.ts').then(({ prefetchCatalogList }) =>
          prefetchCatalogList(context),
        ),
    },
    {
      path: 'catalog/changes',
      ref: catalogRoutes.changes,
      title: 'Config changes',
      refreshable: true,
      load: () => import('./pages/changesPage.tsx'),
    },
    {
      path: 'catalog/insights',
      ref: catalogRoutes.insights,
      title: 'Config insights',
      refreshable: true,
      load: () => import('./pages/insightsPage.tsx'),
    },
    {
      path: 'catalog/scrapers',
      ref: catalogRoutes.scrapers,
      title: 'Scrapers',
      refreshable: true,
      load: () => import('./pages/scrapersPage.tsx'),
    },
    {
      path: 'catalog/scrapers/:id',
      ref: catalogRoutes.scraper,
      title: 'Scraper',
      refreshable: true,
      load: () => import('./pages/scraperPage.tsx'),
    },
    {
      path: 'catalog/:id',
      ref: catalogRoutes.item,
      title: 'Config',
      refreshable: true,
      load: () => import('./pages/configPage.tsx'),
      // The header every sub-page sits under, asked for while the page's chunks load (the calls'
      // module is one of them: imported here, it would weigh on the console's first load).
      prefetch: ({ params, apiClient, prefetchQuery }) =>
        void import('./lazyCalls.ts').then(({ configDetailQuery }) =>
          prefetchQuery(configDetailQuery(apiClient, params.id ?? '')),
        ),
      children: [
        {
          path: '',
          title: 'Config',
          refreshable: true,
          load: () => import('./pages/configSpecPage.tsx'),
        },
        {
          path: 'changes',
          ref: catalogRoutes.itemChanges,
          title: 'Config',
          refreshable: true,
          load: () => import('./pages/configChangesPage.tsx'),
        },
        {
          path: 'insights',
          ref: catalogRoutes.itemInsights,
          title: 'Config',
          refreshable: true,
          load: () => import('./pages/configInsightsPage.tsx'),
        },
        {
          path: 'relationships',
          title: 'Config',
          refreshable: true,
          load: () => import('./pages/configRelationshipsPage.tsx'),
        },
        {
          path: 'playbooks',
          title: 'Config',
          refreshable: true,
          load: () => import('./pages/configPlaybooksPage.tsx'),
        },
        {
          path: 'checks',
          title: 'Config',
          refreshable: true,
          load: () => import('./pages/configChecksPage.tsx'),
        },
        // Sub-pages other features contribute through catalogSlots.configTabs.
        {
          path: ':tab',
          title: 'Config',
          refreshable: true,
          load: () => import('./pages/configSlotTabPage.tsx'),
        },
      ],
    },
  ],
  externalRoutes: catalogExternalRoutes,
  contributions: [
    // Its filters may be saved as a named view (issue 38): the shell draws the Views control.
    contribute(shellSlots.savedViewProviders, {
      id: 'config.savedViews',
      value: { title: 'Catalog', to: linkTo(catalogRoutes.list, {}) },
    }),
    // The command palette's way to this feature's page (a data contribution: the shell draws it).
    contribute(shellSlots.paletteCommands, {
      id: 'config.paletteOpen',
      value: {
        title: 'Go to Catalog',
        keywords: ['configs', 'config items'],
        to: linkTo(catalogRoutes.list, {}),
      },
    }),
    // Configs by name in the palette; the search code loads when the palette first searches.
    contribute(shellSlots.paletteSearchProviders, {
      id: 'config.paletteConfigs',
      value: {
        title: 'Configs',
        search: (text, context) =>
          import('./palette.ts').then(({ searchConfigs }) => searchConfigs(text, context)),
      },
    }),
    // A topology component's side panel: what its linked configs changed and what is wrong with them.
    contribute(topologySlots.componentTabs, {
      id: 'config.componentChanges',
      title: 'Config changes',
      load: () =>
        import('./contributions/componentActivity.tsx').then((m) => m.ComponentConfigChanges),
    }),
    contribute(topologySlots.componentTabs, {
      id: 'config.componentInsights',
      title: 'Config insights',
      load: () =>
        import('./contributions/componentActivity.tsx').then((m) => m.ComponentConfigInsights),
    }),
  ],
});
