// GitOps: Connection documents (mission-control.flanksource.com/v1) of --resources DIR and
// `apply -f` as rows of `connections`, through the same contract as the editor and /api/db.
import { connectionContract, connectionRecordOf, type Contract } from '@opsdeck/contracts';
import type { ResourceDocument } from '../../resources/kinds.ts';
import { tableResourceKind, type ResourceColumn } from '../../resources/tableKind.ts';
import { CONNECTION_SECRETS } from './connectionSecrets.ts';

type Record_ = Record<string, unknown>;

const isMap = (value: unknown): value is Record_ =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The record a document's spec stands for (the contract has accepted the spec). */
function recordOf(document: ResourceDocument): Record_ {
  return (connectionRecordOf(document.spec)?.record ?? {}) as Record_;
}

/** `{valueFrom: {secretKeyRef: {name, key}}}` as the record's text keeps it (`secret://name/key`). */
function referenceText(value: unknown): string | undefined {
  if (!isMap(value) || !isMap(value.valueFrom)) return undefined;
  const { secretKeyRef, configMapKeyRef } = value.valueFrom;
  const ref = isMap(secretKeyRef) ? secretKeyRef : isMap(configMapKeyRef) ? configMapKeyRef : null;
  if (!ref || typeof ref.name !== 'string' || typeof ref.key !== 'string') return undefined;
  return `${isMap(secretKeyRef) ? 'secret' : 'configmap'}://${ref.name}/${ref.key}`;
}

/** A column's text: a plain string, a `{value}` source's value, or a reference's text. */
function columnText(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isMap(value) && typeof value.value === 'string') return value.value;
  return referenceText(value) ?? null;
}

/** The declared secrets of a record that a document gives in clear (not as valueFrom). */
function literalSecrets(record: Record_): string[] {
  const found: string[] = [];
  for (const entry of CONNECTION_SECRETS) {
    const [column, key] = entry.split('.') as [string, string | undefined];
    const value = key === undefined ? record[column] : (record.properties as Record_)?.[key];
    if (value === undefined || value === null || value === '') continue;
    if (referenceText(value) === undefined) found.push(entry);
  }
  return found;
}

const text = (column: string): ResourceColumn => ({
  name: column,
  value: (document) => columnText(recordOf(document)[column]),
});

/**
 * Connection: keyed by namespace and name; `spec.<type>` gives the type and fields (aliases as the
 * contract maps them: `personalAccessToken` → password…). Credentials must come from a secret or
 * config map (`valueFrom`); they are kept as `secret://name/key`, which only an agent with the
 * cluster's secrets opens, so nothing readable is written from a file in clear.
 */
export const connectionResourceKind = tableResourceKind({
  table: 'connections',
  contract: connectionContract as Contract<unknown>,
  namespaced: true,
  specColumn: false,
  check: (document) => {
    const literal = literalSecrets(recordOf(document));
    return literal.length
      ? `spec: ${literal.join(', ')} must come from a secret or config map (valueFrom.secretKeyRef or configMapKeyRef), not be written in the file`
      : undefined;
  },
  columns: [
    { name: 'type', value: (document) => connectionRecordOf(document.spec)?.type ?? null },
    text('url'),
    text('username'),
    text('password'),
    text('certificate'),
    {
      name: 'properties',
      json: true,
      value: (document) => {
        const properties = recordOf(document).properties;
        return isMap(properties) ? properties : {};
      },
    },
    {
      name: 'insecure_tls',
      type: 'boolean',
      value: (document) => recordOf(document).insecure_tls === true,
    },
  ],
});
