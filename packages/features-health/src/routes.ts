import { createExternalRouteRef, createRouteRef, type SearchSchema } from '@opsdeck/extensions';
import { isTimeRangeShortForm, type TimeRangeShortForm } from '@opsdeck/ui/time-range';

/**
 * What other features may say in a link to the health page (console §2: the check modal opens from
 * `checkId` and `timeRange`; `search` narrows the list). The page reads the same fields with this
 * schema, so a link and the page cannot disagree; a value it refuses falls back to its default.
 */
export interface HealthPageSearch {
  /** The check whose modal is open. */
  checkId?: string;
  /** The modal's window. */
  timeRange?: TimeRangeShortForm;
  /** The list's search box. */
  search?: string;
}

const fieldChecks: Record<keyof HealthPageSearch, (value: unknown) => boolean> = {
  checkId: (value) => typeof value === 'string' && value.length > 0,
  timeRange: (value) => typeof value === 'string' && isTimeRangeShortForm(value),
  search: (value) => typeof value === 'string',
};

// Three optional strings checked by hand, not with zod: it is the embed's only schema on first
// paint, and zod/mini's core was ~4 KB gzip of its 120 KB budget. Unnamed parameters are dropped,
// as z.object does; each refused one is an issue at its name, which parseSearch drops.
const healthPageSearch: SearchSchema<HealthPageSearch> = {
  safeParse(input) {
    const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<
      string,
      unknown
    >;
    const data: Record<string, unknown> = {};
    const issues: { path: PropertyKey[] }[] = [];
    for (const [name, accepts] of Object.entries(fieldChecks)) {
      const value = raw[name];
      if (value === undefined) continue;
      if (accepts(value)) data[name] = value;
      else issues.push({ path: [name] });
    }
    return issues.length > 0
      ? { success: false, error: { issues } }
      : { success: true, data: data as HealthPageSearch };
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
