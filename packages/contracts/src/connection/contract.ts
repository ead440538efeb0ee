// The Connection (mission-control.flanksource.com/v1) and the connection record the server keeps
// (settings spec §3: name, namespace, type, url, username, password, certificate, insecure_tls and
// a type's `properties`). Both are checked by the type's form (connections.ts), so the editor, the
// server's write check on `connections` and a manifest refuse the same connection for the same field.
// Secrets are value sources: typed in (`{value}`), or read from a secret or config map
// (`{valueFrom: {secretKeyRef: {name, key}}}`); the record's text columns keep a reference as
// `secret://name/key` and `configmap://name/key`.
import { z } from 'zod/mini';
import { defineContract, type ContractIssue, type Verdict } from '../contract.ts';
import type { FieldDescription, FormDescription } from '../form/description.ts';
import { everyProblem, formIssues, parsePath } from '../form/issues.ts';
import { getPath, leafFields, setPath, type FormValues } from '../form/model.ts';
import { connectionCommonFields, connectionTypes } from './connections.ts';

export const CONNECTION_API_VERSION = 'mission-control.flanksource.com/v1';

export const CONNECTION_TYPE_MESSAGE = 'A connection holds exactly one type, e.g. {github: {…}}';
export const CONNECTION_TYPE_FIELDS_MESSAGE = 'A connection type holds a map of fields';
export const RECORD_TYPE_MESSAGE = 'A connection needs a type';

/** The form of each connection and notification-connection type, by its record `type`. */
export const connectionFormsByType: ReadonlyMap<string, FormDescription> = new Map(
  connectionTypes.map((type) => [type.type, type] as const),
);

/** A manifest's type key → the record's type where they differ (`spec.mssql` is `sql_server`). */
const RECORD_TYPES: Readonly<Record<string, string>> = {
  mssql: 'sql_server',
  sqlserver: 'sql_server',
  azureDevops: 'azure_devops',
  gcp: 'google_cloud',
  googleChat: 'google_chat',
  zulipChat: 'zulip_chat',
  mongodb: 'mongo',
  genericWebhook: 'generic_webhook',
};

/**
 * A manifest's field → the record's path where they differ; any other field that is not a record
 * column goes under `properties`.
 */
const FIELD_ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '*': { insecureTLS: 'insecure_tls', insecure_tls: 'insecure_tls' },
  github: { personalAccessToken: 'password' },
  gitlab: { personalAccessToken: 'password' },
  azure_devops: { personalAccessToken: 'password' },
  aws: { accessKey: 'username', secretKey: 'password' },
  s3: { accessKey: 'username', secretKey: 'password' },
  azure: { clientID: 'username', clientSecret: 'password', tenantID: 'properties.tenant' },
  dynatrace: { apiKey: 'password' },
};

const RECORD_COLUMNS = new Set(['url', 'username', 'password', 'certificate', 'insecure_tls']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withoutNulls(row: Record<string, unknown>): FormValues {
  const record: FormValues = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === null || value === '') continue;
    record[key] = key === 'properties' && isRecord(value) ? withoutNulls(value) : value;
  }
  return record;
}

const REFERENCE = /^(secret|configmap):\/\/([^/]+)\/(.+)$/;

/** A secret as the record's text keeps it, as the value source the form edits. */
export function valueSourceOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const reference = REFERENCE.exec(value);
  if (!reference) return { value };
  const keyRef = { name: reference[2], key: reference[3] };
  return reference[1] === 'secret'
    ? { valueFrom: { secretKeyRef: keyRef } }
    : { valueFrom: { configMapKeyRef: keyRef } };
}

/** `record` with each secret-or-reference field of `form` held as a value source. */
export function withValueSources(form: FormDescription, record: FormValues): FormValues {
  let values = record;
  for (const field of leafFields(form.fields)) {
    if (field.kind !== 'secret-or-reference') continue;
    const value = getPath(values, field.path);
    if (typeof value === 'string') values = setPath(values, field.path, valueSourceOf(value));
  }
  return values;
}

function formIssuesOf(
  form: FormDescription,
  record: FormValues,
  fields?: readonly FieldDescription[],
) {
  const description = fields ? { ...form, fields } : form;
  return formIssues(description, withValueSources(description, record));
}

/**
 * A connection record (a row of `connections`, or what the editor submits) by its type's form:
 * paths as the record has them (`password`, `properties.port`). A type without a form is checked
 * for its name and namespace only.
 */
export function validateConnectionRecord(row: unknown): Verdict<FormValues> {
  if (!isRecord(row))
    return { ok: false, issues: [{ path: '', message: 'A connection must be a map of fields' }] };
  // A row's empty columns (null, or '' as namespace defaults to) are not given, for the form.
  const record = withoutNulls(row);
  const issues: ContractIssue[] = [];
  if (typeof record.type !== 'string' || record.type === '')
    issues.push({ path: 'type', message: RECORD_TYPE_MESSAGE });
  const form = connectionFormsByType.get(String(record.type)) ?? {
    type: String(record.type),
    label: 'Connection',
    fields: connectionCommonFields,
  };
  issues.push(...formIssuesOf(form, record));
  return issues.length === 0 ? { ok: true, value: row } : { ok: false, issues };
}

/** A manifest's spec (`{github: {url, personalAccessToken}}`) as the record the server keeps. */
export function connectionRecordOf(
  spec: unknown,
): { type: string; record: FormValues } | undefined {
  if (!isRecord(spec)) return undefined;
  const keys = Object.keys(spec);
  const [key] = keys;
  if (keys.length !== 1 || key === undefined || !isRecord(spec[key])) return undefined;
  const type = RECORD_TYPES[key] ?? key;
  const aliases = { ...FIELD_ALIASES['*'], ...FIELD_ALIASES[type] };
  let record: FormValues = { type };
  for (const [field, value] of Object.entries(spec[key])) {
    const path =
      aliases[field] ??
      (RECORD_COLUMNS.has(field) || field === 'properties' ? field : `properties.${field}`);
    record = setPath(record, path, value);
  }
  return { type, record };
}

/** A record path back to the manifest field it came from (`password` → `personalAccessToken`). */
function manifestPath(key: string, type: string, path: string): (string | number)[] {
  const aliases = { ...FIELD_ALIASES['*'], ...FIELD_ALIASES[type] };
  const [head] = path.split(/[.[]/);
  const alias = Object.entries(aliases).find(([, target]) => path === target || head === target);
  if (alias) return [key, alias[0], ...parsePath(path).slice(parsePath(alias[1]).length)];
  const keys = parsePath(path);
  return keys[0] === 'properties' ? [key, ...keys.slice(1)] : [key, ...keys];
}

export type ConnectionSpec = Record<string, Record<string, unknown>>;

const connectionSchema = z.record(z.string(), z.unknown()).check(
  z.superRefine((spec, context) => {
    const found = connectionRecordOf(spec);
    if (!found) {
      const keys = Object.keys(spec);
      const key = keys.length === 1 ? keys[0] : undefined;
      context.addIssue({
        code: 'custom',
        message: key === undefined ? CONNECTION_TYPE_MESSAGE : CONNECTION_TYPE_FIELDS_MESSAGE,
        path: key === undefined ? [] : [key],
        input: spec,
      });
      return;
    }
    const form = connectionFormsByType.get(found.type);
    // A type without a form (awskms, gcpkms, azureKeyVault…) is taken as it is.
    if (!form) return;
    const [key] = Object.keys(spec) as [string];
    // A manifest's name and namespace are its metadata's, not the spec's.
    const fields = form.fields.filter((field) => !connectionCommonFields.includes(field));
    for (const issue of formIssuesOf(form, found.record, fields))
      context.addIssue({
        code: 'custom',
        message: issue.message,
        path: manifestPath(key, found.type, issue.path),
        input: spec,
      });
  }, everyProblem),
) as unknown as z.ZodMiniType<ConnectionSpec>;

export const connectionContract = defineContract<ConnectionSpec>({
  kind: 'Connection',
  apiVersion: CONNECTION_API_VERSION,
  schema: connectionSchema,
  // A connection to the cluster the agent runs in: a Kubernetes connection without a kubeconfig.
  defaults: () => ({ kubernetes: {} }),
});
