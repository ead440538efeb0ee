import { checkSummaryQuery } from '@opsdeck/api-client/health';
import { contribute, defineFeature, linkTo, sidebarOrder } from '@opsdeck/extensions';
import { shellSlots } from '@opsdeck/extensions/shell';
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
      // The summary is asked for as the navigation starts, beside the page's chunk, not once the
      // page has rendered (issue 31): the page's own query (useCheckSummary) finds it in flight.
      prefetch: ({ apiClient, prefetchQuery }) => prefetchQuery(checkSummaryQuery(apiClient)),
    },
  ],
  externalRoutes: healthExternalRoutes,
  contributions: [
    // Its filters may be saved as a named view (issue 38): the shell draws the Views control.
    contribute(shellSlots.savedViewProviders, {
      id: 'health.savedViews',
      value: { title: 'Health', to: linkTo(healthRoutes.page, {}) },
    }),
    // The command palette's way to this feature's page (a data contribution: the shell draws it).
    contribute(shellSlots.paletteCommands, {
      id: 'health.paletteOpen',
      value: {
        title: 'Go to Health',
        keywords: ['checks', 'canaries'],
        to: linkTo(healthRoutes.page, {}),
      },
    }),
    // Run Now for the check whose modal is open (`?checkId=`), by the modal's call and capability.
    contribute(shellSlots.paletteActions, {
      id: 'health.paletteRunNow',
      access: { capability: 'canaries.run' },
      value: {
        offer: (page) => {
          const checkId = page.at(linkTo(healthRoutes.page, {}))
            ? page.search.get('checkId')
            : null;
          if (!checkId) return undefined;
          return {
            title: 'Run Now',
            keywords: ['run check', 'run this check'],
            description: 'The open check',
            run: ({ apiClient }) =>
              import('./palette.ts').then(({ runOpenCheck }) => runOpenCheck(apiClient, checkId)),
          };
        },
      },
    }),
    // Checks by name in the palette; the search code loads when the palette first searches.
    contribute(shellSlots.paletteSearchProviders, {
      id: 'health.paletteChecks',
      value: {
        title: 'Checks',
        search: (text, context) =>
          import('./palette.ts').then(({ searchChecks }) => searchChecks(text, context)),
      },
    }),
  ],
});
