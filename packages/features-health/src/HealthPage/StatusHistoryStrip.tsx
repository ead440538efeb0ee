import type { CheckStatus } from '@opsdeck/api-client/health';
import { formatLatency, formatLocalTime } from '@opsdeck/ui';
import { memo, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { testIds } from '../testIds.ts';

// The bars are plain buttons styled from the strip: a styled component per bar recomputed its
// class on every render of every visible row, the largest script cost of a keystroke at 10k.
const Strip = styled.div`
  display: inline-flex;
  align-items: flex-end;
  gap: 2px;
  height: 18px;
  & > button {
    width: 6px;
    height: 16px;
    padding: 0;
    border: none;
    border-radius: 1px;
    background: ${({ theme }) => theme.colors.status.green};
    cursor: pointer;
  }
  & > button[data-passed='false'] {
    background: ${({ theme }) => theme.colors.status.red};
  }
  & > button:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 1px;
  }
`;

export function statusBarLabel(status: CheckStatus): string {
  const outcome = status.status ? 'Passed' : 'Failed';
  const duration = status.duration != null ? ` in ${formatLatency(status.duration)}` : '';
  const detail = status.status
    ? ''
    : status.error || status.message
      ? `: ${status.error || status.message}`
      : '';
  return `${outcome} at ${formatLocalTime(status.time)}${duration}${detail}`;
}

export interface StatusHistoryStripProps {
  checkName: string;
  /** Newest first, as the API answers; drawn oldest to newest, left to right. */
  statuses: readonly CheckStatus[];
  onSelect?: () => void;
}

/**
 * The recent results of a check as small bars. One tab stop per strip; arrows move between bars,
 * each with its own accessible name, so a keyboard user can read the history bar by bar. Memoized:
 * a row re-rendered by a keystroke keeps its strip unless its results changed.
 */
export const StatusHistoryStrip = memo(function StatusHistoryStrip({
  checkName,
  statuses,
  onSelect,
}: StatusHistoryStripProps) {
  const ordered = useMemo(
    () => statuses.map((status) => ({ status, label: statusBarLabel(status) })).reverse(),
    [statuses],
  );
  // null: the newest bar is the strip's tab stop, also after new results arrive.
  const [active, setActive] = useState<number | null>(null);
  const bars = useRef<Array<HTMLButtonElement | null>>([]);
  const current = active === null ? ordered.length - 1 : Math.min(active, ordered.length - 1);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    let next = current;
    if (event.key === 'ArrowRight') next = Math.min(current + 1, ordered.length - 1);
    else if (event.key === 'ArrowLeft') next = Math.max(current - 1, 0);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = ordered.length - 1;
    else return;
    event.preventDefault();
    event.stopPropagation();
    setActive(next);
    bars.current[next]?.focus();
  }

  if (ordered.length === 0) return null;
  return (
    <Strip
      role="group"
      aria-label={`Recent results of ${checkName}`}
      onKeyDown={onKeyDown}
      data-testid={testIds.strip}
    >
      {ordered.map(({ status, label }, index) => (
        <button
          key={status.time}
          ref={(element) => {
            bars.current[index] = element;
          }}
          type="button"
          data-passed={status.status}
          tabIndex={index === current ? 0 : -1}
          onFocus={() => setActive(index)}
          aria-label={label}
          title={label}
          onClick={(event) => {
            event.stopPropagation();
            onSelect?.();
          }}
        />
      ))}
    </Strip>
  );
});
