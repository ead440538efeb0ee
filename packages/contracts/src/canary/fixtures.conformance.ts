// Conformance entries of the Canary (issue 32 §1): every canary fixture as it is (valid) and
// invalid variants of each, with the path every checker must name. The fixtures are read by the
// test that runs these (never copied here); this module only derives the variants from them.
import { REQUIRED_MESSAGE } from '../form/validation.ts';
import { CHECK_LIST_MESSAGE, checkFormsByKey } from './contract.ts';

export interface ConformanceEntry {
  /** `minimal/http_pass.yaml: http[0] without a name`. */
  name: string;
  kind: string;
  /** The manifest's spec. */
  spec: Record<string, unknown>;
  valid: boolean;
  /** Where the first problem is, from the spec's root (`http[0].name`). */
  path?: string;
  /** The message at that path, where every checker words it the same. */
  message?: string;
}

export interface FixtureDocument {
  /** The fixture's path under shared/fixtures. */
  file: string;
  spec: Record<string, unknown>;
}

const canaryLevel = new Set([
  'schedule',
  'interval',
  'owner',
  'severity',
  'resultMode',
  'replicas',
  'webhook',
  'env',
]);

function clone<T>(value: T): T {
  return structuredClone(value);
}

/** The fixture and its invalid variants: a check without its name, a check type that is no list. */
export function canaryEntries(documents: readonly FixtureDocument[]): ConformanceEntry[] {
  return documents.flatMap(({ file, spec }) => {
    const entries: ConformanceEntry[] = [{ name: file, kind: 'Canary', spec, valid: true }];
    const keys = Object.keys(spec).filter(
      (key) =>
        !canaryLevel.has(key) && Array.isArray(spec[key]) && (spec[key] as unknown[]).length > 0,
    );
    // A key with a form first: its variant goes through the editor's rules too.
    const key = keys.find((candidate) => checkFormsByKey.has(candidate)) ?? keys[0];
    if (key === undefined) return entries;
    const unnamed = clone(spec);
    const checks = unnamed[key] as Record<string, unknown>[];
    delete checks[0]!.name;
    entries.push({
      name: `${file}: ${key}[0] without a name`,
      kind: 'Canary',
      spec: unnamed,
      valid: false,
      path: `${key}[0].name`,
      message: REQUIRED_MESSAGE,
    });
    entries.push({
      name: `${file}: ${key} as a map`,
      kind: 'Canary',
      spec: { ...clone(spec), [key]: { ...((spec[key] as unknown[])[0] as object) } },
      valid: false,
      path: key,
      message: CHECK_LIST_MESSAGE,
    });
    return entries;
  });
}

/** Hand-written invalid canaries: a field the editor requires, a number, the schedule. */
export const canaryVariants: readonly ConformanceEntry[] = [
  {
    name: 'an HTTP check without a url or connection',
    kind: 'Canary',
    spec: { schedule: '@every 1m', http: [{ name: 'a' }] },
    valid: false,
    path: 'http[0].url',
    message: REQUIRED_MESSAGE,
  },
  {
    name: 'a DNS check whose port is text',
    kind: 'Canary',
    spec: { dns: [{ name: 'a', server: '8.8.8.8', query: 'example.com', port: 'x' }] },
    valid: false,
    path: 'dns[0].port',
    message: 'This field must be a number',
  },
  {
    name: 'a Postgres check without its query (the SQL form, driver from the key)',
    kind: 'Canary',
    spec: { postgres: [{ name: 'a', connection: 'connection://postgres/app' }] },
    valid: false,
    path: 'postgres[0].query',
    message: REQUIRED_MESSAGE,
  },
  {
    name: 'an empty schedule',
    kind: 'Canary',
    spec: { schedule: '', tcp: [{ name: 'a', endpoint: 'db:5432' }] },
    valid: false,
    path: 'schedule',
  },
  {
    name: 'a check of a type without a form, without a name',
    kind: 'Canary',
    spec: { containerd: [{ image: 'alpine' }] },
    valid: false,
    path: 'containerd[0].name',
    message: REQUIRED_MESSAGE,
  },
];

/**
 * Check types of the fixtures that the health-check editor has no form for (settings spec §2 lists
 * the ones it has): checked only for a list of named checks; each with why.
 */
export const checkTypesWithoutForm: Readonly<Record<string, string>> = {
  containerd: 'not an editor type (settings spec §2); edited as a raw spec',
  containerdPush: 'not an editor type (settings spec §2); edited as a raw spec',
  databaseBackup: 'not an editor type (settings spec §2); edited as a raw spec',
  kubernetesResource: 'not an editor type (settings spec §2); edited as a raw spec',
  pubsub: 'not an editor type (settings spec §2); edited as a raw spec',
};
