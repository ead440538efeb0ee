import { createExternalRouteRef, createRouteRef, type NoParams } from '@opsdeck/extensions';
import type { HealthPageSearch } from '@opsdeck/features-health/slots';
import { decodeTriState, encodeTriState } from '@opsdeck/ui';
// zod/mini, as the rest of the console: classic zod would add its own ~40 KB to the first load.
import { z } from 'zod/mini';
import { healthValues } from './model/format.ts';

/** A tri-state filter (`a:1,b:-1`) naming at least one value, each one `allowed` accepts. */
const triStateFilter = (allowed: (value: string) => boolean = () => true) =>
  z.optional(
    z.string().check(
      z.refine((encoded) => {
        const values = Object.keys(decodeTriState(encoded));
        return values.length > 0 && values.every(allowed);
      }),
    ),
  );

/**
 * A filtered catalog list as a link (console §2): the list's own URL filters, so a link to "every
 * config of this type" opens the list narrowed. The list reads them with this schema too; a value
 * it refuses (an unknown health) is dropped to its default, every config.
 */
const catalogListSearch = z.object({
  'type.filter': triStateFilter(),
  'health.filter': triStateFilter((value) => (healthValues as readonly string[]).includes(value)),
  /** The search box. */
  'search.filter': z.optional(z.string().check(z.minLength(1))),
});

/** The search a link to the catalog list may carry. */
export type CatalogListSearch = z.output<typeof catalogListSearch>;

/** The list narrowed to one config type (a config's type links here). */
export const configTypeSearch = (type: string): CatalogListSearch => ({
  'type.filter': encodeTriState({ [type]: 1 }),
});

/** The catalog's routes; other features link to a config through `item`. */
export const catalogRoutes = {
  list: createRouteRef('config.list', { search: catalogListSearch }),
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
  /** A scraper's spec editor (read-only to those without write on config_scrapers). */
  scraperEditor: createExternalRouteRef<{ id: string }>('config.scraperEditor'),
  /** A new scraper's editor: bound to a route that needs write, so only writers see "Add scraper". */
  newScraper: createExternalRouteRef('config.newScraper'),
};
