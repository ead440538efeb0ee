import { FormField, Input } from './FormField.tsx';
import type { BaseFieldProps } from './TextField.tsx';
import { useFormField } from './useFormField.ts';
import { integerInputText, parseIntegerInput } from './values.ts';

export interface NumberFieldProps extends BaseFieldProps {
  placeholder?: string;
}

/**
 * An integer. A text input (not type=number) so whatever is typed stays visible: a valid integer is
 * stored as a number, anything else is kept as text and fails with 'This field must be a number'.
 */
export function NumberField({
  name,
  label,
  required,
  hint,
  disabled,
  placeholder,
  'data-testid': testId,
}: NumberFieldProps) {
  const field = useFormField<number | string | undefined>(name, { required, hint });
  return (
    <FormField label={label} {...field.frame}>
      <Input
        {...field.aria}
        name={name}
        type="text"
        inputMode="numeric"
        value={integerInputText(field.value)}
        placeholder={placeholder}
        disabled={disabled}
        data-testid={testId}
        onChange={(event) => field.change(parseIntegerInput(event.target.value))}
        onBlur={field.blur}
      />
    </FormField>
  );
}
