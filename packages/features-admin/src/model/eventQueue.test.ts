import { describe, expect, it } from 'vitest';
import { eventQueueRequest, formatAttempts } from './eventQueue.ts';

describe('the event queue’s URL state', () => {
  it('orders by the latest failure first until the user sorts, and pages as the URL says', () => {
    const base = {
      pageIndex: 0,
      pageSize: 50,
      sortBy: undefined,
      sortOrder: undefined,
      filters: {},
    };
    expect(eventQueueRequest(base)).toEqual({
      pageIndex: 0,
      pageSize: 50,
      sortBy: 'last_failure',
      sortOrder: 'desc',
    });
    expect(
      eventQueueRequest({ ...base, pageIndex: 1, sortBy: 'failed', sortOrder: 'asc' }),
    ).toEqual({ pageIndex: 1, pageSize: 50, sortBy: 'failed', sortOrder: 'asc' });
  });

  it('shows average attempts with at most one decimal', () => {
    expect(formatAttempts(1.5)).toBe('1.5');
    expect(formatAttempts(2.3333)).toBe('2.3');
    expect(formatAttempts(3)).toBe('3');
    expect(formatAttempts(null)).toBe('');
  });
});
