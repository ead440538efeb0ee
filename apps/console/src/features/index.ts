import type { FeatureDefinition, RouteBinding } from '@opsdeck/extensions';
import { healthFeature } from '@opsdeck/features-health';

/**
 * The features this build of the console includes, in one list. A new feature package adds its
 * definition here; areas of the spec without a package (Dashboard, Incidents, Catalog...) are absent
 * and their addresses say so (routing/specAreas.ts).
 */
export const consoleFeatures: readonly FeatureDefinition[] = [healthFeature];

/**
 * Every cross-feature link of the build, bound here and nowhere else: `bindRoute(one feature's
 * externalRoutes.x, another feature's route ref)`. An external route left unbound draws no link, so
 * health's links to topology components, catalog items and the canary editor wait for those features:
 *   bindRoute(healthExternalRoutes.componentPage, topologyRoutes.component),
 *   bindRoute(healthExternalRoutes.configPage, catalogRoutes.item),
 *   bindRoute(healthExternalRoutes.canaryEditor, canarySettingsRoutes.editor),
 */
export const consoleBindings: readonly RouteBinding[] = [];
