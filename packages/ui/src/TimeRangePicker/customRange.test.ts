// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  buildCustomRange,
  canSubmitCustomRange,
  fromDateTimeLocalValue,
  toDateTimeLocalValue,
} from './customRange.ts';

describe('custom (absolute) range from the form', () => {
  it('can be submitted only when both ends are set', () => {
    expect(canSubmitCustomRange('', '')).toBe(false);
    expect(canSubmitCustomRange('2026-11-01T08:00', '')).toBe(false);
    expect(canSubmitCustomRange('', '2026-11-01T08:00')).toBe(false);
    expect(canSubmitCustomRange('2026-11-01T08:00', '2026-11-02T08:00')).toBe(true);
    expect(canSubmitCustomRange('not a date', '2026-11-02T08:00')).toBe(false);
  });

  it("builds an absolute range labelled 'Custom', or says why it cannot", () => {
    const built = buildCustomRange('2026-11-01T08:00', '2026-11-02T09:30');
    expect('range' in built && built.range.display).toBe('Custom');
    expect('range' in built && toDateTimeLocalValue(built.range.from)).toBe('2026-11-01T08:00');
    expect('range' in built && toDateTimeLocalValue(built.range.to)).toBe('2026-11-02T09:30');
    expect(buildCustomRange('2026-11-02T08:00', '2026-11-01T08:00')).toEqual({
      error: "'From' must be before 'To'",
    });
    expect(buildCustomRange('2026-11-01T08:00', '2026-11-01T08:00')).toEqual({
      error: "'From' must be before 'To'",
    });
    expect(buildCustomRange('', '2026-11-01T08:00')).toEqual({
      error: 'Please select both from and to',
    });
  });

  it('converts between ISO moments and the datetime-local format', () => {
    expect(toDateTimeLocalValue(undefined)).toBe('');
    expect(toDateTimeLocalValue('junk')).toBe('');
    expect(fromDateTimeLocalValue('')).toBeUndefined();
    const moment = fromDateTimeLocalValue('2026-03-29T02:30');
    expect(moment?.isValid).toBe(true);
  });
});
