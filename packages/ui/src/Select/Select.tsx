import { ListboxSelect, type SelectAriaProps, type SelectOption } from './ListboxSelect.tsx';

export type { SelectOption } from './ListboxSelect.tsx';

export interface SelectProps extends SelectAriaProps {
  label: string;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  options: readonly SelectOption[];
  value: string | null | undefined;
  onChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  'data-testid'?: string;
}

export function Select({
  value,
  onChange,
  options,
  placeholder = 'Select…',
  ...rest
}: SelectProps) {
  const current = options.find((option) => option.value === value);
  return (
    <ListboxSelect
      {...rest}
      options={options}
      selected={value ? [value] : []}
      onPick={onChange}
      multiple={false}
      summary={current?.label ?? placeholder}
    />
  );
}
