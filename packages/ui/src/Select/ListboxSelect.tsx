import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Check, ChevronDown } from 'lucide-react';
import { moveActiveIndex } from '../Overlay/listNavigation.ts';
import { Popover } from '../Popover/Popover.tsx';
import { visuallyHidden } from '../visuallyHidden.ts';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
  icon?: ReactNode;
}

/** What a form field wrapper needs to tie errors to the select (used by @opsdeck/ui forms). */
export interface SelectAriaProps {
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
  onBlur?: () => void;
}

export interface ListboxSelectProps extends SelectAriaProps {
  label: string;
  hideLabel?: boolean;
  options: readonly SelectOption[];
  selected: readonly string[];
  /** Called with the picked option's value. */
  onPick: (value: string) => void;
  multiple: boolean;
  summary: string;
  disabled?: boolean;
  'data-testid'?: string;
}

const Field = styled.div`
  position: relative;
  display: inline-flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 180px;
`;

const Label = styled.span<{ $hidden: boolean }>`
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  ${({ $hidden }) => ($hidden ? visuallyHidden : '')}
`;

const Trigger = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 34px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSize.sm};
  text-align: left;
  cursor: pointer;

  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

const List = styled.ul`
  margin: 0;
  overflow: auto;
  padding: ${({ theme }) => theme.space.xxs} 0;
  list-style: none;
`;

const Option = styled.li<{ $active: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  font-size: ${({ theme }) => theme.fontSize.sm};
  cursor: pointer;
  background: ${({ theme, $active }) => ($active ? theme.colors.surfaceHover : 'transparent')};
  outline: ${({ theme, $active }) => ($active ? `2px solid ${theme.colors.focusRing}` : 'none')};
  outline-offset: -2px;

  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.5;
  }

  .check {
    width: 16px;
    flex-shrink: 0;
  }
`;

/**
 * The select-only combobox of the ARIA practices: focus stays on the button, the active option is
 * announced through aria-activedescendant. Shared by Select and MultiSelect.
 */
export function ListboxSelect({
  label,
  hideLabel = false,
  options,
  selected,
  onPick,
  multiple,
  summary,
  disabled,
  'data-testid': testId,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  'aria-required': required,
  onBlur,
}: ListboxSelectProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const fieldRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const enabledIndexes = options.flatMap((option, index) => (option.disabled ? [] : [index]));

  useEffect(() => {
    if (open)
      document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, id]);

  function openList() {
    const firstSelected = options.findIndex(
      (option) => selected.includes(option.value) && !option.disabled,
    );
    setActive(firstSelected >= 0 ? firstSelected : (enabledIndexes[0] ?? 0));
    setOpen(true);
  }

  function pick(index: number) {
    const option = options[index];
    if (!option || option.disabled) return;
    onPick(option.value);
    setActive(index);
    if (!multiple) setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (!open) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) {
        event.preventDefault();
        openList();
      }
      return;
    }
    const next = moveActiveIndex(event.key, enabledIndexes, active, false);
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
      return;
    }
    switch (event.key) {
      case 'Enter':
      case ' ':
        event.preventDefault();
        pick(active);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  }

  return (
    <Field ref={fieldRef} data-testid={testId}>
      <Label id={labelId} $hidden={hideLabel}>
        {label}
      </Label>
      <Trigger
        ref={triggerRef}
        type="button"
        role="combobox"
        id={`${id}-trigger`}
        aria-labelledby={labelId}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${id}-option-${active}` : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        onBlur={onBlur}
        disabled={disabled}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={onKeyDown}
      >
        <span>{summary}</span>
        <ChevronDown size={16} aria-hidden="true" />
      </Trigger>
      {/* Focus never leaves the combobox, so closing leaves it on the trigger. */}
      <Popover open={open} onDismiss={() => setOpen(false)} anchor={fieldRef} maxHeight={280}>
        <List
          role="listbox"
          id={listId}
          aria-labelledby={labelId}
          aria-multiselectable={multiple || undefined}
          tabIndex={-1}
        >
          {options.map((option, index) => {
            const isSelected = selected.includes(option.value);
            return (
              <Option
                key={option.value}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={isSelected}
                aria-disabled={option.disabled || undefined}
                $active={index === active}
                // Keep focus on the combobox when an option is clicked.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(index)}
                onMouseEnter={() => !option.disabled && setActive(index)}
              >
                <span className="check">
                  {isSelected && <Check size={16} aria-hidden="true" />}
                </span>
                {option.icon}
                {option.label}
              </Option>
            );
          })}
        </List>
      </Popover>
    </Field>
  );
}
