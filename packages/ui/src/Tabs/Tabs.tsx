import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';

export interface TabItem {
  value: string;
  label: ReactNode;
  content?: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Controlled selected tab. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  'aria-label': string;
}

const Root = styled.div`
  min-width: 0;
`;

// More tabs than fit scroll sideways inside the list; the page itself never gets wider. The rule
// under the tabs is an inset shadow, so the selected tab's border can sit on it without a negative
// margin (which a scrolling list would clip).
const TabList = styled.div`
  position: relative;
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  overflow-x: auto;
  overscroll-behavior-x: contain;
  scrollbar-width: thin;
  box-shadow: inset 0 -1px 0 ${({ theme }) => theme.colors.border};
`;

const Tab = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: none;
  flex-shrink: 0;
  border-bottom: 2px solid transparent;
  background: transparent;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSize.sm};
  cursor: pointer;

  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.text};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
    font-weight: ${({ theme }) => theme.fontWeight.medium};
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

const Panel = styled.div`
  padding: ${({ theme }) => theme.space.md} 0;
`;

/** Tabs with roving focus: one Tab stop, arrows/Home/End move and select (automatic activation). */
export function Tabs({
  items,
  value,
  defaultValue,
  onValueChange,
  'aria-label': ariaLabel,
}: TabsProps) {
  const baseId = useId();
  const [ownValue, setOwnValue] = useState(
    defaultValue ?? items.find((item) => !item.disabled)?.value,
  );
  const selected = value ?? ownValue;
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const enabled = items.filter((item) => !item.disabled);

  function select(next: string) {
    if (value === undefined) setOwnValue(next);
    onValueChange?.(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = enabled.findIndex((item) => item.value === selected);
    let target: TabItem | undefined;
    if (event.key === 'ArrowRight') target = enabled[(index + 1) % enabled.length];
    else if (event.key === 'ArrowLeft')
      target = enabled[(index - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') target = enabled[0];
    else if (event.key === 'End') target = enabled[enabled.length - 1];
    if (!target) return;
    event.preventDefault();
    select(target.value);
    tabRefs.current.get(target.value)?.focus();
  }

  // A selected tab past the list's edge (chosen from the URL, say) is scrolled into sight, sideways only.
  useEffect(() => {
    const tab = selected === undefined ? undefined : tabRefs.current.get(selected);
    const list = tab?.parentElement;
    if (!tab || !list) return;
    if (tab.offsetLeft < list.scrollLeft) list.scrollLeft = tab.offsetLeft;
    else if (tab.offsetLeft + tab.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = tab.offsetLeft + tab.offsetWidth - list.clientWidth;
  }, [selected]);

  const active = items.find((item) => item.value === selected);
  // Tabs with no contents are a bar that filters something else: no empty panel to point at or tab to.
  const hasPanels = items.some((item) => item.content !== undefined);
  return (
    <Root>
      <TabList role="tablist" aria-label={ariaLabel} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const isSelected = item.value === selected;
          return (
            <Tab
              key={item.value}
              ref={(element) => {
                if (element) tabRefs.current.set(item.value, element);
                else tabRefs.current.delete(item.value);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.value}`}
              aria-selected={isSelected}
              aria-controls={hasPanels ? `${baseId}-panel-${item.value}` : undefined}
              tabIndex={isSelected ? 0 : -1}
              disabled={item.disabled}
              onClick={() => select(item.value)}
            >
              {item.label}
            </Tab>
          );
        })}
      </TabList>
      {active && hasPanels && (
        <Panel
          role="tabpanel"
          id={`${baseId}-panel-${active.value}`}
          aria-labelledby={`${baseId}-tab-${active.value}`}
          tabIndex={0}
        >
          {active.content}
        </Panel>
      )}
    </Root>
  );
}
