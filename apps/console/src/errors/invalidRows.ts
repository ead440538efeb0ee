import type { InvalidRows } from '@opsdeck/api-client';

/**
 * Rows of a list the server sent that did not match their schema are left out by the API client;
 * this carries its reports (made outside React) to the toasts, so the page says what it left out.
 */
export interface InvalidRowsNotices {
  report: (report: InvalidRows) => void;
  subscribe: (listener: (report: InvalidRows) => void) => () => void;
}

export function createInvalidRowsNotices(): InvalidRowsNotices {
  const listeners = new Set<(report: InvalidRows) => void>();
  return {
    report: (report) => listeners.forEach((listener) => listener(report)),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** `1 of 3 rows of playbooks could not be read and are not shown (at 1.spec.actions: expected array)`. */
export function invalidRowsMessage({ url, count, total, message }: InvalidRows): string {
  const path = url.split('?', 1)[0]!;
  const source = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || 'the list';
  const rows = total === 1 ? 'row' : 'rows';
  const verb = count === 1 ? 'is' : 'are';
  return `${count} of ${total} ${rows} of ${source} could not be read and ${verb} not shown (at ${message}).`;
}
