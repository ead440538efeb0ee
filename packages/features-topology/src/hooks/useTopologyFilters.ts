import { useCallback, useMemo } from 'react';
import { useUrlState } from '@opsdeck/ui';
import {
  applyTopologyFilters,
  parseTopologyFilters,
  type TopologyFilters,
} from '../model/filters.ts';

/** Writes filters to the URL, replacing its entry unless `push` (a search Back should undo). */
export type UpdateTopologyFilters = (
  patch: Partial<TopologyFilters>,
  options?: { push?: boolean },
) => void;

/**
 * The page's filters, read from and written to the URL (the only place they live), and the search
 * they were read from, through the app's one URL binding (no router of its own).
 */
export function useTopologyFilters(): [TopologyFilters, UpdateTopologyFilters, URLSearchParams] {
  const { searchParams: params, setSearchParams: setParams } = useUrlState();
  const filters = useMemo(() => parseTopologyFilters(params), [params]);
  const update = useCallback<UpdateTopologyFilters>(
    // Replace: a filter change is not a page the back button should step through.
    (patch, options) =>
      setParams((current) => applyTopologyFilters(current, patch), {
        replace: !(options?.push ?? false),
      }),
    [setParams],
  );
  return [filters, update, params];
}
