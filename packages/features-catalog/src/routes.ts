import { createExternalRouteRef, createRouteRef, type NoParams } from '@opsdeck/extensions';
import type { HealthPageSearch } from '@opsdeck/features-health/slots';

/** The catalog's routes; other features link to a config through `item`. */
export const catalogRoutes = {
  list: createRouteRef('config.list'),
  item: createRouteRef<{ id: string }>('config.item'),
  /** A config's tabs, so a link names the tab rather than gluing its path segment. */
  itemChanges: createRouteRef<{ id: string }>('config.itemChanges'),
  itemInsights: createRouteRef<{ id: string }>('config.itemInsights'),
  changes: createRouteRef('config.changes'),
  insights: createRouteRef('config.insights'),
  scrapers: createRouteRef('config.scrapers'),
  scraper: createRouteRef<{ id: string }>('config.scraper'),
};

/**
 * Where the catalog links to in other features; the app binds each one, and an unbound one (no
 * such feature, switched off, or not readable) shows the name without a link.
 */
export const catalogExternalRoutes = {
  /** The health page; a link with `checkModalSearch(id)` opens a check's modal there (console §2). */
  healthPage: createExternalRouteRef<NoParams, HealthPageSearch>('config.healthPage'),
  /** A topology component linked to a config. */
  componentPage: createExternalRouteRef<{ id: string }>('config.componentPage'),
};
