// `@opsdeck/features-health/slots`: what other features import to fill health's slots and link to
// its page. Ids and types only (opsdeck/slots-entry): naming a slot loads none of health's code.
import { createComponentSlot, type SearchOf } from '@opsdeck/extensions';
import type { healthRoutes } from './routes.ts';

/** What a check modal contribution learns about the check it is drawn for. */
export interface CheckRef {
  id: string;
  name: string;
  canaryId: string | null;
}

/** The slots the health feature hosts. */
export const healthSlots = {
  /** The check modal's footer (Playbooks, Attach as Evidence). */
  checkActions: createComponentSlot<{ check: CheckRef }>('health.checkActions'),
};

/**
 * The search a link to the health page may carry (`checkId` and `timeRange` open the check modal):
 * declare an external route with it, `createExternalRouteRef<NoParams, HealthPageSearch>(…)`.
 */
export type HealthPageSearch = SearchOf<typeof healthRoutes.page>;

/**
 * The health page's search that opens a check's modal (console §2), for a link from elsewhere:
 * `toHealth({}, checkModalSearch(check.id))`. Without a time range the modal picks its own.
 */
export function checkModalSearch(
  checkId: string,
  timeRange?: HealthPageSearch['timeRange'],
): HealthPageSearch {
  return timeRange ? { checkId, timeRange } : { checkId };
}
