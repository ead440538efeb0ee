import { FormField, Input } from './FormField.tsx';
import type { BaseFieldProps } from './TextField.tsx';
import { useFormField } from './useFormField.ts';
import { schedulePresets } from './values.ts';

export interface ScheduleFieldProps extends BaseFieldProps {
  /** Suggestions; defaults to the resource editor presets (settings spec §9). */
  presets?: readonly string[];
  placeholder?: string;
}

/** A schedule: one of the presets or free text (a cron expression, '@every 2h'...). */
export function ScheduleField({
  name,
  label,
  required,
  hint,
  disabled,
  presets = schedulePresets,
  placeholder = '@every 5m',
  'data-testid': testId,
}: ScheduleFieldProps) {
  const field = useFormField<string | undefined>(name, { required, hint });
  const listId = `${field.inputId}-presets`;
  return (
    <FormField label={label} {...field.frame}>
      <Input
        {...field.aria}
        name={name}
        list={listId}
        autoComplete="off"
        value={field.value ?? ''}
        placeholder={placeholder}
        disabled={disabled}
        data-testid={testId}
        onChange={(event) => field.change(event.target.value)}
        onBlur={field.blur}
      />
      <datalist id={listId}>
        {presets.map((preset) => (
          <option key={preset} value={preset} />
        ))}
      </datalist>
    </FormField>
  );
}
