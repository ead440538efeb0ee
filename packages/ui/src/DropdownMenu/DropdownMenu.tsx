import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import styled from 'styled-components';
import { ChevronDown } from 'lucide-react';
import { Button, type ButtonVariant } from '../Button/Button.tsx';
import { moveActiveIndex } from '../Overlay/listNavigation.ts';
import { popupSurface } from '../Overlay/popupSurface.ts';
import { useDismissableLayer } from '../Overlay/useDismissableLayer.ts';

export interface DropdownMenuItem {
  id: string;
  label: string;
  onSelect: () => void;
  icon?: ReactNode;
  disabled?: boolean;
  /** Drawn in the danger colour (e.g. Delete). */
  danger?: boolean;
}

export interface DropdownMenuProps {
  /** The trigger button's text and the menu's accessible name. */
  label: string;
  /**
   * A row's actions: the trigger shows this icon alone (a "more" icon) and `label` is its
   * accessible name only (a list of rows would otherwise repeat 'Actions for {name}' as visible
   * text). The caller brings the icon, so pages without one do not load it.
   */
  icon?: ReactNode;
  items: readonly DropdownMenuItem[];
  variant?: ButtonVariant;
  align?: 'start' | 'end';
}

const Wrapper = styled.div`
  position: relative;
  display: inline-block;
`;

const Menu = styled.ul<{ $align: 'start' | 'end'; $above: boolean }>`
  ${popupSurface}
  ${({ $align }) => ($align === 'start' ? 'left: 0;' : 'right: 0;')}
  ${({ $above, theme }) =>
    $above ? `top: auto; bottom: 100%; margin: 0 0 ${theme.space.xxs};` : ''}
  min-width: 180px;
  padding: ${({ theme }) => theme.space.xxs} 0;
  list-style: none;
`;

const Item = styled.li<{ $danger: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  color: ${({ theme, $danger }) => ($danger ? theme.colors.danger : theme.colors.text)};
  font-size: ${({ theme }) => theme.fontSize.sm};
  cursor: pointer;

  &:hover,
  &:focus {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }

  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

/** A menu button (ARIA menu pattern): arrows move, Enter/Space activate, Escape closes and returns focus. */
export function DropdownMenu({
  label,
  icon,
  items,
  variant = 'secondary',
  align = 'start',
}: DropdownMenuProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const [above, setAbove] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLLIElement | null)[]>([]);
  const enabled = items.flatMap((item, index) => (item.disabled ? [] : [index]));

  // A trigger near the bottom of the window (a modal's footer) opens its menu upwards when it
  // would run past the bottom and fits above; measured before the first item takes focus, so
  // focusing it does not scroll the page under the menu.
  useLayoutEffect(() => {
    if (!open) return setAbove(false);
    const menu = menuRef.current?.getBoundingClientRect();
    const trigger = triggerRef.current?.getBoundingClientRect();
    if (!menu || !trigger) return;
    setAbove(menu.bottom > window.innerHeight && trigger.top >= menu.height);
  }, [open]);

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  // Escape hands focus back to the trigger; an outside click leaves it where the user clicked.
  useDismissableLayer(open, { ref: wrapperRef, onDismiss: (reason) => close(reason === 'escape') });

  function openAt(index: number | undefined) {
    setFocusIndex(index ?? 0);
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }

  function activate(index: number) {
    const item = items[index];
    if (!item || item.disabled) return;
    close(true);
    item.onSelect();
  }

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(enabled[0]);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(enabled[enabled.length - 1]);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const next = moveActiveIndex(event.key, enabled, focusIndex, true);
    if (next !== undefined) {
      event.preventDefault();
      setFocusIndex(next);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      activate(focusIndex);
    } else if (event.key === 'Tab') {
      close(false);
    }
  }

  return (
    <Wrapper ref={wrapperRef}>
      <Button
        ref={triggerRef}
        id={`${id}-trigger`}
        variant={variant}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? close(false) : openAt(enabled[0]))}
        onKeyDown={onTriggerKeyDown}
        aria-label={icon ? label : undefined}
        title={icon ? label : undefined}
      >
        {icon ? (
          <span aria-hidden="true">{icon}</span>
        ) : (
          <>
            {label}
            <ChevronDown size={14} aria-hidden="true" />
          </>
        )}
      </Button>
      {open && (
        <Menu
          ref={menuRef}
          role="menu"
          id={`${id}-menu`}
          aria-labelledby={`${id}-trigger`}
          data-side={above ? 'top' : 'bottom'}
          $align={align}
          $above={above}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => (
            <Item
              key={item.id}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              role="menuitem"
              tabIndex={-1}
              aria-disabled={item.disabled || undefined}
              $danger={Boolean(item.danger)}
              onClick={() => activate(index)}
            >
              {item.icon}
              {item.label}
            </Item>
          ))}
        </Menu>
      )}
    </Wrapper>
  );
}
