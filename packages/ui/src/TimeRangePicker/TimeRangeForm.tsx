import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../Button/index.ts';
import { testIds } from '../testIds.ts';
import { buildCustomRange, canSubmitCustomRange, toDateTimeLocalValue } from './customRange.ts';
import type { AbsoluteTimeRange } from './timeRange.ts';

export interface TimeRangeFormProps {
  /** Prefills the form (the current absolute range). */
  initial?: AbsoluteTimeRange;
  onSubmit: (range: AbsoluteTimeRange) => void;
  onClear: () => void;
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const FieldLabel = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
`;

const DateTimeInput = styled.input`
  min-height: 34px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSize.sm};

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

// Choosing from or to opens the calendar (console spec §4). Only on a click: keyboard users type
// the segments, and showPicker throws outside a user gesture or in a cross-origin frame.
function openCalendar(input: HTMLInputElement) {
  try {
    input.showPicker?.();
  } catch {
    // The input still takes typed dates.
  }
}

/**
 * From/to of an absolute range. The native date-time inputs bring the browser's calendar and
 * keyboard entry. Submit stays disabled until both are set (and 'from' is before 'to') and applies
 * a range labelled Custom.
 */
export function TimeRangeForm({ initial, onSubmit, onClear }: TimeRangeFormProps) {
  const id = useId();
  const [from, setFrom] = useState(() => toDateTimeLocalValue(initial?.from));
  const [to, setTo] = useState(() => toDateTimeLocalValue(initial?.to));
  // Derived, not stored: the pair is checked as soon as both ends are set.
  const result = canSubmitCustomRange(from, to) ? buildCustomRange(from, to) : undefined;
  const error = result && 'error' in result ? result.error : undefined;
  const toRef = useRef<HTMLInputElement>(null);

  return (
    <Form
      aria-label="Absolute time range"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (result && 'range' in result) onSubmit(result.range);
      }}
    >
      <FieldLabel>
        From
        <DateTimeInput
          type="datetime-local"
          value={from}
          data-testid={testIds.timeRangePicker.from}
          onClick={(event) => openCalendar(event.currentTarget)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            const next = event.target.value;
            // Picking a 'from' moves on to 'to' (console spec §4) - only when 'from' first becomes
            // complete, so correcting its minutes afterwards does not keep stealing focus.
            if (next && !from) toRef.current?.focus();
            setFrom(next);
          }}
        />
      </FieldLabel>
      <FieldLabel>
        To
        <DateTimeInput
          ref={toRef}
          type="datetime-local"
          value={to}
          data-testid={testIds.timeRangePicker.to}
          onClick={(event) => openCalendar(event.currentTarget)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setTo(event.target.value);
          }}
        />
      </FieldLabel>
      {error && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
      <Actions>
        <Button
          type="button"
          variant="ghost"
          size="small"
          onClick={onClear}
          data-testid={testIds.timeRangePicker.clear}
        >
          Clear
        </Button>
        <Button
          type="submit"
          variant="primary"
          size="small"
          disabled={!result || 'error' in result}
          data-testid={testIds.timeRangePicker.submit}
        >
          Submit
        </Button>
      </Actions>
    </Form>
  );
}
