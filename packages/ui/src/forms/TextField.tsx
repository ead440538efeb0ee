import type { HTMLInputTypeAttribute } from 'react';
import { FormField, Input, TextArea } from './FormField.tsx';
import { useFormField } from './useFormField.ts';

export interface BaseFieldProps {
  /** The formik field name (dotted paths for nested values). */
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  disabled?: boolean;
  'data-testid'?: string;
}

export interface TextFieldProps extends BaseFieldProps {
  type?: Extract<HTMLInputTypeAttribute, 'text' | 'password' | 'email' | 'url' | 'search' | 'tel'>;
  placeholder?: string;
  autoComplete?: string;
}

export function TextField({
  name,
  label,
  required,
  hint,
  disabled,
  type = 'text',
  placeholder,
  autoComplete,
  'data-testid': testId,
}: TextFieldProps) {
  const field = useFormField<string | undefined>(name, { required, hint });
  return (
    <FormField label={label} {...field.frame}>
      <Input
        {...field.aria}
        name={name}
        type={type}
        value={field.value ?? ''}
        placeholder={placeholder}
        autoComplete={autoComplete}
        disabled={disabled}
        data-testid={testId}
        onChange={(event) => field.change(event.target.value)}
        onBlur={field.blur}
      />
    </FormField>
  );
}

export interface TextAreaFieldProps extends BaseFieldProps {
  rows?: number;
  placeholder?: string;
}

export function TextAreaField({
  name,
  label,
  required,
  hint,
  disabled,
  rows = 4,
  placeholder,
  'data-testid': testId,
}: TextAreaFieldProps) {
  const field = useFormField<string | undefined>(name, { required, hint });
  return (
    <FormField label={label} {...field.frame}>
      <TextArea
        {...field.aria}
        name={name}
        rows={rows}
        value={field.value ?? ''}
        placeholder={placeholder}
        disabled={disabled}
        data-testid={testId}
        onChange={(event) => field.change(event.target.value)}
        onBlur={field.blur}
      />
    </FormField>
  );
}
