// The ScrapeConfig (configs.flanksource.com/v1): the scraper-level schedule and retention, and one
// list per scraper type (`kubernetes: [...]`), each item checked by its type's form as the editor
// checks it (`kubernetes[0].clusterName`). Types the editor has no form for are taken as they are.
import { z } from 'zod/mini';
import { SCHEDULE_MESSAGE } from '../canary/contract.ts';
import { defineContract } from '../contract.ts';
import type { FormDescription } from '../form/description.ts';
import { everyProblem, formIssues, parsePath } from '../form/issues.ts';
import { REQUIRED_MESSAGE } from '../form/validation.ts';
import { scraperTypes } from './scrapers.ts';

export const SCRAPER_LIST_MESSAGE = 'A scraper type holds a list of scrapers';

const name = z.string().check(z.minLength(1, REQUIRED_MESSAGE));
const age = z.optional(z.string());

const scrapeConfigFields = {
  schedule: z.optional(z.string().check(z.minLength(1, SCHEDULE_MESSAGE))),
  full: z.optional(z.boolean()),
  logLevel: z.optional(z.string()),
  retention: z.optional(
    z.looseObject({
      changes: z.optional(
        z.array(
          z.looseObject({
            name,
            age,
            count: z.optional(z.number().check(z.int(), z.minimum(0))),
          }),
        ),
      ),
      types: z.optional(
        z.array(z.looseObject({ name, createdAge: age, updatedAge: age, deletedAge: age })),
      ),
      staleItemAge: age,
    }),
  ),
};

/** The scrape config spec key a scraper lives under → the form that edits it. */
export const scraperFormsByKey: ReadonlyMap<string, FormDescription> = new Map(
  scraperTypes.filter((type) => type.type !== 'custom').map((type) => [type.type, type] as const),
);

export type ScrapeConfigSpec = z.infer<z.ZodMiniObject<typeof scrapeConfigFields>> &
  Record<string, unknown>;

const scrapeConfigSchema = z.looseObject(scrapeConfigFields).check(
  z.superRefine((spec, context) => {
    for (const [key, scrapers] of Object.entries(spec)) {
      const form = scraperFormsByKey.get(key);
      if (key in scrapeConfigFields || !form) continue;
      if (!Array.isArray(scrapers)) {
        context.addIssue({
          code: 'custom',
          message: SCRAPER_LIST_MESSAGE,
          path: [key],
          input: scrapers,
        });
        continue;
      }
      scrapers.forEach((scraper: unknown, index) => {
        for (const issue of formIssues(form, scraper))
          context.addIssue({
            code: 'custom',
            message: issue.message,
            path: [key, index, ...parsePath(issue.path)],
            input: scraper,
          });
      });
    }
  }, everyProblem),
) as unknown as z.ZodMiniType<ScrapeConfigSpec>;

export const scrapeConfigContract = defineContract<ScrapeConfigSpec>({
  kind: 'ScrapeConfig',
  apiVersion: 'configs.flanksource.com/v1',
  schema: scrapeConfigSchema,
  defaults: () => ({ schedule: '@every 30m' }),
});
