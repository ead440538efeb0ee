import { createExternalRouteRef, createRouteRef, type SearchSchema } from '@opsdeck/extensions';
import { isTimeRangeShortForm, type TimeRangeShortForm } from '@opsdeck/ui/time-range';

// Three optional strings checked by hand, not with zod: this is the embed's only schema on first
// paint, and zod/mini's core was ~5 KB gzip of its 120 KB budget. As z.object did: unnamed
// parameters are dropped, and each refused one is an issue at its name, which parseSearch drops.
// The type is written out (not a named interface) so features linking here can name it.
/**
 * What other features may say in a link to the health page (console §2: the check modal opens from
 * `checkId` and `timeRange`; `search` narrows the list). The page reads the same fields with this
 * schema, so a link and the page cannot disagree; a value it refuses falls back to its default.
 */
const healthPageSearch: SearchSchema<{
  /** The check whose modal is open. */
  checkId?: string;
  /** The modal's window. */
  timeRange?: TimeRangeShortForm;
  /** The list's search box. */
  search?: string;
}> = {
  safeParse(input) {
    const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<
      string,
      unknown
    >;
    const data: { checkId?: string; timeRange?: TimeRangeShortForm; search?: string } = {};
    const issues: { path: PropertyKey[] }[] = [];
    const { checkId, timeRange, search } = raw;
    if (typeof checkId === 'string' && checkId !== '') data.checkId = checkId;
    else if (checkId !== undefined) issues.push({ path: ['checkId'] });
    if (typeof timeRange === 'string' && isTimeRangeShortForm(timeRange))
      data.timeRange = timeRange;
    else if (timeRange !== undefined) issues.push({ path: ['timeRange'] });
    if (typeof search === 'string') data.search = search;
    else if (search !== undefined) issues.push({ path: ['search'] });
    return issues.length > 0 ? { success: false, error: { issues } } : { success: true, data };
  },
};

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
