import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { applyHealthViewState, parseHealthViewState, type HealthViewState } from '../model/viewState.ts';

export type UpdateHealthView = (patch: Partial<HealthViewState>, options?: { replace?: boolean }) => void;

/** The page's view, read from and written to the URL (the only place it lives). */
export function useHealthViewState(): [HealthViewState, UpdateHealthView] {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseHealthViewState(params), [params]);
  const update = useCallback<UpdateHealthView>(
    (patch, options) => setParams((current) => applyHealthViewState(current, patch), { replace: options?.replace }),
    [setParams],
  );
  return [view, update];
}
