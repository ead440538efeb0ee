import { createRouteRef } from '@opsdeck/extensions';
// zod/mini, as the rest of the console: classic zod would add its own ~40 KB to the first load.
import { z } from 'zod/mini';
import { logLevels } from './model/logsSearch.ts';

const flag = z.optional(z.enum(['1']));

/**
 * `/logs` as a link (console §2): the component and its log selector, the text and level to match,
 * line wrap and follow. The time range is the TimeRangePicker's own parameters. A value the schema
 * refuses is dropped to its default, so a hand-edited address never reaches the server as garbage.
 */
export const logsSearch = z.object({
  component: z.optional(z.string().check(z.minLength(1))),
  selector: z.optional(z.string().check(z.minLength(1))),
  text: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
  level: z.optional(z.enum(logLevels)),
  wrap: flag,
  follow: flag,
});

/** The search a link to the logs page may carry. */
export type LogsSearch = z.output<typeof logsSearch>;

/** The routes this feature offers. */
export const logsRoutes = {
  page: createRouteRef('logs.page', { search: logsSearch }),
};
