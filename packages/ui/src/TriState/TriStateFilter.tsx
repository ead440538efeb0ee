import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { ChevronDown } from '../icons/index.ts';
import { SEARCH_MAX_LENGTH } from '../format/inputLimits.ts';
import { focusableElements } from '../focusable.ts';
import { popupSurface } from '../Overlay/popupSurface.ts';
import { useDismissableLayer } from '../Overlay/useDismissableLayer.ts';
import { testIds } from '../testIds.ts';
import { visuallyHidden } from '../visuallyHidden.ts';
import {
  filterOptionsByQuery,
  isAllIncluded,
  pickTriStateOption,
  setTriState,
  summarizeTriState,
  toggleAllTriState,
  triStateOf,
  type TriStateSelection,
} from './triState.ts';
import { TriStateToggle } from './TriStateToggle.tsx';

export interface TriStateFilterOption {
  value: string;
  label: string;
  icon?: ReactNode;
}

export interface TriStateFilterProps {
  label: string;
  hideLabel?: boolean;
  options: readonly TriStateFilterOption[];
  value: TriStateSelection;
  onChange: (value: TriStateSelection) => void;
  /** Options are `key=value` tags: choosing one replaces the option with the same key. */
  tagMode?: boolean;
  /** Button text with nothing selected. */
  placeholder?: string;
  disabled?: boolean;
  /** Label of the select-all option (not offered in tag mode); pass null to leave it out. */
  selectAllLabel?: string | null;
  /** Show a search box over the options; by default when there are more than 8. */
  searchable?: boolean;
  /** Start with the options shown (stories, screens that open on the filter). */
  defaultOpen?: boolean;
  'data-testid'?: string;
}

const Field = styled.div`
  position: relative;
  display: inline-flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 200px;
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
`;

const Panel = styled.div`
  ${popupSurface}
  left: 0;
  min-width: 100%;
  max-height: 320px;
  overflow: auto;
  padding: ${({ theme }) => theme.space.xs};
`;

const Rows = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li<{ $state: number }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.xs}`};
  border-radius: ${({ theme }) => theme.radius.sm};
  font-size: ${({ theme }) => theme.fontSize.sm};
  text-decoration: ${({ $state }) => ($state === -1 ? 'line-through' : 'none')};

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

const OptionName = styled.span`
  display: inline-flex;
  flex: 1;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  cursor: pointer;
`;

const Search = styled.input`
  width: 100%;
  min-height: 30px;
  margin-bottom: ${({ theme }) => theme.space.xs};
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const NoMatch = styled.li`
  padding: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const SelectAll = styled.button`
  display: flex;
  width: 100%;
  margin-bottom: ${({ theme }) => theme.space.xxs};
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.xs}`};
  border: none;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSize.sm};
  text-align: left;
  cursor: pointer;

  &[aria-pressed='true'] {
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
  }
`;

const ClearButton = styled.button`
  margin-top: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.xs}`};
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.link};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSize.sm};
  text-decoration: underline;
  cursor: pointer;
`;

/**
 * A multi-select whose options can each be included or excluded (console spec §4). Clicking an
 * option's name picks (includes) it; the +/- buttons include or exclude it. Arrow keys move between
 * the buttons, Escape closes and returns focus to the trigger.
 */
export function TriStateFilter({
  label,
  hideLabel = false,
  options,
  value,
  onChange,
  tagMode = false,
  placeholder = 'All',
  disabled,
  defaultOpen = false,
  selectAllLabel = 'Select all',
  searchable = options.length > 8,
  'data-testid': testId,
}: TriStateFilterProps) {
  const id = useId();
  const [open, setOpen] = useState(defaultOpen);
  const [query, setQuery] = useState('');
  const shown = searchable ? filterOptionsByQuery(options, query) : options;
  const fieldRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const labels = new Map(options.map((option) => [option.value, option.label]));
  const summary = summarizeTriState(value, { placeholder, labelOf: (v) => labels.get(v) ?? v });

  useEffect(() => {
    if (open && panelRef.current) focusableElements(panelRef.current)[0]?.focus();
  }, [open]);

  // Escape hands focus back to the trigger; an outside click leaves it where the user clicked.
  useDismissableLayer(open, {
    ref: fieldRef,
    onDismiss: (reason) => {
      setOpen(false);
      if (reason === 'escape') triggerRef.current?.focus();
    },
  });

  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (
      event.key !== 'ArrowDown' &&
      event.key !== 'ArrowUp' &&
      event.key !== 'ArrowLeft' &&
      event.key !== 'ArrowRight'
    )
      return;
    // Left/right move the caret in the search box.
    const inSearch = event.target instanceof HTMLInputElement;
    if (inSearch && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) return;
    if (!panelRef.current) return;
    const focusable = focusableElements(panelRef.current);
    const current = document.activeElement as HTMLElement;
    const index = focusable.indexOf(current);
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      next = focusable[index + (event.key === 'ArrowRight' ? 1 : -1)];
    } else {
      // Up/down keep the column (include or exclude); select-all and clear sit in no column.
      const ahead =
        event.key === 'ArrowDown'
          ? focusable.slice(index + 1)
          : focusable.slice(0, Math.max(0, index)).reverse();
      const column = current.dataset['column'];
      next =
        ahead.find((element) => (column ? element.dataset['column'] === column : true)) ??
        ahead.find((element) => !element.dataset['column']);
    }
    if (next) {
      event.preventDefault();
      next.focus();
    }
  }

  const selectedCount = Object.keys(value).length;
  const allValues = options.map((option) => option.value);

  return (
    <Field ref={fieldRef} data-testid={testId}>
      <Label id={`${id}-label`} $hidden={hideLabel}>
        {label}
      </Label>
      <Trigger
        ref={triggerRef}
        type="button"
        id={`${id}-trigger`}
        aria-labelledby={`${id}-label ${id}-trigger`}
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        disabled={disabled}
        data-testid={testIds.triStateFilter.trigger}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span>{summary}</span>
        <ChevronDown size={16} aria-hidden="true" />
      </Trigger>
      {open && (
        <Panel
          ref={panelRef}
          id={`${id}-panel`}
          role="group"
          aria-labelledby={`${id}-label`}
          data-testid={testIds.triStateFilter.panel}
          onKeyDown={onPanelKeyDown}
        >
          {searchable && (
            <Search
              type="search"
              aria-label={`Search ${label}`}
              placeholder="Search…"
              maxLength={SEARCH_MAX_LENGTH}
              value={query}
              data-testid={testIds.triStateFilter.search}
              onChange={(event) => setQuery(event.target.value)}
            />
          )}
          {selectAllLabel !== null && !tagMode && options.length > 1 && !query && (
            <SelectAll
              type="button"
              aria-pressed={isAllIncluded(value, allValues)}
              onClick={() => onChange(toggleAllTriState(value, allValues))}
            >
              {selectAllLabel}
            </SelectAll>
          )}
          <Rows>
            {shown.length === 0 && <NoMatch>No matching options</NoMatch>}
            {shown.map((option) => {
              const state = triStateOf(value, option.value);
              return (
                <Row key={option.value} $state={state} data-state={state}>
                  {/* A mouse shortcut for the include button, so it adds no extra tab stop. */}
                  <OptionName
                    onClick={() => onChange(pickTriStateOption(value, option.value, { tagMode }))}
                  >
                    {option.icon}
                    {option.label}
                  </OptionName>
                  <TriStateToggle
                    label={option.label}
                    value={state}
                    onChange={(next) =>
                      onChange(setTriState(value, option.value, next, { tagMode }))
                    }
                  />
                </Row>
              );
            })}
          </Rows>
          {selectedCount > 0 && (
            <ClearButton
              type="button"
              data-testid={testIds.triStateFilter.clear}
              onClick={() => onChange({})}
            >
              Clear {label}
            </ClearButton>
          )}
        </Panel>
      )}
    </Field>
  );
}
