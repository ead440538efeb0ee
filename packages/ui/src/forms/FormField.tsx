import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
`;

const InlineRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const labelStyle = css`
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  color: ${({ theme }) => theme.colors.text};
`;

const Label = styled.label`
  ${labelStyle}
`;

const Legend = styled.legend`
  ${labelStyle}
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space.xxs};
`;

const Fieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: none;
`;

const RequiredMark = styled.span`
  margin-left: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.colors.danger};
`;

export const FieldHint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

export const FieldError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

export const controlStyle = css`
  min-height: 34px;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSize.sm};

  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

export const Input = styled.input`
  ${controlStyle}
`;

export const TextArea = styled.textarea`
  ${controlStyle}
  min-height: 80px;
  resize: vertical;
`;

export const NativeSelect = styled.select`
  ${controlStyle}
`;

export interface FormFieldProps {
  label: string;
  inputId: string;
  required?: boolean;
  hint?: string;
  hintId: string;
  error?: string;
  errorId: string;
  /** Group several inputs under a fieldset/legend instead of one label. */
  group?: boolean;
  /** Control before its label on one line (switches, checkboxes). */
  inline?: boolean;
  children: ReactNode;
}

/** Label, control, hint and error of one form field; the ids tie them together for assistive tech. */
export function FormField({
  label,
  inputId,
  required,
  hint,
  hintId,
  error,
  errorId,
  group = false,
  inline = false,
  children,
}: FormFieldProps) {
  const mark = required ? <RequiredMark aria-hidden="true">*</RequiredMark> : null;
  const messages = (
    <>
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </>
  );
  if (group) {
    return (
      <Fieldset
        aria-describedby={
          [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
        }
      >
        <Legend>
          {label}
          {mark}
        </Legend>
        {children}
        {messages}
      </Fieldset>
    );
  }
  if (inline) {
    return (
      <Wrapper>
        <InlineRow>
          {children}
          <Label htmlFor={inputId}>
            {label}
            {mark}
          </Label>
        </InlineRow>
        {messages}
      </Wrapper>
    );
  }
  return (
    <Wrapper>
      <Label htmlFor={inputId}>
        {label}
        {mark}
      </Label>
      {children}
      {messages}
    </Wrapper>
  );
}
