import type { CheckSummary } from '@opsdeck/api-client/health';
import { checkEndpoint } from './checkFields.ts';

/**
 * One lowercase haystack per check (name, description, endpoint), built once per summary so a
 * keystroke only scans strings. A separator no query contains keeps matches inside one field.
 */
export function buildSearchIndex(checks: readonly CheckSummary[]): string[] {
  const index = new Array<string>(checks.length);
  for (let i = 0; i < checks.length; i++) {
    const check = checks[i]!;
    index[i] =
      `${check.name}\u0000${check.description ?? ''}\u0000${checkEndpoint(check)}`.toLowerCase();
  }
  return index;
}

export function normalizeSearch(query: string): string {
  return query.trim().toLowerCase();
}

/**
 * The entries of `candidates` (indexes into the index) whose haystack contains `query`, in order.
 * `query` must already be normalized. An empty query returns `candidates` itself.
 */
export function searchIndexes(
  index: readonly string[],
  candidates: Int32Array,
  query: string,
): Int32Array {
  if (query === '') return candidates;
  const out = new Int32Array(candidates.length);
  let n = 0;
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i]!;
    if (index[c]!.includes(query)) out[n++] = c;
  }
  return out.subarray(0, n);
}
