import type { ExtensionComparator, FilterExtension } from './ast.ts';
import { quoteValue, Scanner } from './scanner.ts';

export const extensionSuffix = '.filter';

// A bare item must not start like an exclusion or a comparison, nor contain the list syntax.
function encodeItem(value: string): string {
  return value === '' || /^[!<>=\s]|[,"\\]|\s$/u.test(value) ? quoteValue(value) : value;
}

/** The value of `{key}.filter=`: includes, then `!excludes`, then comparisons like `>now-1h`. */
export function encodeFilterExtension(extension: Omit<FilterExtension, 'key'>): string {
  return [
    ...extension.include.map(encodeItem),
    ...extension.exclude.map((value) => `!${encodeItem(value)}`),
    ...extension.comparisons.map(({ comparator, value }) => `${comparator}${encodeItem(value)}`),
  ].join(',');
}

/** Parses `a,!b,>now-1h` for the given key (the query parameter without `.filter`). */
export function parseFilterExtension(key: string, text: string): FilterExtension {
  const extension: FilterExtension = { key, include: [], exclude: [], comparisons: [] };
  if (text === '') return extension;
  const s = new Scanner(text, `${key}${extensionSuffix}`);
  for (;;) {
    let comparator: ExtensionComparator | undefined;
    let excluded = false;
    if (s.peek() === '!') {
      excluded = true;
      s.pos += 1;
    } else {
      for (const candidate of ['>=', '<=', '>', '<'] as const) {
        if (s.startsWith(candidate)) {
          comparator = candidate;
          s.pos += candidate.length;
          break;
        }
      }
    }
    const { text: value } = s.readValue(',');
    if (excluded) extension.exclude.push(value);
    else if (comparator) extension.comparisons.push({ comparator, value });
    else extension.include.push(value);
    if (s.done) return extension;
    s.expect(',');
  }
}
