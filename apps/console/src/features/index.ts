import { bindRoute, type FeatureDefinition, type RouteBinding } from '@opsdeck/extensions';
import { adminExternalRoutes, adminFeatures } from '@opsdeck/features-admin';
import { catalogExternalRoutes, catalogFeature, catalogRoutes } from '@opsdeck/features-catalog';
import {
  connectionsExternalRoutes,
  connectionsFeature,
  connectionsRoutes,
  integrationsFeature,
} from '@opsdeck/features-connections';
import { healthExternalRoutes, healthFeature, healthRoutes } from '@opsdeck/features-health';
import { logsFeature, logsRoutes } from '@opsdeck/features-logs';
import {
  notificationsExternalRoutes,
  notificationsFeature,
  notificationsRoutes,
} from '@opsdeck/features-notifications';
import {
  playbooksExternalRoutes,
  playbooksFeature,
  playbooksRoutes,
} from '@opsdeck/features-playbooks';
import { settingsFeatures, settingsRoutes } from '@opsdeck/features-settings';
import {
  incidentExternalRoutes,
  incidentRoutes,
  incidentsFeature,
} from '@opsdeck/features-incidents';
import {
  topologyExternalRoutes,
  topologyFeature,
  topologyRoutes,
} from '@opsdeck/features-topology';
import { savedViewsFeature } from '../views/palette.ts';

/**
 * The features this build of the console includes, in one list. A new feature package adds its
 * definition here; areas of the spec without a package (Playbooks...) are absent and their
 * addresses say so (routing/specAreas.ts).
 */
export const consoleFeatures: readonly FeatureDefinition[] = [
  topologyFeature,
  healthFeature,
  incidentsFeature,
  catalogFeature,
  logsFeature,
  playbooksFeature,
  notificationsFeature,
  ...settingsFeatures,
  connectionsFeature,
  integrationsFeature,
  ...adminFeatures,
  // The console's own: saved views in the command palette (issue 38).
  savedViewsFeature(() => consoleFeatures),
];

/**
 * Every cross-feature link of the build, bound here and nowhere else: `bindRoute(one feature's
 * externalRoutes.x, another feature's route ref)`. An external route left unbound draws no link.
 */
export const consoleBindings: readonly RouteBinding[] = [
  // The check modal's relationship rows open the component's page.
  bindRoute(healthExternalRoutes.componentPage, topologyRoutes.component),
  // A component's checks open the health check modal (`/health?checkId=`).
  bindRoute(topologyExternalRoutes.healthPage, healthRoutes.page),
  // A component's incidents open the incident page.
  bindRoute(topologyExternalRoutes.incidentPage, incidentRoutes.incident),
  // Evidence cards open the check's modal on the health page and the component's page.
  bindRoute(incidentExternalRoutes.healthPage, healthRoutes.page),
  bindRoute(incidentExternalRoutes.componentPage, topologyRoutes.component),
  // The check modal's and a component's config rows open the config's page.
  bindRoute(healthExternalRoutes.configPage, catalogRoutes.item),
  bindRoute(topologyExternalRoutes.configPage, catalogRoutes.item),
  // Config evidence opens the config's page.
  bindRoute(incidentExternalRoutes.configPage, catalogRoutes.item),
  // A config's linked checks open the health check modal; its components open their page.
  bindRoute(catalogExternalRoutes.healthPage, healthRoutes.page),
  bindRoute(catalogExternalRoutes.componentPage, topologyRoutes.component),
  // The scrapers page links to each scraper's editor, and a writer adds one there (issue 35).
  bindRoute(catalogExternalRoutes.scraperEditor, settingsRoutes.scraperEditor),
  bindRoute(catalogExternalRoutes.newScraper, settingsRoutes.newScraper),
  // A run's resource links to its component or opens its check's modal.
  bindRoute(playbooksExternalRoutes.componentPage, topologyRoutes.component),
  bindRoute(playbooksExternalRoutes.healthPage, healthRoutes.page),
  // A run's config opens the config's page.
  bindRoute(playbooksExternalRoutes.configPage, catalogRoutes.item),
  // A send's or a silence's resource opens its page (a check: its modal on the health page).
  bindRoute(notificationsExternalRoutes.configPage, catalogRoutes.item),
  bindRoute(notificationsExternalRoutes.componentPage, topologyRoutes.component),
  bindRoute(notificationsExternalRoutes.incidentPage, incidentRoutes.incident),
  bindRoute(notificationsExternalRoutes.healthPage, healthRoutes.page),
  // The check modal's Edit opens its canary's editor.
  bindRoute(healthExternalRoutes.canaryEditor, settingsRoutes.canaryEditor),
  // An integration's row and the Add Integration wizard open the settings editors; the wizard's
  // Log Backends tile shows while the logs page is there.
  bindRoute(connectionsExternalRoutes.scraperEditor, settingsRoutes.scraperEditor),
  bindRoute(connectionsExternalRoutes.topologyEditor, settingsRoutes.topologyEditor),
  bindRoute(connectionsExternalRoutes.logBackendEditor, settingsRoutes.logBackendEditor),
  bindRoute(connectionsExternalRoutes.logsPage, logsRoutes.page),
  // A job's resource opens its editor or page (settings §2 job resource links).
  bindRoute(adminExternalRoutes.canaryEditor, settingsRoutes.canaryEditor),
  bindRoute(adminExternalRoutes.topologyEditor, settingsRoutes.topologyEditor),
  bindRoute(adminExternalRoutes.scraperPage, catalogRoutes.scraper),
  bindRoute(adminExternalRoutes.configPage, catalogRoutes.item),
  bindRoute(adminExternalRoutes.playbookPage, playbooksRoutes.playbook),
  // An audited row opens its page (the audit trail's resource links).
  bindRoute(adminExternalRoutes.incidentPage, incidentRoutes.incident),
  bindRoute(adminExternalRoutes.connectionEditor, connectionsRoutes.connectionEditor),
  bindRoute(adminExternalRoutes.teamEditor, settingsRoutes.teamEditor),
  bindRoute(adminExternalRoutes.notificationRules, notificationsRoutes.rules),
];
