import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../Button/index.ts';
import { IconButton } from '../IconButton/index.ts';
import { Plus, Trash } from '../icons/index.ts';
import { FieldError, FieldHint, Input } from './FormField.tsx';
import type { BaseFieldProps } from './TextField.tsx';
import { useFormField } from './useFormField.ts';
import { duplicateKeys, mapFromRows, rowsFromMap, sameMap, type KeyValueRow } from './values.ts';

export interface KeyValueFieldProps extends Omit<BaseFieldProps, 'required'> {
  keyLabel?: string;
  valueLabel?: string;
  addLabel?: string;
}

type EditorRow = KeyValueRow & { id: number };

function duplicateKeyMessage(keys: readonly string[]): string {
  return `Duplicate key: ${keys.join(', ')}`;
}

const Fieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
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

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr auto;
  gap: ${({ theme }) => theme.space.xs};
  align-items: center;
`;

const ColumnHeading = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

/**
 * A map of strings edited as rows (labels, headers, env). Rows can be added (an empty key is fine
 * while typing) and removed; rows without a key are left out of the stored map.
 */
export function KeyValueField({
  name,
  label,
  hint,
  disabled,
  keyLabel = 'Key',
  valueLabel = 'Value',
  addLabel = 'Add',
  'data-testid': testId,
}: KeyValueFieldProps) {
  // Duplicate keys would silently collapse in the stored map, so they block submitting.
  const duplicatesRef = useRef<string[]>([]);
  const field = useFormField<Record<string, string> | undefined>(name, {
    hint,
    validate: () =>
      duplicatesRef.current.length > 0 ? duplicateKeyMessage(duplicatesRef.current) : undefined,
  });
  const nextId = useRef(0);
  const withIds = (rows: KeyValueRow[]): EditorRow[] =>
    rows.map((row) => ({ ...row, id: nextId.current++ }));
  const [rows, setRows] = useState<EditorRow[]>(() => withIds(rowsFromMap(field.value)));
  const [seenValue, setSeenValue] = useState(field.value);
  const keyInputs = useRef(new Map<number, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusRow, setFocusRow] = useState<number>();

  // A change from outside (a form reset, values loaded later) replaces the rows; our own changes
  // come back equal to the rows and keep the half-typed ones.
  if (field.value !== seenValue) {
    setSeenValue(field.value);
    if (!sameMap(field.value ?? {}, mapFromRows(rows))) setRows(withIds(rowsFromMap(field.value)));
  }

  // A new row is there to be typed in: its key input takes focus once rendered.
  useEffect(() => {
    if (focusRow === undefined) return;
    keyInputs.current.get(focusRow)?.focus();
    setFocusRow(undefined);
  }, [focusRow]);

  function update(next: EditorRow[]) {
    setRows(next);
    field.change(mapFromRows(next));
  }

  const duplicates = duplicateKeys(rows);
  duplicatesRef.current = duplicates;
  const error =
    field.error ?? (duplicates.length > 0 ? duplicateKeyMessage(duplicates) : undefined);
  const describedBy =
    [hint ? field.hintId : '', error ? field.errorId : ''].filter(Boolean).join(' ') || undefined;

  return (
    <Fieldset aria-describedby={describedBy} data-testid={testId} disabled={disabled}>
      <Legend>{label}</Legend>
      {rows.length > 0 && (
        <Row aria-hidden="true">
          <ColumnHeading>{keyLabel}</ColumnHeading>
          <ColumnHeading>{valueLabel}</ColumnHeading>
        </Row>
      )}
      {rows.map((row, index) => (
        <Row key={row.id}>
          <Input
            ref={(element) => {
              if (element) keyInputs.current.set(row.id, element);
              else keyInputs.current.delete(row.id);
            }}
            aria-label={`${keyLabel} ${index + 1}`}
            aria-invalid={duplicates.includes(row.key.trim()) || undefined}
            value={row.key}
            onChange={(event) =>
              update(rows.map((r) => (r.id === row.id ? { ...r, key: event.target.value } : r)))
            }
            onBlur={field.blur}
          />
          <Input
            aria-label={`${valueLabel} ${index + 1}`}
            value={row.value}
            onChange={(event) =>
              update(rows.map((r) => (r.id === row.id ? { ...r, value: event.target.value } : r)))
            }
            onBlur={field.blur}
          />
          <IconButton
            label={`Remove row ${index + 1}`}
            icon={<Trash size={14} aria-hidden="true" />}
            onClick={() => {
              update(rows.filter((r) => r.id !== row.id));
              // The removed row's button is gone; keep focus in the editor.
              addButton.current?.focus();
            }}
          />
        </Row>
      ))}
      <div>
        <Button
          ref={addButton}
          size="small"
          icon={<Plus size={14} aria-hidden="true" />}
          onClick={() => {
            const row = { key: '', value: '', id: nextId.current++ };
            setFocusRow(row.id);
            update([...rows, row]);
          }}
        >
          {addLabel}
        </Button>
      </div>
      {hint && <FieldHint id={field.hintId}>{hint}</FieldHint>}
      {error && <FieldError id={field.errorId}>{error}</FieldError>}
    </Fieldset>
  );
}
