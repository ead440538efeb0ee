import { apiErrorMessages, isApiError } from '@opsdeck/api-client';

/**
 * The toast a failed call deserves (spec §8), or null for none: a 401 already redirects to the
 * state checker, and an abort is the caller's own doing. Timeout, network and offline carry their
 * fixed words; other replies carry the server's error or message.
 */
export function toastMessageForError(error: unknown): string | null {
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  if (isApiError(error)) {
    if (error.kind === 'http' && error.status === 401) return null;
    return error.message || apiErrorMessages.fallback;
  }
  if (error instanceof Error && error.name === 'AbortError') return null;
  return apiErrorMessages.fallback;
}
