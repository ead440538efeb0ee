import { Button } from '@opsdeck/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
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

const Label = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
`;

/**
 * One line (or a text area) and a submit button: a new hypothesis, a comment. The text stays when
 * the write fails (`onSubmit` rejects) and clears when it succeeds.
 */
export function InlineTextForm({
  label,
  submitLabel,
  multiline = false,
  busy = false,
  onSubmit,
  onCancel,
  focusOnOpen = false,
}: {
  label: string;
  submitLabel: string;
  multiline?: boolean;
  busy?: boolean;
  onSubmit: (text: string) => Promise<unknown>;
  onCancel?: () => void;
  /** Take focus when it appears (opened by a button), so text typed at once is not lost. */
  focusOnOpen?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusOnOpen) field.current?.focus();
  }, [focusOnOpen]);
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
      <Label htmlFor={id}>
        {label}
        {multiline ? (
          <TextArea
            ref={field}
            id={id}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        ) : (
          <TextInput
            ref={field}
            id={id}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </Label>
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
