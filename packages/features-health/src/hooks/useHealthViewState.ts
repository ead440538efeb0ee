import { useCallback, useMemo } from 'react';
import {
  applyHealthViewState,
  parseHealthViewState,
  type HealthViewState,
} from '../model/viewState.ts';
import { useUrlState } from '@opsdeck/ui';

export type UpdateHealthView = (
  patch: Partial<HealthViewState>,
  options?: { replace?: boolean },
) => void;

/** The page's view, read from and written to the URL (the only place it lives), through the app's URL binding. */
export function useHealthViewState(): [HealthViewState, UpdateHealthView] {
  const { searchParams: params, setSearchParams: setParams } = useUrlState();
  const view = useMemo(() => parseHealthViewState(params), [params]);
  const update = useCallback<UpdateHealthView>(
    (patch, options) =>
      setParams((current) => applyHealthViewState(current, patch), { replace: options?.replace }),
    [setParams],
  );
  return [view, update];
}
