import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../Button/index.ts';
import { Clock } from '../icons/index.ts';
import { formatDate } from '../format/index.ts';
import { Popover } from '../Popover/Popover.tsx';
import { testIds } from '../testIds.ts';
import {
  useRecentTimeRanges,
  useTimeRangeSearchParams,
  type UseTimeRangeSearchParamsOptions,
} from './hooks.ts';
import { displayTimeRange, isSameTimeRange } from './mapper.ts';
import { futureTimeRanges, pastTimeRanges, quickRanges } from './pickerRanges.ts';
import type { TimeRange } from './timeRange.ts';
import { TimeRangeForm } from './TimeRangeForm.tsx';

export interface TimeRangePickerProps {
  value: TimeRange | undefined;
  /** Called with the chosen range, or undefined when the user clears it. */
  onChange: (range: TimeRange | undefined) => void;
  /** Accessible name of the picker. */
  label?: string;
  /** An empty range means 'Indefinitely' (otherwise the picker asks to 'Please select time range'). */
  allowIndefinite?: boolean;
  /**
   * What an empty range reads when allowed, when 'Indefinitely' does not name it (a list that
   * shows everything with no range picked: 'All time').
   */
  indefiniteLabel?: string;
  /** List ranges into the future (now+5m ... now+5y) instead of the past ones. */
  showFutureTimeRanges?: boolean;
  disabled?: boolean;
  /** Start open (stories, screens that open on the picker). */
  defaultOpen?: boolean;
}

const Wrapper = styled.div`
  position: relative;
  display: inline-block;
`;

const Panel = styled.div`
  display: grid;
  grid-template-columns: minmax(240px, 1fr) minmax(180px, auto) minmax(160px, auto);
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.lg};
  color: ${({ theme }) => theme.colors.text};
  max-width: calc(100vw - ${({ theme }) => theme.space.lg});

  /* On narrow screens the three columns stack (the popover scrolls them). */
  @media (max-width: 720px) {
    grid-template-columns: 1fr;
  }
`;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`;

const Heading = styled.h3`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  text-transform: uppercase;
`;

const Choices = styled.ul`
  display: flex;
  flex-direction: column;
  max-height: 280px;
  overflow: auto;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Choice = styled.button`
  width: 100%;
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.sm}`};
  border: none;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSize.sm};
  text-align: left;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }

  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.statusSoft.primary.background};
    color: ${({ theme }) => theme.colors.statusSoft.primary.text};
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

function ChoiceList({
  heading,
  ranges,
  value,
  onPick,
}: {
  heading: string;
  ranges: readonly TimeRange[];
  value: TimeRange | undefined;
  onPick: (range: TimeRange) => void;
}) {
  const id = useId();
  return (
    <Section aria-labelledby={id}>
      <Heading id={id}>{heading}</Heading>
      <Choices>
        {ranges.map((range) => (
          <li key={range.type === 'absolute' ? `${range.from}/${range.to}` : range.range}>
            <Choice
              type="button"
              aria-pressed={isSameTimeRange(range, value)}
              onClick={() => onPick(range)}
            >
              {range.type === 'absolute'
                ? `${formatDate(range.from)} – ${formatDate(range.to)}`
                : range.display}
            </Choice>
          </li>
        ))}
      </Choices>
    </Section>
  );
}

/**
 * The time range picker (console spec §4): relative ranges, quick (mapped) ranges, an absolute
 * from/to form and the last absolute ranges used. A non-modal popover on the overlay stack: Escape
 * closes it with focus back on the button, a click outside closes it.
 */
export function TimeRangePicker({
  value,
  onChange,
  label = 'Time range',
  allowIndefinite = false,
  indefiniteLabel,
  showFutureTimeRanges = false,
  disabled,
  defaultOpen = false,
}: TimeRangePickerProps) {
  const id = useId();
  const [open, setOpen] = useState(defaultOpen);
  const [recent, remember] = useRecentTimeRanges();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const display =
    !value && allowIndefinite && indefiniteLabel
      ? indefiniteLabel
      : displayTimeRange(value, { allowIndefinite });
  const detail =
    value?.type === 'absolute' ? `${formatDate(value.from)} – ${formatDate(value.to)}` : undefined;

  function close() {
    setOpen(false);
    triggerRef.current?.focus();
  }

  function apply(range: TimeRange | undefined) {
    if (range?.type === 'absolute') remember(range);
    onChange(range);
    close();
  }

  return (
    <Wrapper ref={wrapperRef}>
      <Button
        ref={triggerRef}
        icon={<Clock size={14} aria-hidden="true" />}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? `${id}-dialog` : undefined}
        // The name begins with the label and then holds the visible text word for word, so a
        // voice-control user can say what they see (WCAG 2.5.3, label in name).
        aria-label={`${label}: ${display}${detail ? ` ${detail}` : ''}`}
        disabled={disabled}
        data-testid={testIds.timeRangePicker.trigger}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {display}
        {detail && <Muted aria-hidden="true">{` ${detail}`}</Muted>}
      </Button>
      {/* Escape hands focus back to the trigger; an outside click leaves it where the user clicked. */}
      <Popover
        open={open}
        onDismiss={(reason) => (reason === 'escape' ? close() : setOpen(false))}
        anchor={triggerRef}
        matchAnchorWidth={false}
        maxHeight={720}
      >
        <Panel
          role="dialog"
          id={`${id}-dialog`}
          aria-label={label}
          data-testid={testIds.timeRangePicker.dialog}
        >
          <Section aria-label="Absolute range">
            <TimeRangeForm
              initial={value?.type === 'absolute' ? value : undefined}
              onSubmit={apply}
              onClear={() => apply(undefined)}
            />
            {recent.length > 0 && (
              <ChoiceList heading="Recently used" ranges={recent} value={value} onPick={apply} />
            )}
          </Section>
          <ChoiceList heading="Quick ranges" ranges={quickRanges} value={value} onPick={apply} />
          <ChoiceList
            heading={showFutureTimeRanges ? 'Next' : 'Last'}
            ranges={showFutureTimeRanges ? futureTimeRanges : pastTimeRanges}
            value={value}
            onPick={apply}
          />
        </Panel>
      </Popover>
    </Wrapper>
  );
}

export type UrlTimeRangePickerProps = Omit<TimeRangePickerProps, 'value' | 'onChange'> &
  UseTimeRangeSearchParamsOptions;

/** The picker bound to the URL (rangeType, timeRange, from, to); Clear removes every time parameter. */
export function UrlTimeRangePicker({
  extraParams,
  resetParams,
  replace,
  ...props
}: UrlTimeRangePickerProps) {
  const { timeRange, setTimeRange } = useTimeRangeSearchParams({
    extraParams,
    resetParams,
    replace,
  });
  return <TimeRangePicker {...props} value={timeRange} onChange={setTimeRange} />;
}
