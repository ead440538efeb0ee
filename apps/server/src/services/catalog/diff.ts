/**
 * A unified diff (`diff -u` shape, 3 lines of context) of two JSON documents pretty-printed with
 * sorted keys, as config-db stores a change's `diff`. For the demo seed: documents of a few hundred
 * lines, so a plain LCS table is enough.
 */
export function unifiedJsonDiff(before: unknown, after: unknown, name: string): string {
  return unifiedDiff(prettyJson(before).split('\n'), prettyJson(after).split('\n'), name);
}

/** JSON with object keys in order, two spaces: the same document always prints the same. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(sortKeys(value), null, 2);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  return value;
}

type Edit = { kind: ' ' | '-' | '+'; line: string; a: number; b: number };

function edits(a: readonly string[], b: readonly string[]): Edit[] {
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1)
      lcs[i]![j] =
        a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const result: Edit[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      result.push({ kind: ' ', line: a[i]!, a: i, b: j });
      i += 1;
      j += 1;
    } else if (i < a.length && (j === b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      // Removals before additions, as diff -u prints a replaced line.
      result.push({ kind: '-', line: a[i]!, a: i, b: j });
      i += 1;
    } else {
      result.push({ kind: '+', line: b[j]!, a: i, b: j });
      j += 1;
    }
  }
  return result;
}

function unifiedDiff(a: readonly string[], b: readonly string[], name: string): string {
  const all = edits(a, b);
  const context = 3;
  const lines = [`--- a/${name}`, `+++ b/${name}`];
  let index = 0;
  while (index < all.length) {
    if (all[index]!.kind === ' ') {
      index += 1;
      continue;
    }
    // A hunk: from `context` lines before this change to `context` after the last change that
    // is no more than 2 * context lines from the previous one.
    const start = Math.max(0, index - context);
    let end = index;
    let last = index;
    while (end < all.length && end - last <= 2 * context) {
      if (all[end]!.kind !== ' ') last = end;
      end += 1;
    }
    end = Math.min(all.length, last + context + 1);
    const hunk = all.slice(start, end);
    const aCount = hunk.filter((edit) => edit.kind !== '+').length;
    const bCount = hunk.filter((edit) => edit.kind !== '-').length;
    const aStart = hunk[0]!.a + (aCount > 0 ? 1 : 0);
    const bStart = hunk[0]!.b + (bCount > 0 ? 1 : 0);
    lines.push(`@@ -${aStart},${aCount} +${bStart},${bCount} @@`);
    for (const edit of hunk) lines.push(`${edit.kind}${edit.line}`);
    index = end;
  }
  return `${lines.join('\n')}\n`;
}

/** The JSON merge patch (RFC 7396) that turns `before` into `after`, as text. */
export function mergePatch(before: unknown, after: unknown): string {
  return JSON.stringify(sortKeys(patchOf(before, after)) ?? {});
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function patchOf(before: unknown, after: unknown): unknown {
  if (!isObject(before) || !isObject(after))
    return JSON.stringify(before) === JSON.stringify(after) ? undefined : after;
  const patch: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!(key in after)) patch[key] = null;
    else {
      const inner = patchOf(before[key], after[key]);
      if (inner !== undefined) patch[key] = inner;
    }
  }
  return Object.keys(patch).length > 0 ? patch : undefined;
}
