import { formatPath } from '../contract.ts';

/** A spec made from another by one deliberate change, and what the change was. */
export interface SpecVariant {
  /** `drop actions[0].exec`, `actions: wrong type`, `parameters: duplicate name`… */
  label: string;
  spec: unknown;
}

type Key = string | number;
const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// A value of another JSON type than `value`: what a hand-edited document gets wrong most.
function wrongTypeOf(value: unknown): unknown {
  if (Array.isArray(value)) return 'not a list';
  if (isMap(value)) return ['not', 'a', 'map'];
  if (typeof value === 'string') return 42;
  return 'not a number or flag';
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

// `spec` with the value at `path` replaced (or removed, for `undefined`).
function withValue(spec: unknown, path: readonly Key[], value: unknown): unknown {
  const copy = clone(spec);
  let parent = copy as Record<Key, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<Key, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined) {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else parent[last] = value;
  return copy;
}

// The places a variant changes: each field of the spec, and each field of the first item of a
// list (or of a map) one level down, where nested rules (an action's exec, a retry) live.
function placesOf(spec: Record<string, unknown>): Key[][] {
  const places: Key[][] = [];
  for (const [key, value] of Object.entries(spec)) {
    places.push([key]);
    const inner = Array.isArray(value) ? value[0] : value;
    const base: Key[] = Array.isArray(value) ? [key, 0] : [key];
    if (isMap(inner)) for (const field of Object.keys(inner)) places.push([...base, field]);
  }
  return places;
}

/**
 * Variants of a valid spec for a conformance test: the whole spec of the wrong type, each field
 * (and each field one level down) dropped and of the wrong type, and each list of named items
 * with its first name used twice. Some stay valid (an optional field dropped): a conformance test
 * asks every path for its verdict on each and compares, it does not assume one.
 */
export function specVariants(spec: Record<string, unknown>): SpecVariant[] {
  const variants: SpecVariant[] = [{ label: 'not a map', spec: 'not a spec' }];
  for (const place of placesOf(spec)) {
    const where = formatPath(place);
    let current: unknown = spec;
    for (const key of place) current = (current as Record<Key, unknown>)[key];
    variants.push({ label: `drop ${where}`, spec: withValue(spec, place, undefined) });
    variants.push({
      label: `${where}: wrong type`,
      spec: withValue(spec, place, wrongTypeOf(current)),
    });
  }
  for (const [key, value] of Object.entries(spec)) {
    const first: unknown = Array.isArray(value) ? value[0] : undefined;
    if (isMap(first) && typeof first.name === 'string')
      variants.push({
        label: `${key}: duplicate name`,
        spec: { ...clone(spec), [key]: [...clone(value as unknown[]), clone(first)] },
      });
  }
  return variants;
}
