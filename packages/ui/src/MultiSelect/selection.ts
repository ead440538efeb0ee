/** The value of the select-all option; never part of a selection. */
export const SELECT_ALL = '__opsdeck_select_all__';

export function isAllSelected(selected: readonly string[], allValues: readonly string[]): boolean {
  return allValues.length > 0 && allValues.every((value) => selected.includes(value));
}

/**
 * The selection after the user picks `value` (console spec §4): picking select-all selects
 * everything, picking it again (removing it) clears everything; other options toggle. The result
 * keeps the options' order.
 */
export function toggleSelection(
  selected: readonly string[],
  value: string,
  allValues: readonly string[],
): string[] {
  if (value === SELECT_ALL) return isAllSelected(selected, allValues) ? [] : [...allValues];
  const next = selected.includes(value)
    ? selected.filter((v) => v !== value)
    : [...selected, value];
  return allValues.filter((v) => next.includes(v));
}
