import { FieldArray, useField, useFormikContext, type ArrayHelpers } from 'formik';
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import styled from 'styled-components';
import { Button } from '../Button/index.ts';
import { IconButton } from '../IconButton/index.ts';
import { ArrowDown, ArrowUp, Plus, Trash } from '../icons/index.ts';
import { visuallyHidden } from '../visuallyHidden.ts';
import { FieldError, FieldHint } from './FormField.tsx';

export interface ListItemRenderProps {
  index: number;
  /** The item's formik name, `{list}.{index}`. */
  name: string;
  /** Names this item: `{itemLabel} {position}`. */
  label: string;
}

export interface ListFieldProps {
  name: string;
  label: string;
  /** Names one item in its legend and buttons: 'Response code'. */
  itemLabel: string;
  hint?: string;
  disabled?: boolean;
  minItems?: number;
  maxItems?: number;
  /** The value of an added item. */
  newItem(): unknown;
  /** One item's fields; a scalar item is one field labelled `label`. */
  renderItem(props: ListItemRenderProps): ReactNode;
  /** Frames each item under its own legend (items of several fields). */
  framed?: boolean;
  'data-testid'?: string;
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

const Items = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $framed: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space.xs};
  align-items: ${({ $framed }) => ($framed ? 'start' : 'end')};
  ${({ $framed, theme }) =>
    $framed
      ? `padding: ${theme.space.sm}; border: 1px solid ${theme.colors.border}; border-radius: ${theme.radius.md};`
      : ''}
`;

const ItemFieldset = styled.fieldset`
  min-width: 0;
  margin: 0;
  padding: 0;
  border: none;
`;

const ItemLegend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
`;

const ItemActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xxs};
`;

const Announcer = styled.p`
  ${visuallyHidden}
`;

const FOCUSABLE = 'input, select, textarea, button, [contenteditable="true"], [tabindex="0"]';

type Control = 'up' | 'down' | 'remove';

/**
 * A list of items (values or groups of fields) bound to formik: add, remove and reorder with
 * buttons, or Alt+ArrowUp / Alt+ArrowDown inside an item; focus stays with the moved item and each
 * change is announced. Errors of an item show on its fields; the list's own (too few, too many)
 * under the list once it was edited or submitted.
 */
export function ListField({
  name,
  label,
  itemLabel,
  hint,
  disabled,
  minItems = 0,
  maxItems,
  newItem,
  renderItem,
  framed = false,
  'data-testid': testId,
}: ListFieldProps) {
  const [field, meta] = useField<unknown[] | undefined>(name);
  const { submitCount } = useFormikContext();
  const id = useId();
  const [edited, setEdited] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const items = Array.isArray(field.value) ? field.value : [];

  // Stable keys follow the items through moves and removals, so their inputs (and focus) move too.
  const keys = useRef<number[]>([]);
  const nextKey = useRef(0);
  while (keys.current.length < items.length) keys.current.push(nextKey.current++);
  if (keys.current.length > items.length) keys.current.length = items.length;

  const itemElements = useRef(new Map<number, HTMLLIElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<(() => HTMLElement | null | undefined) | undefined>(undefined);
  useLayoutEffect(() => {
    const target = focusNext.current?.();
    focusNext.current = undefined;
    if (target && document.activeElement !== target) target.focus();
  });

  const control = (key: number | undefined, which: Control) =>
    key === undefined
      ? undefined
      : itemElements.current
          .get(key)
          ?.querySelector<HTMLButtonElement>(`[data-list-control="${which}"]:not(:disabled)`);

  const error = (edited || submitCount > 0) && typeof meta.error === 'string' ? meta.error : '';
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const canAdd = !disabled && (maxItems === undefined || items.length < maxItems);
  const canRemove = !disabled && items.length > minItems;

  function changed(message: string) {
    setEdited(true);
    setAnnouncement(message);
  }

  function add(helpers: ArrayHelpers) {
    const key = nextKey.current++;
    keys.current = [...keys.current, key];
    focusNext.current = () => itemElements.current.get(key)?.querySelector<HTMLElement>(FOCUSABLE);
    helpers.push(newItem());
    changed(`${itemLabel} ${items.length + 1} added`);
  }

  function remove(helpers: ArrayHelpers, index: number) {
    const remaining = keys.current.filter((_, at) => at !== index);
    keys.current = remaining;
    const neighbour = remaining[index] ?? remaining[index - 1];
    focusNext.current = () => control(neighbour, 'remove') ?? addButton.current;
    helpers.remove(index);
    changed(`${itemLabel} ${index + 1} removed`);
  }

  function move(helpers: ArrayHelpers, from: number, to: number, via?: Control) {
    if (disabled || to < 0 || to >= items.length) return;
    const next = [...keys.current];
    const [key] = next.splice(from, 1);
    if (key === undefined) return;
    next.splice(to, 0, key);
    keys.current = next;
    const focused = document.activeElement as HTMLElement | null;
    // A move button that is now disabled (first or last place) hands focus to the other one.
    focusNext.current = () =>
      via === undefined
        ? focused
        : (control(key, via) ?? control(key, via === 'up' ? 'down' : 'up') ?? focused);
    helpers.move(from, to);
    changed(`${itemLabel} ${from + 1} moved to position ${to + 1} of ${items.length}`);
  }

  function onItemKeyDown(helpers: ArrayHelpers, index: number, event: KeyboardEvent) {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(helpers, index, event.key === 'ArrowUp' ? index - 1 : index + 1);
  }

  return (
    <FieldArray
      name={name}
      render={(helpers) => (
        <Fieldset aria-describedby={describedBy || undefined} data-testid={testId}>
          <Legend>{label}</Legend>
          {items.length > 0 && (
            <Items aria-label={label}>
              {items.map((_, index) => {
                const key = keys.current[index] ?? index;
                const position = `${itemLabel} ${index + 1}`;
                const content = renderItem({ index, name: `${name}.${index}`, label: position });
                return (
                  <Item
                    key={key}
                    $framed={framed}
                    ref={(element) => {
                      if (element) itemElements.current.set(key, element);
                      else itemElements.current.delete(key);
                    }}
                    onKeyDown={(event) => onItemKeyDown(helpers, index, event)}
                  >
                    {framed ? (
                      <ItemFieldset disabled={disabled}>
                        <ItemLegend>{position}</ItemLegend>
                        {content}
                      </ItemFieldset>
                    ) : (
                      <div>{content}</div>
                    )}
                    <ItemActions>
                      <IconButton
                        size="small"
                        label={`Move ${position} up`}
                        aria-keyshortcuts="Alt+ArrowUp"
                        data-list-control="up"
                        icon={<ArrowUp size={14} aria-hidden="true" />}
                        disabled={disabled || index === 0}
                        onClick={() => move(helpers, index, index - 1, 'up')}
                      />
                      <IconButton
                        size="small"
                        label={`Move ${position} down`}
                        aria-keyshortcuts="Alt+ArrowDown"
                        data-list-control="down"
                        icon={<ArrowDown size={14} aria-hidden="true" />}
                        disabled={disabled || index === items.length - 1}
                        onClick={() => move(helpers, index, index + 1, 'down')}
                      />
                      <IconButton
                        size="small"
                        label={`Remove ${position}`}
                        data-list-control="remove"
                        icon={<Trash size={14} aria-hidden="true" />}
                        disabled={!canRemove}
                        onClick={() => remove(helpers, index)}
                      />
                    </ItemActions>
                  </Item>
                );
              })}
            </Items>
          )}
          <div>
            <Button
              ref={addButton}
              size="small"
              icon={<Plus size={14} aria-hidden="true" />}
              disabled={!canAdd}
              onClick={() => add(helpers)}
            >
              {`Add ${itemLabel}`}
            </Button>
          </div>
          {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
          {error && <FieldError id={errorId}>{error}</FieldError>}
          <Announcer role="status">{announcement}</Announcer>
        </Fieldset>
      )}
    />
  );
}
