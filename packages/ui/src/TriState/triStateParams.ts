import type { TriStateSelection } from './triState.ts';
import { decodeTriState, encodeTriState } from './triStateCodec.ts';

/** The conventional URL parameter of a filter on `key` (console spec §9: `{key}.filter`). */
export function filterParamName(key: string): string {
  return `${key}.filter`;
}

export function readTriStateParam(params: URLSearchParams, name: string): TriStateSelection {
  return decodeTriState(params.get(name));
}

export interface WriteTriStateParamOptions {
  /** Parameters that lose their meaning when the filter changes (e.g. pageIndex). */
  resetParams?: readonly string[];
}

/** A copy of `params` holding `selection` under `name`; an empty selection removes the parameter. */
export function writeTriStateParam(
  params: URLSearchParams,
  name: string,
  selection: TriStateSelection,
  { resetParams = [] }: WriteTriStateParamOptions = {},
): URLSearchParams {
  const next = new URLSearchParams(params);
  const encoded = encodeTriState(selection);
  if (encoded) next.set(name, encoded);
  else next.delete(name);
  for (const reset of resetParams) next.delete(reset);
  return next;
}
