import { useState } from 'react';
import styled from 'styled-components';
import { FormField, Input, NativeSelect } from './FormField.tsx';
import type { BaseFieldProps } from './TextField.tsx';
import { useFormField } from './useFormField.ts';
import {
  bytesUnits,
  formatBytesQuantity,
  formatMillicores,
  parseBytesQuantity,
  parseMillicores,
  type BytesUnit,
} from './values.ts';

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};

  input {
    flex: 1;
    min-width: 0;
  }
`;

const Suffix = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

/** A memory size: a number and a unit (Mi, Gi, Ti; Mi by default), stored together as '512Mi'. */
export function BytesField({
  name,
  label,
  required,
  hint,
  disabled,
  'data-testid': testId,
}: BaseFieldProps) {
  const field = useFormField<string | undefined>(name, { required, hint });
  const stored = parseBytesQuantity(field.value);
  // The unit chosen before any number is typed has nowhere to be stored yet.
  const [pendingUnit, setPendingUnit] = useState<BytesUnit>(stored.unit);
  const unit = field.value ? stored.unit : pendingUnit;
  return (
    <FormField label={label} {...field.frame}>
      <Row>
        <Input
          {...field.aria}
          name={name}
          inputMode="decimal"
          value={stored.amount}
          disabled={disabled}
          data-testid={testId}
          onChange={(event) =>
            field.change(formatBytesQuantity({ amount: event.target.value, unit }))
          }
          onBlur={field.blur}
        />
        <NativeSelect
          aria-label={`${label} unit`}
          value={unit}
          disabled={disabled}
          onChange={(event) => {
            const next = event.target.value as BytesUnit;
            setPendingUnit(next);
            if (field.value)
              field.change(formatBytesQuantity({ amount: stored.amount, unit: next }));
          }}
        >
          {bytesUnits.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
      </Row>
    </FormField>
  );
}

/** CPU in millicores, stored as the number plus 'm' ('500m'). */
export function MillicoresField({
  name,
  label,
  required,
  hint = 'In millicores (1000m = 1 CPU)',
  disabled,
  'data-testid': testId,
}: BaseFieldProps) {
  const field = useFormField<string | undefined>(name, { required, hint });
  return (
    <FormField label={label} {...field.frame}>
      <Row>
        <Input
          {...field.aria}
          name={name}
          inputMode="numeric"
          value={parseMillicores(field.value)}
          disabled={disabled}
          data-testid={testId}
          onChange={(event) => field.change(formatMillicores(event.target.value))}
          onBlur={field.blur}
        />
        <Suffix aria-hidden="true">m</Suffix>
      </Row>
    </FormField>
  );
}
