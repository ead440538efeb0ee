/** A tri-state toggle value (console spec §4): 0 neutral, 1 include, -1 exclude. */
export type TriStateValue = 0 | 1 | -1;

// Spec §3: inside values a colon is written as four underscores and a comma as four pipes.
const escapeValue = (value: string) => value.replaceAll(':', '____').replaceAll(',', '||||');
const unescapeValue = (value: string) => value.replaceAll('____', ':').replaceAll('||||', ',');

/** Encodes `{value: state}` as 'a:1,b:-1' (neutral entries are dropped), in the given order. */
export function encodeTriState(entries: Iterable<readonly [string, TriStateValue]>): string {
  const parts: string[] = [];
  for (const [value, state] of entries) {
    if (state !== 0) parts.push(`${escapeValue(value)}:${state}`);
  }
  return parts.join(',');
}

/** Reads 'a:1,b:-1'; malformed entries are skipped rather than failing the whole view. */
export function decodeTriState(text: string | null | undefined): Array<[string, 1 | -1]> {
  if (!text) return [];
  const out: Array<[string, 1 | -1]> = [];
  for (const part of text.split(',')) {
    const colon = part.lastIndexOf(':');
    if (colon <= 0) continue;
    const state = part.slice(colon + 1);
    if (state !== '1' && state !== '-1') continue;
    out.push([unescapeValue(part.slice(0, colon)), state === '1' ? 1 : -1]);
  }
  return out;
}
