// The health-check editor (settings §2 "Health-check editor"): the 31 types sorted by label, guided
// forms for nine of them and the raw spec for the rest; a canary with one check of a guided type
// opens in that type's form, and the form's value is that one check in the canary's spec.
import { checkFormValues, checkTypes } from '@opsdeck/contracts/canary';
import { scraperTypes } from '@opsdeck/contracts/scrape-config';
import {
  defaultValues,
  formIssues,
  submittedValues,
  type FormDescription,
  type FormValues,
} from '@opsdeck/contracts/form';

/** The types with a guided form (settings §2); every other type is edited as the raw spec. */
export const GUIDED_CHECK_TYPES: ReadonlySet<string> = new Set([
  'http',
  'exec',
  'alertmanager',
  'elasticsearch',
  'redis',
  'mongodb',
  'icmp',
  'folder',
  'tcp',
]);

/** The canary's own fields: every other key of its spec is a list of checks. */
const CANARY_FIELDS: ReadonlySet<string> = new Set([
  'schedule',
  'interval',
  'owner',
  'severity',
  'resultMode',
  'replicas',
  'env',
]);

/** A type of a typed spec's entries (a check type, a scraper type), as its grid offers it. */
export interface HealthCheckType {
  type: string;
  /** 'HTTP', as the type grid shows it. */
  label: string;
  /** The spec key its checks are listed under; none for Custom. */
  key?: string;
  guided: boolean;
  description: FormDescription;
  /** The type's reference documentation. */
  docsUrl: string;
}

// GCS, S3, SMB and SFTP are folder checks with that connection; SQL lists under its driver.
const specKeyOf: Record<string, string | undefined> = {
  gcs: 'folder',
  s3: 'folder',
  smb: 'folder',
  sftp: 'folder',
  sql: 'postgres',
  custom: undefined,
};

const DOCS = 'https://flanksource.com/docs/guide/canary-checker/reference';

export const healthCheckTypes: readonly HealthCheckType[] = checkTypes
  .filter((description) => !description.hidden)
  .map((description) => ({
    type: description.type,
    label: description.label.replace(/ check$/, ''),
    ...(description.type in specKeyOf
      ? specKeyOf[description.type]
        ? { key: specKeyOf[description.type]! }
        : {}
      : { key: description.type }),
    guided: GUIDED_CHECK_TYPES.has(description.type),
    description,
    docsUrl: `${DOCS}/${description.type === 'custom' ? '' : description.type}`,
  }))
  .sort((a, b) => a.label.localeCompare(b.label));

/**
 * A spec made of lists of typed entries, and the types its editor offers: a canary's checks, or a
 * catalog scraper's scrapers (settings §2 "Catalog-scraper editor": 11 types sorted by label, each
 * with its form; Custom is the raw spec).
 */
export interface SpecTypeCatalog {
  /** Names the type grid ('Health check types'). */
  label: string;
  types: readonly HealthCheckType[];
  /** The spec's own fields; every other key is a list of entries. */
  ownFields: ReadonlySet<string>;
  /** The form values of an entry listed under `key`. */
  formValues: (key: string, entry: unknown) => unknown;
}

export const healthCheckCatalog: SpecTypeCatalog = {
  label: 'Health check types',
  types: healthCheckTypes,
  ownFields: CANARY_FIELDS,
  formValues: checkFormValues,
};

const SCRAPER_DOCS = 'https://flanksource.com/docs/guide/config-db/scrapers';

export const scraperCatalog: SpecTypeCatalog = {
  label: 'Catalog scraper types',
  types: scraperTypes
    .map((description) => ({
      type: description.type,
      label: description.label,
      ...(description.type === 'custom' ? {} : { key: description.type }),
      guided: description.type !== 'custom',
      description,
      docsUrl: `${SCRAPER_DOCS}/${description.type === 'custom' ? '' : description.type}`,
    }))
    .sort((a, b) => a.label.localeCompare(b.label)),
  ownFields: new Set(['schedule', 'full', 'logLevel', 'retention']),
  formValues: (_key, entry) => entry,
};

export function catalogType(
  catalog: SpecTypeCatalog,
  type: string | undefined,
): HealthCheckType | undefined {
  return catalog.types.find((entry) => entry.type === type);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The entry lists of a spec: `[key, entries]` for every key that is not the spec's own field. */
function checkLists(catalog: SpecTypeCatalog, spec: Record<string, unknown>): [string, unknown][] {
  return Object.entries(spec).filter(([key]) => !catalog.ownFields.has(key));
}

/**
 * The guided form a spec opens in: its one check, when it has exactly one and that check's type has
 * a guided form; otherwise none (the raw spec editor).
 */
export function guidedCheckOf(
  spec: unknown,
  catalog: SpecTypeCatalog = healthCheckCatalog,
): { type: HealthCheckType; check: FormValues; original: FormValues } | undefined {
  if (!isRecord(spec)) return undefined;
  const lists = checkLists(catalog, spec);
  if (lists.length !== 1) return undefined;
  const [key, entries] = lists[0]!;
  if (!Array.isArray(entries) || entries.length !== 1 || !isRecord(entries[0])) return undefined;
  const type = catalog.types.find((entry) => entry.key === key && entry.guided);
  if (!type) return undefined;
  return {
    type,
    check: defaultValues(type.description, catalog.formValues(key, entries[0]) as FormValues),
    original: entries[0],
  };
}

/** The form values of a new check of `type`, named after the canary. */
export function newCheckValues(type: HealthCheckType, name: string): FormValues {
  return defaultValues(type.description, { name });
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value)) return Object.values(value).every(isEmpty);
  return false;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The form's value without what the form added: a field left empty (an untouched text, a value
 * source with no value, an empty map) or at its default (GET, db 0, a switch off) is not written,
 * unless the opened check had it. So a check opened and saved unchanged is the check it was.
 */
export function withoutAddedDefaults(
  value: unknown,
  original: unknown,
  defaults: unknown,
): unknown {
  if (Array.isArray(value))
    return value.map((item, index) =>
      withoutAddedDefaults(item, Array.isArray(original) ? original[index] : undefined, undefined),
    );
  if (!isRecord(value)) return value;
  const before = isRecord(original) ? original : {};
  const preset = isRecord(defaults) ? defaults : {};
  const result: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (!(key in before) && (isEmpty(entry) || entry === false || sameValue(entry, preset[key])))
      continue;
    result[key] = withoutAddedDefaults(entry, before[key], preset[key]);
  }
  return result;
}

/**
 * The spec with the guided form's check as its one check (the canary's own fields kept); `original`
 * is the check as it was opened, whose fields are written back even when empty.
 */
export function specWithCheck(
  spec: Record<string, unknown>,
  type: HealthCheckType,
  check: FormValues,
  original?: unknown,
  catalog: SpecTypeCatalog = healthCheckCatalog,
): Record<string, unknown> {
  const own = Object.fromEntries(
    Object.entries(spec).filter(([key]) => catalog.ownFields.has(key)),
  );
  const submitted = withoutAddedDefaults(
    submittedValues(type.description, check),
    original,
    defaultValues(type.description, {}),
  );
  return { ...own, [type.key!]: [submitted] };
}

/**
 * What picking a raw type adds to the spec: an entry to fill in under its key (Custom: nothing, the
 * spec is written by hand).
 */
export function specWithRawType(
  spec: Record<string, unknown>,
  type: HealthCheckType,
  name: string,
): Record<string, unknown> {
  if (!type.key) return spec;
  const existing = Array.isArray(spec[type.key]) ? (spec[type.key] as unknown[]) : [];
  return { ...spec, [type.key]: [...existing, { name }] };
}

/** The guided check's problems, by path within the check (`url`, `authentication.username`). */
export function checkIssues(type: HealthCheckType, check: FormValues) {
  return formIssues(type.description, check);
}
