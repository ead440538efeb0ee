/**
 * Going offline fails every query on the page at once; one toast says it. The same words within
 * `windowMs` of the last time they were shown are dropped.
 */
export function createToastDeduper(
  windowMs = 2000,
  now: () => number = Date.now,
): (message: string) => boolean {
  const lastShown = new Map<string, number>();
  return (message) => {
    const at = now();
    const previous = lastShown.get(message);
    if (previous !== undefined && at - previous < windowMs) return false;
    lastShown.set(message, at);
    return true;
  };
}
