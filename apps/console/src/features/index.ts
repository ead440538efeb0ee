import { bindRoute, type FeatureDefinition, type RouteBinding } from '@opsdeck/extensions';
import { healthExternalRoutes, healthFeature, healthRoutes } from '@opsdeck/features-health';
import { playbooksExternalRoutes, playbooksFeature } from '@opsdeck/features-playbooks';
import {
  topologyExternalRoutes,
  topologyFeature,
  topologyRoutes,
} from '@opsdeck/features-topology';

/**
 * The features this build of the console includes, in one list. A new feature package adds its
 * definition here; areas of the spec without a package (Incidents, Catalog...) are absent and their
 * addresses say so (routing/specAreas.ts).
 */
export const consoleFeatures: readonly FeatureDefinition[] = [
  topologyFeature,
  healthFeature,
  playbooksFeature,
];

/**
 * Every cross-feature link of the build, bound here and nowhere else: `bindRoute(one feature's
 * externalRoutes.x, another feature's route ref)`. An external route left unbound draws no link, so
 * these wait for their features:
 *   bindRoute(healthExternalRoutes.configPage, catalogRoutes.item),
 *   bindRoute(healthExternalRoutes.canaryEditor, canarySettingsRoutes.editor),
 *   bindRoute(topologyExternalRoutes.configPage, catalogRoutes.item),
 *   bindRoute(topologyExternalRoutes.incidentPage, incidentRoutes.incident),
 *   bindRoute(playbooksExternalRoutes.configPage, catalogRoutes.item),
 */
export const consoleBindings: readonly RouteBinding[] = [
  // The check modal's relationship rows open the component's page.
  bindRoute(healthExternalRoutes.componentPage, topologyRoutes.component),
  // A component's checks open the health check modal (`/health?checkId=`).
  bindRoute(topologyExternalRoutes.healthPage, healthRoutes.page),
  // A run's resource links to its component or opens its check's modal.
  bindRoute(playbooksExternalRoutes.componentPage, topologyRoutes.component),
  bindRoute(playbooksExternalRoutes.healthPage, healthRoutes.page),
];
