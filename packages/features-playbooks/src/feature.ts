import { catalogSlots } from '@opsdeck/features-catalog/slots';
import { healthSlots } from '@opsdeck/features-health/slots';
import { topologySlots } from '@opsdeck/features-topology/slots';
import { contribute, defineFeature, linkTo, sidebarOrder } from '@opsdeck/extensions';
import { shellSlots } from '@opsdeck/extensions/shell';
import { Play } from '@opsdeck/ui';
import { playbooksExternalRoutes, playbooksRoutes } from './routes.ts';

// Settings §6: the playbooks menu needs write on playbook_runs (rbac's `playbooks.run` capability).
const canRun = { capability: 'playbooks.run' } as const;

/**
 * Playbooks (console §2): the list, the runs, a run, the spec editor; the Playbooks menu on a
 * check, a config and a component, and a config's Playbooks tab. Read on playbooks opens it.
 */
export const playbooksFeature = defineFeature({
  name: 'playbooks',
  resource: 'playbooks',
  sidebar: {
    label: 'Playbooks',
    icon: Play,
    path: '/playbooks',
    order: sidebarOrder.playbooks,
  },
  routes: [
    {
      path: 'playbooks',
      ref: playbooksRoutes.index,
      title: 'Playbooks',
      refreshable: true,
      load: () => import('./pages/indexPage.tsx'),
    },
    {
      path: 'playbooks/runs',
      ref: playbooksRoutes.runs,
      title: 'Playbook runs',
      access: { resource: 'playbook_runs', action: 'read' },
      refreshable: true,
      load: () => import('./pages/runsPage.tsx'),
    },
    {
      path: 'playbooks/runs/:id',
      ref: playbooksRoutes.run,
      title: 'Playbook run',
      access: { resource: 'playbook_runs', action: 'read' },
      refreshable: true,
      load: () => import('./pages/runPage.tsx'),
    },
    {
      path: 'playbooks/new',
      ref: playbooksRoutes.newPlaybook,
      title: 'New playbook',
      access: { action: 'write' },
      load: () => import('./pages/editorPage.tsx'),
    },
    {
      path: 'playbooks/:id',
      ref: playbooksRoutes.playbook,
      title: 'Playbook',
      load: () => import('./pages/editorPage.tsx'),
    },
  ],
  externalRoutes: playbooksExternalRoutes,
  contributions: [
    // Its filters may be saved as a named view (issue 38): the shell draws the Views control.
    contribute(shellSlots.savedViewProviders, {
      id: 'playbooks.savedViews',
      value: { title: 'Playbook runs', to: linkTo(playbooksRoutes.runs, {}) },
    }),
    // The command palette's way to this feature's page (a data contribution: the shell draws it).
    contribute(shellSlots.paletteCommands, {
      id: 'playbooks.paletteOpen',
      value: {
        title: 'Go to Playbooks',
        keywords: ['playbook', 'runbooks'],
        to: linkTo(playbooksRoutes.index, {}),
      },
    }),
    // Playbooks by name in the palette; the search code loads when the palette first searches.
    contribute(shellSlots.paletteSearchProviders, {
      id: 'playbooks.palettePlaybooks',
      value: {
        title: 'Playbooks',
        search: (text, context) =>
          import('./palette.ts').then(({ searchPlaybooks }) => searchPlaybooks(text, context)),
      },
    }),
    // The playbooks page, where each playbook's Run opens the run dialog; for users who may run.
    contribute(shellSlots.paletteActions, {
      id: 'playbooks.paletteRun',
      access: canRun,
      value: {
        title: 'Run playbook',
        keywords: ['run now', 'execute', 'runbook'],
        to: linkTo(playbooksRoutes.index, {}),
      },
    }),
    contribute(healthSlots.checkActions, {
      id: 'playbooks.checkActions',
      title: 'Playbooks',
      access: canRun,
      load: () => import('./contributions/PlaybooksMenu.tsx').then((m) => m.CheckPlaybooksMenu),
    }),
    contribute(catalogSlots.configActions, {
      id: 'playbooks.configActions',
      title: 'Playbooks',
      access: canRun,
      load: () => import('./contributions/PlaybooksMenu.tsx').then((m) => m.ConfigPlaybooksMenu),
    }),
    contribute(topologySlots.componentActions, {
      id: 'playbooks.componentActions',
      title: 'Playbooks',
      access: canRun,
      load: () => import('./contributions/PlaybooksMenu.tsx').then((m) => m.ComponentPlaybooksMenu),
    }),
    contribute(catalogSlots.configTabs, {
      id: 'playbooks.configTab',
      title: 'Playbooks',
      path: 'playbooks',
      load: () =>
        import('./contributions/ConfigPlaybooksTab.tsx').then((m) => m.ConfigPlaybooksTab),
    }),
  ],
});
