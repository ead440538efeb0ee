import styled from 'styled-components';
import { Select, type SelectOption } from '../Select/index.ts';
import { FieldError, FieldHint } from './FormField.tsx';
import type { BaseFieldProps } from './TextField.tsx';
import { useFormField } from './useFormField.ts';

export interface SelectFieldProps extends BaseFieldProps {
  options: readonly SelectOption[];
  placeholder?: string;
}

const VisibleLabel = styled.span`
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
`;

const RequiredMark = styled.span`
  margin-left: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.colors.danger};
`;

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
`;

/** The design system's Select bound to formik; it labels itself, this adds hint and error. */
export function SelectField({
  name,
  label,
  required,
  hint,
  disabled,
  options,
  placeholder,
  'data-testid': testId,
}: SelectFieldProps) {
  const field = useFormField<string | undefined>(name, { required, hint });
  return (
    <Wrapper>
      {/* The Select names itself from a hidden label; this visible one adds the required mark like other fields. */}
      <VisibleLabel aria-hidden="true">
        {label}
        {required && <RequiredMark>*</RequiredMark>}
      </VisibleLabel>
      <Select
        hideLabel
        label={label}
        options={options}
        value={field.value}
        onChange={field.change}
        onBlur={field.blur}
        placeholder={placeholder}
        disabled={disabled}
        data-testid={testId}
        aria-invalid={field.aria['aria-invalid']}
        aria-describedby={field.aria['aria-describedby']}
        aria-required={field.aria['aria-required']}
      />
      {hint && <FieldHint id={field.hintId}>{hint}</FieldHint>}
      {field.error && <FieldError id={field.errorId}>{field.error}</FieldError>}
    </Wrapper>
  );
}
