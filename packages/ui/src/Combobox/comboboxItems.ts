// What a combobox lists for its text: the options, and first the "create" item when the text names
// no option yet. Plain functions, tested without a DOM.

export interface ComboboxOption {
  id: string;
  /** What the option is called: the text shown, read out and matched for "create". */
  label: string;
  /** A second, quieter line that tells like options apart (type, namespace, status). */
  detail?: string;
  disabled?: boolean;
}

export type ComboboxItem<TOption extends ComboboxOption> =
  { kind: 'option'; option: TOption } | { kind: 'create'; text: string };

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The items for `text`: a create item (when `canCreate` and no option is called that) first. */
export function comboboxItems<TOption extends ComboboxOption>(
  options: readonly TOption[],
  text: string,
  canCreate: boolean,
): ComboboxItem<TOption>[] {
  const typed = text.trim();
  const create =
    canCreate && typed !== '' && !options.some((option) => sameText(option.label, typed))
      ? [{ kind: 'create' as const, text: typed }]
      : [];
  return [...create, ...options.map((option) => ({ kind: 'option' as const, option }))];
}

/** The item indexes keyboard navigation may land on (disabled options are skipped). */
export function enabledIndexes<TOption extends ComboboxOption>(
  items: readonly ComboboxItem<TOption>[],
): number[] {
  return items.flatMap((item, index) =>
    item.kind === 'option' && item.option.disabled ? [] : [index],
  );
}
