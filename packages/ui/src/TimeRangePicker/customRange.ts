import { DateTime } from 'luxon';
import { customTimeRange } from './mapper.ts';
import type { AbsoluteTimeRange } from './timeRange.ts';

// The from/to form works in the browser's `datetime-local` format (yyyy-MM-ddTHH:mm, local zone).
const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm";

export function toDateTimeLocalValue(iso: string | undefined): string {
  if (!iso) return '';
  const moment = DateTime.fromISO(iso, { setZone: true });
  return moment.isValid ? moment.toLocal().toFormat(LOCAL_FORMAT) : '';
}

export function fromDateTimeLocalValue(value: string): DateTime | undefined {
  if (!value) return undefined;
  const moment = DateTime.fromISO(value);
  return moment.isValid ? moment : undefined;
}

/** Submit is enabled only when both ends are set (console spec §5). */
export function canSubmitCustomRange(from: string, to: string): boolean {
  return fromDateTimeLocalValue(from) !== undefined && fromDateTimeLocalValue(to) !== undefined;
}

export const FROM_AFTER_TO_MESSAGE = "'From' must be before 'To'";

/** The absolute range labelled Custom for a submitted pair, or the reason it cannot be applied. */
export function buildCustomRange(
  from: string,
  to: string,
): { range: AbsoluteTimeRange } | { error: string } {
  const start = fromDateTimeLocalValue(from);
  const end = fromDateTimeLocalValue(to);
  if (!start || !end) return { error: 'Please select both from and to' };
  if (start >= end) return { error: FROM_AFTER_TO_MESSAGE };
  return { range: customTimeRange(start, end) };
}
