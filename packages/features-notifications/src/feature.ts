import { contribute, defineFeature, linkTo } from '@opsdeck/extensions';
import { shellSlots } from '@opsdeck/extensions/shell';
import { healthSlots } from '@opsdeck/features-health/slots';
import { notificationsExternalRoutes, notificationsRoutes } from './routes.ts';

/**
 * Notifications (console §2): the send history, the rules (edited by writers), the silences and
 * the add-silence form, and 'Silence' in the health check modal. Read on
 * notifications opens it. It has no sidebar item: the spec's sidebar lists Dashboard, Health,
 * Incidents, Catalog, Logs and Playbooks, and the header's bell leads here.
 */
export const notificationsFeature = defineFeature({
  name: 'notifications',
  resource: 'notifications',
  routes: [
    {
      path: 'notifications',
      ref: notificationsRoutes.history,
      title: 'Notifications',
      refreshable: true,
      load: () => import('./pages/historyPage.tsx'),
    },
    {
      path: 'notifications/rules',
      ref: notificationsRoutes.rules,
      title: 'Notification rules',
      refreshable: true,
      load: () => import('./pages/rulesPage.tsx'),
    },
    {
      path: 'notifications/silences',
      ref: notificationsRoutes.silences,
      title: 'Notification silences',
      refreshable: true,
      load: () => import('./pages/silencesPage.tsx'),
    },
    {
      // issue 34: each check transition of the last 24 h and every rule's decision about it.
      path: 'notifications/trace',
      ref: notificationsRoutes.trace,
      title: 'Notification trace',
      refreshable: true,
      load: () => import('./pages/tracePage.tsx'),
    },
    {
      // console §2: "add a silence | write on database" (rbac's silences.create).
      path: 'notifications/silences/add',
      ref: notificationsRoutes.addSilence,
      title: 'Add silence',
      access: { capability: 'silences.create' },
      load: () => import('./pages/addSilencePage.tsx'),
    },
  ],
  externalRoutes: notificationsExternalRoutes,
  contributions: [
    // Its filters may be saved as a named view (issue 38): the shell draws the Views control.
    contribute(shellSlots.savedViewProviders, {
      id: 'notifications.savedViews',
      value: { title: 'Notifications', to: linkTo(notificationsRoutes.history, {}) },
    }),
    // Its filters may be saved as a named view (issue 38): the shell draws the Views control.
    contribute(shellSlots.savedViewProviders, {
      id: 'notifications.rulesSavedViews',
      value: { title: 'Notification rules', to: linkTo(notificationsRoutes.rules, {}) },
    }),
    // Its filters may be saved as a named view (issue 38): the shell draws the Views control.
    contribute(shellSlots.savedViewProviders, {
      id: 'notifications.silencesSavedViews',
      value: { title: 'Notification silences', to: linkTo(notificationsRoutes.silences, {}) },
    }),
    // The health check modal's 'Silence': the add-silence form with the check picked (console §2:
    // adding a silence is write on database, rbac's silences.create).
    contribute(healthSlots.checkActions, {
      id: 'notifications.checkSilence',
      title: 'Silence',
      access: { capability: 'silences.create' },
      load: () =>
        import('./contributions/SilenceCheckAction.tsx').then((m) => m.SilenceCheckAction),
    }),
    // The command palette's way to this feature's pages (a data contribution: the shell draws it).
    contribute(shellSlots.paletteCommands, {
      id: 'notifications.paletteOpen',
      value: {
        title: 'Go to Notifications',
        keywords: ['notification', 'send history', 'alerts'],
        to: linkTo(notificationsRoutes.history, {}),
      },
    }),
    contribute(shellSlots.paletteCommands, {
      id: 'notifications.paletteSilences',
      value: {
        title: 'Go to Notification silences',
        keywords: ['silence', 'mute', 'maintenance'],
        to: linkTo(notificationsRoutes.silences, {}),
      },
    }),
    // The add-silence form, for users who may add one (as the check modal's Silence).
    contribute(shellSlots.paletteActions, {
      id: 'notifications.paletteAddSilence',
      access: { capability: 'silences.create' },
      value: {
        title: 'Add silence',
        keywords: ['silence', 'mute', 'maintenance'],
        to: linkTo(notificationsRoutes.addSilence, {}),
      },
    }),
  ],
});
