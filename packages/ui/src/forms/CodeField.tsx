import styled from 'styled-components';
import { parseDocument, type CodeLanguage } from '@opsdeck/contracts/form';
import { FieldError, FieldHint } from './FormField.tsx';
import { LazyCodeEditor } from './LazyCodeEditor.tsx';
import type { BaseFieldProps } from './TextField.tsx';
import { useFormField } from './useFormField.ts';

export interface CodeFieldProps extends BaseFieldProps {
  /** yaml and json are checked as typed; text (the default) is any text, e.g. a certificate or a script. */
  language?: CodeLanguage;
  /** Any CSS height; a field inside a form is short by default, unlike a whole-resource editor. */
  height?: string;
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
`;

const VisibleLabel = styled.span`
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
`;

const RequiredMark = styled.span`
  margin-left: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.colors.danger};
`;

/** The CodeEditor (loaded on first render) bound to formik: the field holds the text; a syntax error is listed by the editor itself. */
export function CodeField({
  name,
  label,
  required,
  hint,
  disabled,
  language = 'text',
  height = '160px',
  'data-testid': testId,
}: CodeFieldProps) {
  const field = useFormField<string | undefined>(name, { required, hint });
  const text = field.value ?? '';
  // The editor lists parse problems already; the field's own line is for the rest ('required').
  const error = field.error && parseDocument(text, language).ok ? field.error : undefined;
  return (
    <Wrapper onBlur={field.blur}>
      {/* The editing area is named by the editor's aria-label; this visible label adds the required mark. */}
      <VisibleLabel aria-hidden="true">
        {label}
        {required && <RequiredMark>*</RequiredMark>}
      </VisibleLabel>
      <LazyCodeEditor
        label={label}
        value={text}
        onChange={field.change}
        language={language}
        height={height}
        readOnly={disabled}
        data-testid={testId}
      />
      {hint && <FieldHint id={field.hintId}>{hint}</FieldHint>}
      {error && (
        <FieldError id={field.errorId} role="alert">
          {error}
        </FieldError>
      )}
    </Wrapper>
  );
}
