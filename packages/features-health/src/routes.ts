import { createExternalRouteRef, createRouteRef } from '@opsdeck/extensions';
import { isTimeRangeShortForm, type TimeRangeShortForm } from '@opsdeck/ui/time-range';
// zod/mini, as api-client: classic zod would add ~40 KB gzip to the embed's first load and install
// its English messages process-wide.
import { z } from 'zod/mini';

/**
 * What other features may say in a link to the health page (console §2: the check modal opens from
 * `checkId` and `timeRange`; `search` narrows the list). The page reads the same fields with this
 * schema, so a link and the page cannot disagree; a value it refuses falls back to its default.
 */
const healthPageSearch = z.object({
  /** The check whose modal is open. */
  checkId: z.optional(z.string().check(z.minLength(1))),
  /** The modal's window. */
  timeRange: z.optional(
    z.custom<TimeRangeShortForm>(
      (value) => typeof value === 'string' && isTimeRangeShortForm(value),
    ),
  ),
  /** The list's search box. */
  search: z.optional(z.string()),
});

/** The routes this feature offers other features. */
export const healthRoutes = {
  page: createRouteRef('health.page', { search: healthPageSearch }),
};

/**
 * Where the check modal links to in other features; the app binds each one, and an unbound one
 * (no such feature in the build, switched off, or not readable) shows the name without a link.
 */
export const healthExternalRoutes = {
  /** A topology component the check belongs to (console §2 relationships). */
  componentPage: createExternalRouteRef<{ id: string }>('health.componentPage'),
  /** A config item the check is linked to. */
  configPage: createExternalRouteRef<{ id: string }>('health.configPage'),
  /** The editor of the canary that defines the check (the modal's Edit link). */
  canaryEditor: createExternalRouteRef<{ id: string }>('health.canaryEditor'),
};
