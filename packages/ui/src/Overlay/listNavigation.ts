/**
 * The item an arrow, Home or End key makes active among the enabled ones, or undefined for any
 * other key. Menus wrap around at the ends, listboxes stop there (ARIA practices).
 */
export function moveActiveIndex(
  key: string,
  enabled: readonly number[],
  active: number,
  wrap: boolean,
): number | undefined {
  const last = enabled.length - 1;
  const step = key === 'ArrowDown' ? 1 : key === 'ArrowUp' ? -1 : 0;
  const target = step
    ? enabled.indexOf(active) + step
    : key === 'Home'
      ? 0
      : key === 'End'
        ? last
        : undefined;
  if (target === undefined) return undefined;
  return (
    enabled[
      wrap ? (target + enabled.length) % enabled.length : Math.min(last, Math.max(0, target))
    ] ?? active
  );
}
