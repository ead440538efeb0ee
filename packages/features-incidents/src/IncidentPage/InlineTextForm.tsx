import { Button } from '@opsdeck/ui';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { Input as TextInput, TextArea } from '@opsdeck/ui/forms';

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.xs};

  > :first-child {
    flex: 1 1 220px;
  }
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
`;

const Limit = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

const Label = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
`;

/**
 * One line (or a text area) and a submit button: a new hypothesis, a comment, a title being
 * edited. The text stays when the write fails (`onSubmit` rejects) and clears when it succeeds;
 * Escape cancels when there is a Cancel. The length limit is stated and counted.
 */
export function InlineTextForm({
  label,
  submitLabel,
  multiline = false,
  busy = false,
  onSubmit,
  onCancel,
  focusOnOpen = false,
  initialValue = '',
  maxLength,
}: {
  label: string;
  submitLabel: string;
  multiline?: boolean;
  busy?: boolean;
  onSubmit: (text: string) => Promise<unknown>;
  onCancel?: () => void;
  /** Take focus when it appears (opened by a button), so text typed at once is not lost. */
  focusOnOpen?: boolean;
  /** The text it opens with (a title being edited). */
  initialValue?: string;
  /** The most characters the server takes; stated under the box and enforced by it. */
  maxLength?: number;
}) {
  const id = useId();
  const limitId = useId();
  const [text, setText] = useState(initialValue);
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusOnOpen) field.current?.focus();
  }, [focusOnOpen]);
  function keyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (value === '' || busy) return;
    try {
      await onSubmit(value);
      setText('');
    } catch {
      // The caller has said why (a toast); the text stays for another try.
    }
  }
  return (
    <Form onSubmit={(event) => void submit(event)}>
      <Field>
        <Label htmlFor={id}>
          {label}
          {multiline ? (
            <TextArea
              ref={field}
              id={id}
              value={text}
              maxLength={maxLength}
              aria-describedby={maxLength ? limitId : undefined}
              onKeyDown={keyDown}
              onChange={(event) => setText(event.target.value)}
            />
          ) : (
            <TextInput
              ref={field}
              id={id}
              value={text}
              maxLength={maxLength}
              aria-describedby={maxLength ? limitId : undefined}
              onKeyDown={keyDown}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Label>
        {maxLength ? (
          <Limit id={limitId}>
            {text.length} of at most {maxLength} characters
          </Limit>
        ) : null}
      </Field>
      <Button type="submit" size="small" variant="secondary" disabled={busy || text.trim() === ''}>
        {submitLabel}
      </Button>
      {onCancel ? (
        <Button type="button" size="small" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
    </Form>
  );
}
