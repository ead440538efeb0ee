import { ApiError, apiErrorMessages } from '@opsdeck/api-client';
import { describe, expect, it } from 'vitest';
import { createToastDeduper } from './toastDeduper.ts';
import { toastMessageForError } from './toastMessage.ts';

describe('toastMessageForError', () => {
  it('shows the fixed words for timeout, network and offline, and the server message otherwise', () => {
    expect(
      toastMessageForError(new ApiError({ kind: 'timeout', message: apiErrorMessages.timeout })),
    ).toBe('Request timed out. Please try again.');
    expect(
      toastMessageForError(new ApiError({ kind: 'network', message: apiErrorMessages.network })),
    ).toBe('Network Error. Please try again.');
    expect(
      toastMessageForError(new ApiError({ kind: 'offline', message: apiErrorMessages.offline })),
    ).toBe('No internet connection. Please try again.');
    expect(
      toastMessageForError(
        new ApiError({ kind: 'http', status: 500, message: 'database is down' }),
      ),
    ).toBe('database is down');
    expect(toastMessageForError(new ApiError({ kind: 'http', status: 403, message: '' }))).toBe(
      'An error occurred',
    );
    expect(toastMessageForError(new Error('something else'))).toBe('An error occurred');
  });

  it('stays quiet for a 401 (it redirects) and for an abort (the caller asked for it)', () => {
    expect(
      toastMessageForError(new ApiError({ kind: 'http', status: 401, message: 'unauthorized' })),
    ).toBeNull();
    expect(toastMessageForError(new DOMException('aborted', 'AbortError'))).toBeNull();
  });
});

describe('createToastDeduper', () => {
  it('drops the same words within the window, not different ones or later ones', () => {
    let now = 0;
    const shouldShow = createToastDeduper(2000, () => now);
    expect(shouldShow('Network Error. Please try again.')).toBe(true);
    expect(shouldShow('Network Error. Please try again.')).toBe(false);
    expect(shouldShow('database is down')).toBe(true);
    now = 2500;
    expect(shouldShow('Network Error. Please try again.')).toBe(true);
  });
});
