import { Check, Plus, X } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import styled from 'styled-components';
import { controlStyle } from '../forms/FormField.tsx';
import { moveActiveIndex } from '../Overlay/listNavigation.ts';
import { Popover } from '../Popover/Popover.tsx';
import { visuallyHidden } from '../visuallyHidden.ts';
import {
  comboboxItems,
  enabledIndexes,
  type ComboboxItem,
  type ComboboxOption,
} from './comboboxItems.ts';

export const comboboxMessages = {
  startTyping: 'Start typing to search',
  noOptions: 'No options found',
  searching: 'Searching…',
} as const;

interface ComboboxCommonProps<TOption extends ComboboxOption> {
  label: string;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  /** The input's id when a form field's own `<label for>` names it (no label is drawn then). */
  inputId?: string;
  options: readonly TOption[];
  /** A search is under way: said beside the list, which keeps its last options meanwhile. */
  loading?: boolean;
  /**
   * The typed text, when the caller owns it (it searches with it, or keeps it as its value);
   * uncontrolled otherwise.
   */
  inputValue?: string;
  onInputChange?: (text: string) => void;
  /** Offers to create a record from typed text no option is called (e.g. `Create incident "x"`). */
  onCreate?: (text: string) => void;
  createLabel?: (text: string) => string;
  /** What the option says besides its label (default: its `detail` as a second line). */
  renderOption?: (option: TOption) => ReactNode;
  /** Shown while nothing is typed and no option is offered. */
  startMessage?: string;
  placeholder?: string;
  disabled?: boolean;
  onBlur?: () => void;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
  'data-testid'?: string;
}

export type ComboboxProps<TOption extends ComboboxOption> = ComboboxCommonProps<TOption> &
  (
    | {
        multiple?: false;
        value: TOption | null | undefined;
        onChange: (option: TOption | null) => void;
      }
    | { multiple: true; value: readonly TOption[]; onChange: (options: TOption[]) => void }
  );

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
`;

const Label = styled.label<{ $hidden: boolean }>`
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  ${({ $hidden }) => ($hidden ? visuallyHidden : '')}
`;

const Control = styled.div`
  ${controlStyle}
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
  padding-block: 2px;

  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 1px;
  }
`;

const Input = styled.input`
  flex: 1 1 8ch;
  min-width: 8ch;
  min-height: 28px;
  padding: 0;
  border: none;
  background: transparent;
  color: inherit;
  font: inherit;

  &:focus {
    outline: none;
  }
  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Chip = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 2px;
  max-width: 100%;
  padding: 0 ${({ theme }) => theme.space.xxs} 0 ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.surfaceHover};
  font-size: ${({ theme }) => theme.fontSize.sm};
  overflow-wrap: anywhere;

  button {
    display: inline-flex;
    padding: 0;
    border: none;
    background: none;
    color: inherit;
    cursor: pointer;
  }
`;

const List = styled.ul`
  margin: 0;
  padding: ${({ theme }) => theme.space.xxs} 0;
  list-style: none;
`;

const Option = styled.li<{ $active: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  font-size: ${({ theme }) => theme.fontSize.sm};
  cursor: pointer;
  overflow-wrap: anywhere;
  background: ${({ theme, $active }) => ($active ? theme.colors.surfaceHover : 'transparent')};
  outline: ${({ theme, $active }) => ($active ? `2px solid ${theme.colors.focusRing}` : 'none')};
  outline-offset: -2px;

  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.5;
  }
  .mark {
    flex-shrink: 0;
    width: 16px;
  }
  .text {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Message = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

function defaultOption(option: ComboboxOption): ReactNode {
  return (
    <span className="text">
      <span>{option.label}</span>
      {option.detail ? <small>{option.detail}</small> : null}
    </span>
  );
}

/**
 * The editable combobox of the ARIA practices (list autocomplete, manual selection): focus stays in
 * the text box; Down and Up open the list and move through it (Alt+Down opens it only), Enter picks,
 * Escape closes it (on ui's dismiss stack, so a modal around it stays open), Tab leaves. The list
 * is a portalled Popover, so no modal body or table cell clips it. One value, or several as chips
 * (Backspace in an empty box removes the last); searching is the caller's (see EntityPicker).
 */
export function Combobox<TOption extends ComboboxOption>(props: ComboboxProps<TOption>) {
  const {
    label,
    hideLabel = false,
    inputId,
    options,
    loading = false,
    inputValue,
    onInputChange,
    onCreate,
    createLabel = (text) => `Create "${text}"`,
    renderOption = defaultOption,
    startMessage = comboboxMessages.startTyping,
    placeholder,
    disabled,
    onBlur,
    'aria-describedby': describedBy,
    'aria-invalid': invalid,
    'aria-required': required,
    'data-testid': testId,
  } = props;
  const ownId = useId();
  const id = inputId ?? `${ownId}-input`;
  const listId = `${ownId}-list`;
  const controlRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [ownText, setOwnText] = useState('');
  const text = inputValue ?? ownText;
  const selected: readonly TOption[] = props.multiple
    ? props.value
    : props.value
      ? [props.value]
      : [];
  const items = comboboxItems(options, text, onCreate !== undefined);
  const navigable = enabledIndexes(items);

  useEffect(() => {
    if (open && active >= 0)
      document.getElementById(`${ownId}-item-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, ownId]);

  function setText(next: string) {
    if (inputValue === undefined) setOwnText(next);
    onInputChange?.(next);
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function pick(item: ComboboxItem<TOption>) {
    if (item.kind === 'create') {
      onCreate?.(item.text);
      close();
      return;
    }
    const { option } = item;
    if (option.disabled) return;
    if (props.multiple) {
      const on = props.value.some((picked) => picked.id === option.id);
      props.onChange(
        on ? props.value.filter((picked) => picked.id !== option.id) : [...props.value, option],
      );
      // The list stays open for the next pick; the text that found this one goes.
      if (inputValue === undefined) setText('');
      return;
    }
    props.onChange(option);
    if (inputValue === undefined) setText('');
    close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        // Alt+Down shows the list without choosing; Down starts at the first, Up at the last.
        if (event.altKey) return;
        setActive((event.key === 'ArrowDown' ? navigable[0] : navigable.at(-1)) ?? -1);
        return;
      }
      const next =
        active < 0
          ? event.key === 'ArrowDown'
            ? navigable[0]
            : navigable.at(-1)
          : moveActiveIndex(event.key, navigable, active, false);
      if (next !== undefined) setActive(next);
    } else if (event.key === 'Enter' && open && items[active]) {
      // Enter picks the option instead of submitting the form around it.
      event.preventDefault();
      pick(items[active]);
    } else if (event.key === 'Tab') {
      close();
    } else if (event.key === 'Backspace' && props.multiple && text === '' && props.value.length) {
      props.onChange(props.value.slice(0, -1));
    }
  }

  function onInputBlur(event: FocusEvent<HTMLInputElement>) {
    // Leaving for another control closes the list, so that control's click does its own work.
    if (!controlRef.current?.contains(event.relatedTarget as Node | null)) close();
    onBlur?.();
  }

  const single = !props.multiple ? props.value : undefined;
  // A single value shows in the box while the list is closed; typing searches afresh.
  const shownText =
    inputValue !== undefined ? inputValue : open || !single ? ownText : single.label;
  const message = loading
    ? comboboxMessages.searching
    : items.length === 0
      ? text.trim() === ''
        ? startMessage
        : comboboxMessages.noOptions
      : undefined;

  return (
    <Field>
      {inputId ? null : (
        <Label htmlFor={id} $hidden={hideLabel}>
          {label}
        </Label>
      )}
      <Control ref={controlRef} data-slot="combobox">
        {props.multiple
          ? props.value.map((option) => (
              <Chip key={option.id}>
                {option.label}
                <button
                  type="button"
                  aria-label={`Remove ${option.label}`}
                  disabled={disabled}
                  onClick={() => {
                    props.onChange(props.value.filter((picked) => picked.id !== option.id));
                    inputRef.current?.focus();
                  }}
                >
                  <X size={12} aria-hidden />
                </button>
              </Chip>
            ))
          : null}
        <Input
          ref={inputRef}
          id={id}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? `${ownId}-item-${active}` : undefined}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          autoComplete="off"
          value={shownText}
          placeholder={single && inputValue === undefined ? single.label : placeholder}
          disabled={disabled}
          data-testid={testId}
          onChange={(event) => {
            const next = event.target.value;
            setText(next);
            setOpen(true);
            setActive(-1);
            if (next === '' && !props.multiple && props.value && inputValue === undefined)
              props.onChange(null);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={onInputBlur}
          onKeyDown={onKeyDown}
        />
      </Control>
      <Popover
        open={open && !disabled}
        onDismiss={(reason) => {
          close();
          if (reason === 'escape') inputRef.current?.focus();
        }}
        anchor={controlRef}
        maxHeight={280}
      >
        {message ? <Message aria-live="polite">{message}</Message> : null}
        {/* The listbox holds options only (ARIA); searching and empty states are said beside it. */}
        <List
          id={listId}
          role="listbox"
          aria-label={label}
          aria-multiselectable={props.multiple || undefined}
          hidden={items.length === 0}
        >
          {items.map((item, index) => {
            const isSelected =
              item.kind === 'option' && selected.some((picked) => picked.id === item.option.id);
            return (
              <Option
                key={item.kind === 'option' ? item.option.id : '\u0000create'}
                id={`${ownId}-item-${index}`}
                role="option"
                aria-selected={isSelected}
                aria-disabled={(item.kind === 'option' && item.option.disabled) || undefined}
                $active={index === active}
                // Before the input's blur: the pick happens while the list is still there.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => navigable.includes(index) && setActive(index)}
                onClick={() => pick(item)}
              >
                <span className="mark">
                  {item.kind === 'create' ? (
                    <Plus size={14} aria-hidden />
                  ) : isSelected ? (
                    <Check size={14} aria-hidden />
                  ) : null}
                </span>
                {item.kind === 'option' ? (
                  renderOption(item.option)
                ) : (
                  <span className="text">{createLabel(item.text)}</span>
                )}
              </Option>
            );
          })}
        </List>
      </Popover>
    </Field>
  );
}
