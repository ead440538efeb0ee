// A connection record ↔ the values its type's form edits. The record keeps secrets as text (typed,
// `********` when read back, or `secret://name/key` / `configmap://name/key`); the form edits them
// as value sources. A notification type's `url` is built from its fields on submit (SchemaForm's
// submittedValues) and read back into them here when an existing connection is edited.
import type { Connection, ConnectionWrite } from '@opsdeck/api-client/connections';
import {
  connectionFieldsFromUrl,
  connectionFormsByType,
  withValueSources,
} from '@opsdeck/contracts/connection';
import {
  getPath,
  leafFields,
  setPath,
  type FormDescription,
  type FormValues,
} from '@opsdeck/contracts/form';

/** The form of a record's type, or undefined for a type the console has no form for. */
export function connectionFormOf(type: string | null | undefined): FormDescription | undefined {
  return type ? connectionFormsByType.get(type) : undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function given(row: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === null || value === undefined) continue;
    values[key] = key === 'properties' && isRecord(value) ? given(value) : value;
  }
  return values;
}

/** An existing record as its form's initial values. */
export function connectionValuesOf(form: FormDescription, row: Connection): FormValues {
  const record = given({
    name: row.name,
    namespace: row.namespace,
    url: row.url,
    username: row.username,
    password: row.password,
    certificate: row.certificate,
    insecure_tls: row.insecure_tls,
    properties: row.properties,
  });
  const withSources = withValueSources(form, record);
  return typeof row.url === 'string' && form.url
    ? connectionFieldsFromUrl(form, row.url, withSources)
    : withSources;
}

/** A value source as the record's text keeps it. */
export function textOfValueSource(source: unknown): unknown {
  if (!isRecord(source)) return source;
  if (typeof source.value === 'string') return source.value;
  const from = (source as { valueFrom?: Record<string, { name?: string; key?: string }> })
    .valueFrom;
  if (!from) return undefined;
  const secret = from.secretKeyRef;
  if (secret) return `secret://${secret.name ?? ''}/${secret.key ?? ''}`;
  const configMap = from.configMapKeyRef;
  if (configMap) return `configmap://${configMap.name ?? ''}/${configMap.key ?? ''}`;
  return undefined;
}

const COLUMNS = ['url', 'username', 'password', 'certificate', 'insecure_tls'] as const;

/** The submitted values (url already built) as the record to write. */
export function connectionWriteOf(form: FormDescription, submitted: FormValues): ConnectionWrite {
  let values = submitted;
  for (const field of leafFields(form.fields)) {
    if (field.kind !== 'secret-or-reference') continue;
    const value = getPath(values, field.path);
    if (value !== undefined) values = setPath(values, field.path, textOfValueSource(value));
  }
  const write: Record<string, unknown> = {
    name: values.name,
    namespace: values.namespace,
    type: form.type,
  };
  for (const column of COLUMNS) if (values[column] !== undefined) write[column] = values[column];
  if (isRecord(values.properties)) write.properties = values.properties;
  return write as ConnectionWrite;
}
