// The tri-state filter model of console spec §3/§4: every option is neutral (0), included (1) or
// excluded (-1); only the non-neutral ones are kept.

export type TriStateValue = 0 | 1 | -1;
export type TriStateInclusion = Exclude<TriStateValue, 0>;

/** Option value -> include (1) or exclude (-1). Neutral options are absent. */
export type TriStateSelection = Readonly<Record<string, TriStateInclusion>>;

/** Separates a tag option's key from its value (`namespace=default`). */
export const TAG_SEPARATOR = '=';

/** From this many selections on, the summary reads 'N Items' instead of listing them. */
export const TRI_STATE_SUMMARY_THRESHOLD = 4;

/** Clicking include or exclude: clicking the state the option is already in returns it to neutral. */
export function nextTriState(current: TriStateValue, clicked: TriStateInclusion): TriStateValue {
  return current === clicked ? 0 : clicked;
}

export function triStateOf(selection: TriStateSelection, value: string): TriStateValue {
  return Object.hasOwn(selection, value) ? (selection[value] ?? 0) : 0;
}

function tagKey(value: string): string | undefined {
  const index = value.indexOf(TAG_SEPARATOR);
  return index > 0 ? value.slice(0, index) : undefined;
}

export interface SetTriStateOptions {
  /** Tag mode: a non-neutral `key=value` replaces any other option with the same `key=` prefix. */
  tagMode?: boolean;
}

/** The selection with `value` set to `state`; neutral removes it. Never mutates the input. */
export function setTriState(
  selection: TriStateSelection,
  value: string,
  state: TriStateValue,
  { tagMode = false }: SetTriStateOptions = {},
): TriStateSelection {
  const key = tagMode && state !== 0 ? tagKey(value) : undefined;
  const kept = Object.entries(selection).filter(
    ([other]) => other !== value && !(key !== undefined && tagKey(other) === key),
  );
  return Object.fromEntries(state === 0 ? kept : [...kept, [value, state]]);
}

/** Clicking include (1) or exclude (-1) on an option. */
export function clickTriState(
  selection: TriStateSelection,
  value: string,
  clicked: TriStateInclusion,
  options?: SetTriStateOptions,
): TriStateSelection {
  return setTriState(
    selection,
    value,
    nextTriState(triStateOf(selection, value), clicked),
    options,
  );
}

/** Picking an option in the multi-select includes it (and picking an included one clears it). */
export function pickTriStateOption(
  selection: TriStateSelection,
  value: string,
  options?: SetTriStateOptions,
): TriStateSelection {
  return clickTriState(selection, value, 1, options);
}

export interface TriStateSummaryOptions {
  /** Shown when nothing is selected. */
  placeholder?: string;
  /** Display label of an option value; defaults to the value itself. */
  labelOf?: (value: string) => string;
}

/** The text on the filter's button: the labels (excluded ones as 'not x'), or 'N Items' from 4 on. */
export function summarizeTriState(
  selection: TriStateSelection,
  { placeholder = 'All', labelOf = (v) => v }: TriStateSummaryOptions = {},
): string {
  const entries = Object.entries(selection);
  if (entries.length === 0) return placeholder;
  if (entries.length >= TRI_STATE_SUMMARY_THRESHOLD) return `${entries.length} Items`;
  return entries
    .map(([value, state]) => (state === 1 ? labelOf(value) : `not ${labelOf(value)}`))
    .join(', ');
}

/** Whether every one of `values` is included. */
export function isAllIncluded(selection: TriStateSelection, values: readonly string[]): boolean {
  return values.length > 0 && values.every((value) => triStateOf(selection, value) === 1);
}

/**
 * The select-all option (console spec §4): choosing it includes everything; choosing it again
 * (removing it) clears everything.
 */
export function toggleAllTriState(
  selection: TriStateSelection,
  values: readonly string[],
): TriStateSelection {
  return isAllIncluded(selection, values)
    ? {}
    : Object.fromEntries(values.map((value) => [value, 1 as const]));
}

/** Options whose label or value contains the query, ignoring case (the filter's search box). */
export function filterOptionsByQuery<Option extends { value: string; label: string }>(
  options: readonly Option[],
  query: string,
): Option[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...options];
  return options.filter(
    (option) =>
      option.label.toLowerCase().includes(needle) || option.value.toLowerCase().includes(needle),
  );
}
