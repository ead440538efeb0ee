/** Location state the state checker leaves on the page it sends a signed-in user back to. */
export const RETURNED_BY_CHECKER = 'opsdeck.returnedByChecker';

export function returnedByChecker(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Record<string, unknown>)[RETURNED_BY_CHECKER] === true
  );
}
