import { dump } from 'js-yaml';

// The Spec view's text of a config: scrapers store JSON (an object) or, for a few, a string.

export type SpecFormat = 'yaml' | 'json';

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
