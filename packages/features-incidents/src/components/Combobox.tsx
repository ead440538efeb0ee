import { moveActiveIndex, useDismissableLayer } from '@opsdeck/ui';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import type { Choice } from '../model/attachFlow.ts';
import { Field, FieldError, FieldHint, FieldLabel, TextInput } from './fieldStyles.ts';

export interface ComboboxOption {
  id: string;
  title: string;
  /** A second line (status, type). */
  detail?: string;
}

export interface ComboboxProps {
  label: string;
  value: Choice | null;
  onChange: (choice: Choice | null) => void;
  options: readonly ComboboxOption[];
  loading?: boolean;
  /** The option that creates a record from the typed text, e.g. `Create incident "x"`. */
  createLabel: (title: string) => string;
  /** Said under the field while a new record is chosen. */
  newHint: (title: string) => string;
  error?: string | undefined;
  placeholder?: string;
  disabled?: boolean;
  'data-testid'?: string;
}

const Area = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
`;

// In the flow, not floating: inside a modal's scrolling body a floating list would be clipped.
const List = styled.ul`
  margin: ${({ theme }) => theme.space.xxs} 0 0;
  padding: ${({ theme }) => theme.space.xxs} 0;
  max-height: 200px;
  overflow: auto;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

const Option = styled.li<{ $active: boolean }>`
  display: flex;
  flex-direction: column;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  font-size: ${({ theme }) => theme.fontSize.sm};
  cursor: pointer;
  overflow-wrap: anywhere;
  background: ${({ theme, $active }) => ($active ? theme.colors.surfaceHover : 'transparent')};
  outline: ${({ theme, $active }) => ($active ? `2px solid ${theme.colors.focusRing}` : 'none')};
  outline-offset: -2px;

  &[aria-selected='true'] {
    font-weight: ${({ theme }) => theme.fontWeight.medium};
  }

  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Status = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

type Item = { kind: 'option'; option: ComboboxOption } | { kind: 'create'; title: string };

/**
 * The editable combobox of the ARIA practices, for "choose or create": typing names a new record,
 * picking an option chooses an existing one. Arrow keys move through the list, Enter picks, Escape
 * closes the list first (it sits on ui's overlay stack, so a modal around it stays open).
 */
export function Combobox({
  label,
  value,
  onChange,
  options,
  loading = false,
  createLabel,
  newHint,
  error,
  placeholder,
  disabled,
  'data-testid': testId,
}: ComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const areaRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const text = value?.title ?? '';
  const typed = text.trim();

  useDismissableLayer(open, { ref: areaRef, onDismiss: () => setOpen(false) });

  const items: Item[] = [
    ...(typed !== '' &&
    !options.some((option) => option.title.trim().toLowerCase() === typed.toLowerCase())
      ? [{ kind: 'create' as const, title: typed }]
      : []),
    ...options.map((option) => ({ kind: 'option' as const, option })),
  ];

  function pick(item: Item) {
    onChange(
      item.kind === 'create'
        ? { kind: 'new', title: item.title }
        : { kind: 'existing', id: item.option.id, title: item.option.title },
    );
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      // Only the arrows: Home and End keep moving the caret in the text.
      const next = moveActiveIndex(
        event.key,
        items.map((_, index) => index),
        active,
        false,
      );
      if (next !== undefined) setActive(next);
    } else if (event.key === 'Enter' && open && active >= 0 && items[active]) {
      // Enter picks the option instead of submitting the form.
      event.preventDefault();
      pick(items[active]);
    }
  }

  const describedBy = [error ? errorId : null, value?.kind === 'new' ? hintId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <Field>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Area ref={areaRef}>
        <TextInput
          id={id}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? `${id}-item-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          autoComplete="off"
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          data-testid={testId}
          onChange={(event) => {
            const next = event.target.value;
            onChange(next === '' ? null : { kind: 'new', title: next });
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          // Leaving the field (Tab, a click on another control) closes its list, so that click
          // does its own work rather than only dismissing the list.
          onBlur={(event) => {
            if (!areaRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        {open ? (
          // The listbox holds options only (ARIA); searching and empty states are said beside it.
          <List id={listId} role="listbox" aria-label={label} hidden={items.length === 0}>
            {items.map((item, index) => {
              const selected =
                item.kind === 'option'
                  ? value?.kind === 'existing' && value.id === item.option.id
                  : value?.kind === 'new';
              return (
                <Option
                  key={item.kind === 'option' ? item.option.id : 'create'}
                  id={`${id}-item-${index}`}
                  role="option"
                  aria-selected={selected}
                  $active={index === active}
                  // Before the input's blur: the pick happens while the list is still there.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(item)}
                >
                  {item.kind === 'option' ? (
                    <>
                      <span>{item.option.title}</span>
                      {item.option.detail ? <small>{item.option.detail}</small> : null}
                    </>
                  ) : (
                    <span>{createLabel(item.title)}</span>
                  )}
                </Option>
              );
            })}
          </List>
        ) : null}
        {open && loading ? <Status aria-live="polite">Searching…</Status> : null}
        {open && !loading && items.length === 0 ? (
          <Status>{typed === '' ? 'Start typing to search' : 'No options found'}</Status>
        ) : null}
      </Area>
      {value?.kind === 'new' && typed !== '' ? (
        <FieldHint id={hintId}>{newHint(typed)}</FieldHint>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </Field>
  );
}
