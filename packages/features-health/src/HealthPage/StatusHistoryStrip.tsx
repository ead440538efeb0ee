import type { CheckStatus } from '@opsdeck/api-client';
import { formatLatency } from '@opsdeck/ui';
import { formatLocalTime } from '../model/age.ts';
import { useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { testIds } from '../testIds.ts';

const Strip = styled.div`
  display: inline-flex;
  align-items: flex-end;
  gap: 2px;
  height: 18px;
`;

const Bar = styled.button<{ $passed: boolean }>`
  width: 6px;
  height: 16px;
  padding: 0;
  border: none;
  border-radius: 1px;
  background: ${({ theme, $passed }) => ($passed ? theme.colors.status.green : theme.colors.status.red)};
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 1px;
  }
`;

export function statusBarLabel(status: CheckStatus): string {
  const outcome = status.status ? 'Passed' : 'Failed';
  const duration = status.duration != null ? ` in ${formatLatency(status.duration)}` : '';
  const detail = status.status ? '' : status.error || status.message ? `: ${status.error || status.message}` : '';
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
 * each with its own accessible name, so a keyboard user can read the history bar by bar.
 */
export function StatusHistoryStrip({ checkName, statuses, onSelect }: StatusHistoryStripProps) {
  const ordered = [...statuses].reverse();
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
    <Strip role="group" aria-label={`Recent results of ${checkName}`} onKeyDown={onKeyDown} data-testid={testIds.strip}>
      {ordered.map((status, index) => (
        <Bar
          key={status.time}
          ref={(element) => {
            bars.current[index] = element;
          }}
          type="button"
          $passed={status.status}
          tabIndex={index === current ? 0 : -1}
          onFocus={() => setActive(index)}
          aria-label={statusBarLabel(status)}
          title={statusBarLabel(status)}
          onClick={(event) => {
            event.stopPropagation();
            onSelect?.();
          }}
        />
      ))}
    </Strip>
  );
}
