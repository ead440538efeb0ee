import { useApiClient } from '@opsdeck/api-client/react';
import {
  resourceSearchQuery,
  type PlaybookResourceKind,
  type ResourceSearchItem,
} from '@opsdeck/api-client/playbooks';
import { moveActiveIndex, popupSurface, useDismissableLayer } from '@opsdeck/ui';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { useDebouncedValue } from '../hooks/useDebouncedValue.ts';

// ui's Select lists fixed options; a resource is found by typing, so this is a combobox over
// `/resources/search` (the ARIA combobox pattern), kept here until ui offers an async one.

/** Settings §9: resource search is debounced 300 ms. */
export const RESOURCE_SEARCH_DEBOUNCE_MS = 300;
export const START_TYPING_MESSAGE = 'Start typing to search';
export const NO_OPTIONS_MESSAGE = 'No options found';

const searchPlaceholders: Record<PlaybookResourceKind, string> = {
  config: 'Search catalog items',
  component: 'Search components',
  check: 'Search checks',
};

export interface PickedResource {
  id: string;
  name: string;
}

export interface ResourceComboboxProps {
  kind: PlaybookResourceKind;
  label: string;
  value: PickedResource | undefined;
  onChange: (resource: PickedResource | undefined) => void;
  onBlur?: () => void;
  /** The parameter's or spec's selector (types, search…) the typed text is added to. */
  selector?: Record<string, unknown>;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  inputId?: string;
}

const Wrapper = styled.div`
  position: relative;
`;

const Input = styled.input`
  box-sizing: border-box;
  width: 100%;
  min-height: 36px;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 1px;
  }
`;

const List = styled.ul`
  ${popupSurface}
  left: 0;
  right: 0;
  max-height: 260px;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.xxs} 0;
  list-style: none;
`;

const Option = styled.li`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSize.sm};
  cursor: pointer;

  &[data-active='true'] {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Message = styled.li`
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

export function ResourceCombobox({
  kind,
  label,
  value,
  onChange,
  onBlur,
  selector,
  invalid,
  describedBy,
  required,
  inputId,
}: ResourceComboboxProps) {
  const client = useApiClient();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const areaRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const search = useDebouncedValue(text.trim(), RESOURCE_SEARCH_DEBOUNCE_MS);
  const results = useQuery({
    ...resourceSearchQuery(client, { kind, search, ...(selector ? { selector } : {}) }),
    enabled: open && search !== '',
  });
  const items: ResourceSearchItem[] = search === '' ? [] : (results.data ?? []);

  useDismissableLayer(open, {
    ref: areaRef,
    onDismiss: (reason) => {
      setOpen(false);
      if (reason === 'escape') inputRef.current?.focus();
    },
  });

  function pick(item: ResourceSearchItem) {
    onChange({ id: item.id, name: item.name });
    setText('');
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      setActive(
        (index) =>
          moveActiveIndex(
            event.key,
            items.map((_, position) => position),
            index,
            false,
          ) ?? index,
      );
    } else if (event.key === 'Enter' && open && items[active]) {
      event.preventDefault();
      pick(items[active]);
    }
  }

  const message =
    search === ''
      ? START_TYPING_MESSAGE
      : results.isFetching && items.length === 0
        ? 'Searching…'
        : items.length === 0
          ? NO_OPTIONS_MESSAGE
          : undefined;

  return (
    <Wrapper ref={areaRef}>
      <Input
        ref={inputRef}
        id={inputId}
        role="combobox"
        // Inside a form field the <label> names it; on its own it names itself.
        aria-label={inputId ? undefined : label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && items[active] ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        autoComplete="off"
        placeholder={value ? value.name : searchPlaceholders[kind]}
        value={open ? text : (value?.name ?? text)}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={onBlur}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
          if (event.target.value === '' && value) onChange(undefined);
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        <List id={listId} role="listbox" aria-label={label}>
          {message ? (
            <Message role="presentation">{message}</Message>
          ) : (
            items.map((item, index) => (
              <Option
                key={item.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={value?.id === item.id}
                data-active={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(item)}
              >
                <span>{item.name}</span>
                {item.type && <small>{item.type}</small>}
              </Option>
            ))
          )}
        </List>
      )}
    </Wrapper>
  );
}
