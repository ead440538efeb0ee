import { useCallback, useMemo } from 'react';
import {
  applyHealthViewState,
  parseHealthViewState,
  type HealthViewState,
} from '../model/viewState.ts';
import { useHealthRouting } from '../routing/HealthRouting.tsx';

export type UpdateHealthView = (
  patch: Partial<HealthViewState>,
  options?: { replace?: boolean },
) => void;

/** The page's view, read from and written to the URL (the only place it lives), through the host's routing. */
export function useHealthViewState(): [HealthViewState, UpdateHealthView] {
  const [params, setParams] = useHealthRouting().useSearchParams();
  const view = useMemo(() => parseHealthViewState(params), [params]);
  const update = useCallback<UpdateHealthView>(
    (patch, options) =>
      setParams((current) => applyHealthViewState(current, patch), { replace: options?.replace }),
    [setParams],
  );
  return [view, update];
}
