import type { TriStateInclusion, TriStateSelection, TriStateValue } from './triState.ts';

// URL form of a tri-state selection (console spec §3): `value:1,value:-1`. Inside a value a colon
// is written as four underscores and a comma as four pipes, so the separators stay unambiguous.
// (Literals, not named constants: this ships in the embed's first load, where bytes are counted.)
export function encodeTriStateValue(value: string): string {
  return value.replaceAll(':', '____').replaceAll(',', '||||');
}

export function decodeTriStateValue(encoded: string): string {
  return encoded.replaceAll('____', ':').replaceAll('||||', ',');
}

/**
 * Whether a value survives the round trip. The spec's escaping cannot tell a written `____` from an
 * escaped colon, nor `a_:` from `a:_`, so values with such runs next to the separators are lossy.
 */
export function isLosslessTriStateValue(value: string): boolean {
  return !/_{4}|\|{4}|_:|:_|\|,|,\|/.test(value);
}

/**
 * `[value, state]` entries in the order the URL should list them, as `value:1,value:-1`; neutral
 * entries are left out. For callers that keep their own structure (features-health's label filter).
 */
export function encodeTriStateEntries(entries: Iterable<readonly [string, TriStateValue]>): string {
  const items: string[] = [];
  for (const [value, state] of entries) {
    if (state !== 0) items.push(`${encodeTriStateValue(value)}:${state}`);
  }
  return items.join(',');
}

export function encodeTriState(selection: TriStateSelection): string {
  return encodeTriStateEntries(Object.entries(selection));
}

/**
 * The URL value as `[value, state]` entries in URL order; malformed items (no state, a state other
 * than 1/-1) are skipped.
 */
export function decodeTriStateEntries(
  encoded: string | null | undefined,
): Array<[string, TriStateInclusion]> {
  const entries: Array<[string, TriStateInclusion]> = [];
  if (!encoded) return entries;
  for (const item of encoded.split(',')) {
    const separator = item.lastIndexOf(':');
    if (separator < 0) continue;
    const state = item.slice(separator + 1);
    if (state !== '1' && state !== '-1') continue;
    entries.push([decodeTriStateValue(item.slice(0, separator)), state === '1' ? 1 : -1]);
  }
  return entries;
}

/** The URL value as a selection (see decodeTriStateEntries). */
export function decodeTriState(encoded: string | null | undefined): TriStateSelection {
  // fromEntries (not assignment) so a value named __proto__ stays a plain key.
  return Object.fromEntries(decodeTriStateEntries(encoded));
}
