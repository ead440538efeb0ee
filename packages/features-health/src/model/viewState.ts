import { defaultGroupBy, isGroupBy, type GroupBy } from './grouping.ts';
import { decodeLabelFilter, encodeLabelFilter } from './labels.ts';
import { defaultSort, isSortBy, type SortBy, type SortOrder } from './sorting.ts';
import { allTab, defaultTabBy, isTabBy, type TabBy } from './tabs.ts';
import { parseRouteSearch } from '@opsdeck/extensions';
import type { TimeRangeShortForm } from '@opsdeck/ui/time-range';
import { healthRoutes } from '../routes.ts';
import { defaultTimeRange } from './timeRange.ts';

export type HealthLayout = 'table' | 'card';

/** Every choice on the health page; all of it lives in the URL so a link reproduces the view. */
export interface HealthViewState {
  search: string;
  groupBy: GroupBy;
  tabBy: TabBy;
  /** '' is All. */
  tab: string;
  hidePassing: boolean;
  /** The label filter in its URL form (tri-state 'key=value:1' list), canonical so it can key memos. */
  labels: string;
  layout: HealthLayout;
  sortBy: SortBy;
  sortOrder: SortOrder;
  /** The check open in the modal. */
  checkId: string | null;
  timeRange: TimeRangeShortForm;
}

export const defaultHealthViewState: HealthViewState = {
  search: '',
  groupBy: defaultGroupBy,
  tabBy: defaultTabBy,
  tab: allTab,
  hidePassing: true,
  labels: '',
  layout: 'table',
  sortBy: defaultSort.sortBy,
  sortOrder: defaultSort.sortOrder,
  checkId: null,
  timeRange: defaultTimeRange,
};

/** The URL parameter of each field. */
export const healthParams = {
  search: 'search',
  groupBy: 'groupBy',
  tabBy: 'tabBy',
  tab: 'tab',
  hidePassing: 'hidePassing',
  labels: 'labels',
  layout: 'layout',
  sortBy: 'sortBy',
  sortOrder: 'sortOrder',
  checkId: 'checkId',
  timeRange: 'timeRange',
} as const satisfies Record<keyof HealthViewState, string>;

/**
 * Reads the view from the URL; an unknown value falls back to its default instead of breaking the
 * page. What other features may link with (the check, its range, the search) is read with the route's
 * own schema, the one their links are typed by.
 */
export function parseHealthViewState(params: URLSearchParams): HealthViewState {
  const d = defaultHealthViewState;
  const linked = parseRouteSearch(healthRoutes.page, params);
  const get = (key: keyof HealthViewState) => params.get(healthParams[key]);
  const groupBy = get('groupBy');
  const tabBy = get('tabBy');
  const layout = get('layout');
  const sortBy = get('sortBy');
  const sortOrder = get('sortOrder');
  const hidePassing = get('hidePassing');
  return {
    search: linked.search ?? d.search,
    groupBy: groupBy && isGroupBy(groupBy) ? groupBy : d.groupBy,
    tabBy: tabBy && isTabBy(tabBy) ? tabBy : d.tabBy,
    tab: get('tab') ?? d.tab,
    hidePassing: hidePassing === null ? d.hidePassing : hidePassing !== 'false',
    // Re-encoding drops malformed entries and fixes the order, so equal filters compare equal.
    labels: encodeLabelFilter(decodeLabelFilter(get('labels'))),
    layout: layout === 'card' || layout === 'table' ? layout : d.layout,
    sortBy: sortBy && isSortBy(sortBy) ? sortBy : d.sortBy,
    sortOrder: sortOrder === 'desc' || sortOrder === 'asc' ? sortOrder : d.sortOrder,
    checkId: linked.checkId ?? null,
    timeRange: linked.timeRange ?? d.timeRange,
  };
}

/**
 * A copy of `params` with `patch` applied: defaults are removed so links stay short, and other
 * parameters (the console's own) are kept. Changing Tab By returns to the All tab.
 */
export function applyHealthViewState(
  params: URLSearchParams,
  patch: Partial<HealthViewState>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const effective: Partial<HealthViewState> = { ...patch };
  if (
    patch.tabBy !== undefined &&
    patch.tab === undefined &&
    patch.tabBy !== parseHealthViewState(params).tabBy
  ) {
    effective.tab = allTab;
  }
  for (const key of Object.keys(effective) as Array<keyof HealthViewState>) {
    const value = effective[key];
    const name = healthParams[key];
    const fallback = defaultHealthViewState[key];
    if (value === undefined) continue;
    if (value === null || value === fallback) next.delete(name);
    else next.set(name, String(value));
  }
  // An open modal always names its time range (spec §2: it opens with checkId and timeRange), so a
  // shared link shows the same window even when it is the default.
  const checkId = next.get(healthParams.checkId);
  if (checkId && !next.has(healthParams.timeRange))
    next.set(healthParams.timeRange, parseHealthViewState(next).timeRange);
  if (!checkId) {
    next.delete(healthParams.timeRange);
    // The modal's own table state (its history pager and filters) closes with it.
    for (const name of [...next.keys()]) if (name.startsWith('history.')) next.delete(name);
  }
  return next;
}
