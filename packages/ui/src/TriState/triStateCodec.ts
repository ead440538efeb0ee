import type { TriStateInclusion, TriStateSelection, TriStateValue } from './triState';

// URL form of a tri-state selection (console spec §3): `value:1,value:-1`. Inside a value a colon
// is written as four underscores and a comma as four pipes, so the separators stay unambiguous.
const ESCAPED_COLON = '____';
const ESCAPED_COMMA = '||||';

export function encodeTriStateValue(value: string): string {
  return value.replaceAll(':', ESCAPED_COLON).replaceAll(',', ESCAPED_COMMA);
}

export function decodeTriStateValue(encoded: string): string {
  return encoded.replaceAll(ESCAPED_COLON, ':').replaceAll(ESCAPED_COMMA, ',');
}

/**
 * Whether a value survives the round trip. The spec's escaping cannot tell a written `____` from an
 * escaped colon, nor `a_:` from `a:_`, so values with such runs next to the separators are lossy.
 */
export function isLosslessTriStateValue(value: string): boolean {
  return !/_{4}|\|{4}|_:|:_|\|,|,\|/.test(value);
}

/**
 * A selection, or `[value, state]` entries in the order the URL should list them (a record puts
 * integer-like keys first), as `value:1,value:-1`; neutral entries are left out.
 */
export function encodeTriState(
  selection: TriStateSelection | Iterable<readonly [string, TriStateValue]>,
): string {
  const entries = Symbol.iterator in selection ? selection : Object.entries(selection);
  const items: string[] = [];
  for (const [value, state] of entries) {
    if (state !== 0) items.push(`${encodeTriStateValue(value)}:${state}`);
  }
  return items.join(',');
}

/** Parses the URL value; malformed items (no state, a state other than 1/-1) are skipped. */
export function decodeTriState(encoded: string | null | undefined): TriStateSelection {
  if (!encoded) return {};
  const entries: [string, TriStateInclusion][] = [];
  for (const item of encoded.split(',')) {
    const separator = item.lastIndexOf(':');
    if (separator < 0) continue;
    const state = item.slice(separator + 1);
    if (state !== '1' && state !== '-1') continue;
    entries.push([decodeTriStateValue(item.slice(0, separator)), state === '1' ? 1 : -1]);
  }
  // fromEntries (not assignment) so a value named __proto__ stays a plain key.
  return Object.fromEntries(entries);
}
