import { Combobox, type ComboboxOption } from '@opsdeck/ui';
import { FormField } from '@opsdeck/ui/forms';
import { useId } from 'react';
import type { Choice } from '../model/attachFlow.ts';

export interface ChoiceFieldProps {
  label: string;
  value: Choice | null;
  onChange: (choice: Choice | null) => void;
  options: readonly ComboboxOption[];
  loading?: boolean;
  /** The option that creates a record from the typed text, e.g. `Create incident "x"`. */
  createLabel: (title: string) => string;
  /** Said under the field while a new record is chosen. */
  newHint: (title: string) => string;
  error?: string | undefined;
  placeholder?: string;
  disabled?: boolean;
}

/**
 * "Choose or create" on ui's Combobox: the typed text is a new record's title until an existing
 * record is picked (settings §4 "Attach flow").
 */
export function ChoiceField({
  label,
  value,
  onChange,
  options,
  loading = false,
  createLabel,
  newHint,
  error,
  placeholder,
  disabled,
}: ChoiceFieldProps) {
  const id = useId();
  const typed = value?.title.trim() ?? '';
  const hint = value?.kind === 'new' && typed !== '' ? newHint(typed) : undefined;
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <FormField
      label={label}
      inputId={id}
      hintId={`${id}-hint`}
      errorId={`${id}-error`}
      {...(hint ? { hint } : {})}
      {...(error ? { error } : {})}
    >
      <Combobox
        label={label}
        inputId={id}
        options={options}
        loading={loading}
        inputValue={value?.title ?? ''}
        onInputChange={(title) => onChange(title === '' ? null : { kind: 'new', title })}
        onCreate={(title) => onChange({ kind: 'new', title })}
        createLabel={createLabel}
        value={
          value?.kind === 'existing'
            ? (options.find((option) => option.id === value.id) ?? {
                id: value.id,
                label: value.title,
              })
            : null
        }
        onChange={(option) =>
          onChange(option ? { kind: 'existing', id: option.id, title: option.label } : null)
        }
        {...(placeholder ? { placeholder } : {})}
        {...(disabled ? { disabled } : {})}
        {...(describedBy ? { 'aria-describedby': describedBy } : {})}
        {...(error ? { 'aria-invalid': true } : {})}
      />
    </FormField>
  );
}
