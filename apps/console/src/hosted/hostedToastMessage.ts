import { hostedErrorMessage } from '@opsdeck/auth/hosted';
import { toastMessageForError } from '../errors/toastMessage.ts';

/**
 * Spec §8 in hosted mode: a failed call's toast carries the server's own message (the backend's
 * `error`/`message`). A 401 (it redirects) and an abort still show nothing.
 */
export function hostedToastMessage(error: unknown): string | null {
  return toastMessageForError(error) === null ? null : hostedErrorMessage(error);
}
