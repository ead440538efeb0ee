import styled from 'styled-components';
import { FormField } from './FormField.tsx';
import type { BaseFieldProps } from './TextField.tsx';
import { useFormField } from './useFormField.ts';

const Track = styled.button`
  position: relative;
  flex-shrink: 0;
  width: 36px;
  height: 20px;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.colors.surfaceHover};
  cursor: pointer;
  transition: background ${({ theme }) => theme.transition.fast};

  &::after {
    content: '';
    position: absolute;
    top: 2px;
    left: 2px;
    width: 14px;
    height: 14px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.textMuted};
    transition: transform ${({ theme }) => theme.transition.fast};
  }

  &[aria-checked='true'] {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
  }

  &[aria-checked='true']::after {
    transform: translateX(16px);
    background: ${({ theme }) => theme.colors.onPrimary};
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

const Box = styled.input`
  width: 16px;
  height: 16px;
  margin: 0;
  accent-color: ${({ theme }) => theme.colors.primary};
`;

/** An on/off switch (role=switch): Space or Enter flips it. */
export function SwitchField({
  name,
  label,
  required,
  hint,
  disabled,
  'data-testid': testId,
}: BaseFieldProps) {
  const field = useFormField<boolean | undefined>(name, { required, hint });
  return (
    <FormField label={label} inline {...field.frame}>
      <Track
        {...field.aria}
        type="button"
        role="switch"
        aria-checked={Boolean(field.value)}
        disabled={disabled}
        data-testid={testId}
        onClick={() => field.change(!field.value)}
        onBlur={field.blur}
      />
    </FormField>
  );
}

export function CheckboxField({
  name,
  label,
  required,
  hint,
  disabled,
  'data-testid': testId,
}: BaseFieldProps) {
  const field = useFormField<boolean | undefined>(name, { required, hint });
  return (
    <FormField label={label} inline {...field.frame}>
      <Box
        {...field.aria}
        type="checkbox"
        name={name}
        checked={Boolean(field.value)}
        disabled={disabled}
        data-testid={testId}
        onChange={(event) => field.change(event.target.checked)}
        onBlur={field.blur}
      />
    </FormField>
  );
}
