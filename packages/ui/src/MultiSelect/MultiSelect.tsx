import { useMemo } from 'react';
import { ListboxSelect, type SelectOption } from '../Select/ListboxSelect.tsx';
import { isAllSelected, SELECT_ALL, toggleSelection } from './selection.ts';

export interface MultiSelectProps {
  label: string;
  hideLabel?: boolean;
  options: readonly SelectOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  /** Label of the select-all option; pass null to leave it out. */
  selectAllLabel?: string | null;
  disabled?: boolean;
  'data-testid'?: string;
}

function summarize(
  value: readonly string[],
  options: readonly SelectOption[],
  allValues: readonly string[],
  placeholder: string,
): string {
  if (value.length === 0) return placeholder;
  if (isAllSelected(value, allValues)) return 'All';
  const labels = options
    .filter((option) => value.includes(option.value))
    .map((option) => option.label);
  return labels.length <= 2 ? labels.join(', ') : `${labels.length} selected`;
}

export function MultiSelect({
  value,
  onChange,
  options,
  placeholder = 'Select…',
  selectAllLabel = 'Select all',
  ...rest
}: MultiSelectProps) {
  const allValues = useMemo(
    () => options.filter((option) => !option.disabled).map((option) => option.value),
    [options],
  );
  const listed =
    selectAllLabel === null ? options : [{ value: SELECT_ALL, label: selectAllLabel }, ...options];
  // The select-all option shows as selected exactly when everything is.
  const selected = isAllSelected(value, allValues) ? [SELECT_ALL, ...value] : value;
  return (
    <ListboxSelect
      {...rest}
      options={listed}
      selected={selected}
      onPick={(picked) => onChange(toggleSelection(value, picked, allValues))}
      multiple
      summary={summarize(value, options, allValues, placeholder)}
    />
  );
}
