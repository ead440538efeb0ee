import styled from 'styled-components';
import { formatLocalMoment, formatMomentFromNow, momentIso } from '../format/age.ts';
import type { DateInput } from '../format/date.ts';
import { Tooltip } from '../Tooltip/Tooltip.tsx';

const Time = styled.time`
  white-space: nowrap;
  border-radius: ${({ theme }) => theme.radius.sm};
`;

export interface MomentProps {
  value: DateInput;
  /** What "now" is (a page that ticks passes its clock); default the time of drawing. */
  now?: DateInput;
  /** Words before the relative time (`Scraped`, `last run`). */
  prefix?: string;
  /** What to show for a missing value (default nothing). */
  fallback?: string;
}

/**
 * The one way a moment is shown: relative with its direction (`22m ago`, `in 5m`), and on hover or
 * keyboard focus the absolute time in the user's time zone (`27 Nov 2026, 14:17:24 CET`).
 */
export function Moment({ value, now, prefix, fallback = '' }: MomentProps) {
  const relative = formatMomentFromNow(value, now ?? Date.now());
  if (!relative) return fallback ? <>{fallback}</> : null;
  const absolute = formatLocalMoment(value);
  return (
    <Tooltip content={absolute}>
      {/* The text and label depend on the moment of drawing and the time zone: a server render's may
          differ from the browser's hydrating one by a minute or a zone, and the browser's next
          render brings them up to date. */}
      <Time
        suppressHydrationWarning
        dateTime={momentIso(value)}
        tabIndex={0}
        data-slot="moment"
        aria-label={`${prefix ? `${prefix} ` : ''}${relative}, ${absolute}`}
      >
        {prefix ? `${prefix} ` : ''}
        {relative}
      </Time>
    </Tooltip>
  );
}
