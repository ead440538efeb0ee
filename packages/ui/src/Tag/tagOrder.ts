export interface TagEntry {
  key: string;
  value: string;
}

/** Keys shown before all others, in this order (console spec §9). */
export const LEADING_TAG_KEYS = ['account', 'namespace', 'name'] as const;

function rank(key: string): number {
  const index = (LEADING_TAG_KEYS as readonly string[]).indexOf(key);
  return index === -1 ? LEADING_TAG_KEYS.length : index;
}

/** Orders tags: account, namespace and name first, then alphabetically by key. */
export function sortTags(
  tags: Record<string, string> | readonly TagEntry[] | null | undefined,
): TagEntry[] {
  if (!tags) return [];
  const entries: TagEntry[] = Array.isArray(tags)
    ? [...(tags as readonly TagEntry[])]
    : Object.entries(tags as Record<string, string>).map(([key, value]) => ({ key, value }));
  return entries.sort(
    (a, b) =>
      rank(a.key) - rank(b.key) || a.key.localeCompare(b.key) || a.value.localeCompare(b.value),
  );
}
