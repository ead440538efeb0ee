import type { FeatureDefinition } from './defineFeature.ts';
import { healthFeature } from './health.ts';

/**
 * The features this build of the console includes. A feature package that exists adds one line
 * here; areas of the spec without a package (Dashboard, Incidents, Catalog...) are simply absent.
 */
export const consoleFeatures: readonly FeatureDefinition[] = [healthFeature];
