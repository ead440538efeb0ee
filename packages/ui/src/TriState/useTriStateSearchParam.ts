import { useCallback, useMemo } from 'react';
import { useUrlState } from '../routing/UrlState.tsx';
import type { TriStateSelection } from './triState.ts';
import { decodeTriState } from './triStateCodec.ts';
import { writeTriStateParam, type WriteTriStateParamOptions } from './triStateParams.ts';

export interface UseTriStateSearchParamOptions extends WriteTriStateParamOptions {
  /** Replace the history entry instead of pushing one (default true: filters are not navigation). */
  replace?: boolean;
}

/**
 * A tri-state selection kept in the URL under `name` (e.g. `filterParamName('status')`). The URL is
 * the only state: the selection is derived from it on every render.
 */
export function useTriStateSearchParam(
  name: string,
  { replace = true, resetParams }: UseTriStateSearchParamOptions = {},
): [TriStateSelection, (selection: TriStateSelection) => void] {
  const { searchParams, setSearchParams } = useUrlState();
  const encoded = searchParams.get(name);
  // Keyed on the encoded string so the selection keeps its identity while the URL value does not change.
  const selection = useMemo(() => decodeTriState(encoded), [encoded]);
  const setSelection = useCallback(
    (next: TriStateSelection) =>
      setSearchParams((current) => writeTriStateParam(current, name, next, { resetParams }), {
        replace,
      }),
    [name, replace, setSearchParams, resetParams],
  );
  return [selection, setSelection];
}
