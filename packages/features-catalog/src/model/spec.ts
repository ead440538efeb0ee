import { dump } from 'js-yaml';

// The Spec view's text of a config: scrapers store JSON (an object) or, for a few, a string.

export type SpecFormat = 'yaml' | 'json';

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * The renderings a change's diff may have been made of, most likely first: config-db diffs JSON
 * pretty-printed with sorted keys; others diff YAML or JSON as stored.
 */
export function diffableTexts(config: unknown): string[] {
  const parsed: unknown = typeof config === 'string' ? safeParse(config) : config;
  if (parsed === null || parsed === undefined) return [];
  if (typeof parsed === 'string') return [parsed];
  return [
    JSON.stringify(sortKeys(parsed), null, 2),
    specText(parsed, 'yaml'),
    specText(parsed, 'json'),
  ];
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function specText(config: unknown, format: SpecFormat): string {
  if (config === null || config === undefined) return '';
  if (typeof config === 'string') {
    // A string that is JSON reads better formatted; anything else is shown as scraped.
    try {
      return specText(JSON.parse(config) as unknown, format);
    } catch {
      return config;
    }
  }
  return format === 'json'
    ? JSON.stringify(config, null, 2)
    : dump(config, { noRefs: true, lineWidth: -1, sortKeys: false });
}
