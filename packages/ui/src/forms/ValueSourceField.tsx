import { useId } from 'react';
import styled from 'styled-components';
import { FieldHint, FormField, Input } from './FormField.tsx';
import type { BaseFieldProps } from './TextField.tsx';
import { useFormField } from './useFormField.ts';
import {
  emptyValueSource,
  valueSourceKind,
  valueSourceKinds,
  valueSourcePaths,
  type ValueSource,
} from '@opsdeck/contracts/form';

const Fieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: none;
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space.xxs};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
`;

const RequiredMark = styled.span`
  margin-left: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.colors.danger};
`;

const Kinds = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSize.sm};

  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xxs};
    cursor: pointer;
  }
`;

const Parts = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
`;

function Part({
  name,
  label,
  required,
  disabled,
  secret,
}: {
  name: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
  secret: boolean;
}) {
  const field = useFormField<string | undefined>(name, { required });
  return (
    <FormField label={label} {...field.frame}>
      <Input
        {...field.aria}
        name={name}
        type={secret ? 'password' : 'text'}
        autoComplete="off"
        value={field.value ?? ''}
        disabled={disabled}
        onChange={(event) => field.change(event.target.value)}
        onBlur={field.blur}
      />
    </FormField>
  );
}

export interface ValueSourceFieldProps extends BaseFieldProps {
  /** Hide a static value as it is typed (passwords, tokens). */
  sensitive?: boolean;
}

/**
 * A secret-or-reference value: typed in, or read from a config map or a secret by name and key.
 * Stored in the wire shape {value} | {valueFrom: {configMapKeyRef | secretKeyRef: {name, key}}}.
 */
export function ValueSourceField({
  name,
  label,
  required,
  hint,
  disabled,
  sensitive = false,
  'data-testid': testId,
}: ValueSourceFieldProps) {
  const field = useFormField<ValueSource | undefined>(name, { required, hint });
  const id = useId();
  const kind = valueSourceKind(field.value);
  return (
    <Fieldset
      data-testid={testId}
      disabled={disabled}
      aria-describedby={hint ? field.hintId : undefined}
    >
      <Legend>
        {label}
        {required && <RequiredMark aria-hidden="true">*</RequiredMark>}
      </Legend>
      <Kinds role="radiogroup" aria-label={`Source of ${label}`}>
        {valueSourceKinds.map((option) => (
          <label key={option.kind}>
            <input
              type="radio"
              name={`${id}-kind`}
              value={option.kind}
              checked={kind === option.kind}
              onChange={() => field.change(emptyValueSource(option.kind))}
            />
            {option.label}
          </label>
        ))}
      </Kinds>
      <Parts>
        {valueSourcePaths(kind).map((part) => (
          <Part
            key={`${kind}.${part.path}`}
            name={`${name}.${part.path}`}
            label={part.label}
            required={required}
            disabled={disabled}
            secret={sensitive && kind === 'static'}
          />
        ))}
      </Parts>
      {hint && <FieldHint id={field.hintId}>{hint}</FieldHint>}
    </Fieldset>
  );
}
