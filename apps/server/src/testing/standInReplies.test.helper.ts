// How a feature's stand-in is held to this server (featureStandIns.contract.test.ts and the logs
// one): the same api-client calls go to both, each exchange is recorded, and what the stand-in
// answers may hold no key or type the server would not send.
import { createApiClient } from '@opsdeck/api-client';

/** One HTTP exchange a call made. */
export interface Exchange {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

/** An api-client whose every request and reply is kept, as the feature's code sends and reads them. */
export function recordingClient(base: string, headers: Record<string, string> = {}) {
  const exchanges: Exchange[] = [];
  const client = createApiClient({
    baseUrl: `${base}/api`,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
      const response = await fetch(request);
      const text = await response.clone().text();
      let body: unknown = text;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        // not JSON: compared as text
      }
      exchanges.push({
        method: request.method,
        path: new URL(request.url).pathname,
        status: response.status,
        body,
      });
      return response;
    },
  });
  return { client, exchanges };
}

// Values that are maps (their keys are data: labels, tags, a spec, counts by kind): only their
// type is compared, not their keys.
const MAPS = new Set([
  'labels',
  'tags',
  'spec',
  'config',
  'parameters',
  'properties',
  'details',
  'result',
  'analysis',
  'health',
  'summary',
  'selectors',
  'annotations',
  'artifacts',
  // An audit entry's row images: their keys are the audited table's columns.
  'before',
  'after',
]);

const kind = (value: unknown) =>
  value === null || value === undefined ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** Every value of `values` folded into one: objects by the union of their keys, arrays into one element. */
export function merged(values: readonly unknown[]): unknown {
  const present = values.filter((value) => kind(value) !== 'null');
  if (present.length === 0) return null;
  if (present.every((value) => Array.isArray(value))) {
    const items = (present as unknown[][]).flat();
    return items.length === 0 ? [] : [merged(items)];
  }
  if (present.every((value) => kind(value) === 'object')) {
    const objects = present as Record<string, unknown>[];
    const keys = new Set(objects.flatMap((object) => Object.keys(object)));
    return Object.fromEntries(
      [...keys].map((key) => [key, merged(objects.filter((o) => key in o).map((o) => o[key]))]),
    );
  }
  return present[0];
}

/** Where the stand-in's `standIn` answers what `real` never would: keys it invents, types it changes. */
export function mismatches(real: unknown, standIn: unknown, where = 'body'): string[] {
  if (kind(real) === 'null' || kind(standIn) === 'null') return [];
  if (kind(real) !== kind(standIn))
    return [`${where}: the server answers ${kind(real)}, the stand-in ${kind(standIn)}`];
  if (Array.isArray(real) && Array.isArray(standIn)) {
    if (real.length === 0) return [];
    return standIn.flatMap((item, index) => mismatches(real[0], item, `${where}[${index}]`));
  }
  if (kind(real) !== 'object') return [];
  const realObject = real as Record<string, unknown>;
  return Object.entries(standIn as Record<string, unknown>).flatMap(([key, value]) => {
    if (!(key in realObject)) return [`${where}.${key}: the server never sends it`];
    if (MAPS.has(key))
      return kind(realObject[key]) === 'null' ||
        kind(value) === 'null' ||
        kind(realObject[key]) === kind(value)
        ? []
        : [
            `${where}.${key}: the server answers ${kind(realObject[key])}, the stand-in ${kind(value)}`,
          ];
    return mismatches(realObject[key], value, `${where}.${key}`);
  });
}
