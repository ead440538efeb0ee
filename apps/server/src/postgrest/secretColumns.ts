import type { CatalogColumn } from './catalog.ts';
import { PostgrestError } from './errors.ts';

/** What a secret reads as: the stored value never leaves the server. */
export const SECRET_MASK = '********';

/**
 * A relation's secret columns as a module declares them: `password` (the whole column) or
 * `properties.token` (one key of a jsonb column). Sealed at rest, masked on every read, kept when
 * the mask is written back.
 */
export type SecretColumns = (relation: string) => readonly string[] | undefined;

/** How a column of a relation holds secrets: the whole value, or some keys of a jsonb object. */
export interface ColumnSecret {
  keys?: readonly string[];
}

/** Per column of a relation, what of it is secret. */
export function secretColumnsOf(
  declared: readonly string[] | undefined,
): Map<string, ColumnSecret> {
  const out = new Map<string, ColumnSecret>();
  for (const entry of declared ?? []) {
    const [column = '', key] = entry.split('.', 2);
    if (key === undefined) out.set(column, {});
    else out.set(column, { keys: [...(out.get(column)?.keys ?? []), key] });
  }
  return out;
}

// A reference to a secret held elsewhere is not itself secret: `secret://name/key`, `{valueFrom: …}`.
const REFERENCE = /^(secret|configmap|helm|serviceaccount):\/\//;
const REFERENCE_SQL = `'^(secret|configmap|helm|serviceaccount)://'`;

/** True for a value stored in clear because it only names where the secret is. */
export function isSecretReference(value: unknown): boolean {
  if (typeof value === 'string') return REFERENCE.test(value);
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    'valueFrom' in value &&
    !('value' in value)
  );
}

/** One secret value as reads show it: empty and references as they are, anything else the mask. */
export function maskSecretValue(value: unknown): unknown {
  if (value === null || value === undefined || value === '' || isSecretReference(value))
    return value;
  return SECRET_MASK;
}

/** A row with its declared secrets masked (for anything that shows a row: an audit trail, a log). */
export function maskSecretRow(
  declared: readonly string[] | undefined,
  row: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...row };
  for (const [column, secret] of secretColumnsOf(declared)) {
    if (!(column in out)) continue;
    const value = out[column];
    if (!secret.keys) out[column] = maskSecretValue(value);
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      const object = { ...(value as Record<string, unknown>) };
      for (const key of secret.keys) if (key in object) object[key] = maskSecretValue(object[key]);
      out[column] = object;
    }
  }
  return out;
}

/** The SQL reading `expr`, a secret column, as reads show it (see maskSecretValue). */
export function maskedColumnSql(expr: string, column: CatalogColumn, bind: (v: unknown) => string) {
  const secret = column.secret!;
  if (!secret.keys)
    return `(CASE WHEN ${expr} IS NULL OR ${expr}::text = '' OR ${expr}::text ~ ${REFERENCE_SQL} THEN ${expr} ELSE '${SECRET_MASK}' END)`;
  const value = `pgrst_secret.value`;
  const masked = `CASE WHEN jsonb_typeof(${value}) = 'null' OR ${value} = '""'::jsonb OR (jsonb_typeof(${value}) = 'string' AND ${value} #>> '{}' ~ ${REFERENCE_SQL}) OR (jsonb_typeof(${value}) = 'object' AND ${value} ? 'valueFrom' AND NOT ${value} ? 'value') THEN ${value} ELSE '"${SECRET_MASK}"'::jsonb END`;
  return `(CASE WHEN jsonb_typeof(${expr}::jsonb) = 'object' THEN (${expr}::jsonb || coalesce((SELECT jsonb_object_agg(pgrst_secret.key, ${masked}) FROM jsonb_each(${expr}::jsonb) AS pgrst_secret WHERE pgrst_secret.key = ANY(${bind(secret.keys)}::text[])), '{}'::jsonb))::${column.type} ELSE ${expr} END)`;
}

/** The SQL of a write of `incoming` over `stored`: where it holds the mask, the stored value stays. */
export function keptSecretSql(incoming: string, stored: string, column: CatalogColumn): string {
  if (!column.secret?.keys)
    return `(CASE WHEN ${incoming}::text = '${SECRET_MASK}' THEN ${stored} ELSE ${incoming} END)`;
  return `(CASE WHEN jsonb_typeof(${incoming}::jsonb) = 'object' AND jsonb_typeof(${stored}::jsonb) = 'object' THEN (${incoming}::jsonb || coalesce((SELECT jsonb_object_agg(pgrst_kept.key, ${stored}::jsonb -> pgrst_kept.key) FROM jsonb_each(${incoming}::jsonb) AS pgrst_kept WHERE pgrst_kept.value = '"${SECRET_MASK}"'::jsonb AND ${stored}::jsonb ? pgrst_kept.key), '{}'::jsonb))::${column.type} ELSE ${incoming} END)`;
}

/** A secret column cannot be filtered on: a filter would tell its value one guess at a time. */
export function refuseSecretFilter(relation: string, column: CatalogColumn): void {
  if (column.secret)
    throw new PostgrestError(
      400,
      'PGRST100',
      `'${relation}.${column.name}' holds secrets and cannot be filtered on`,
      null,
    );
}

/**
 * The rows of a write with their secrets sealed by `seal` (the mask and references stay as they are;
 * SQL keeps the stored value where the mask comes back). Returns new row objects.
 */
export function sealSecretPayload(
  relation: string,
  columns: ReadonlyMap<string, CatalogColumn>,
  payload: unknown,
  seal: (context: string, value: string) => string,
): unknown {
  const sealValue = (context: string, value: unknown): unknown => {
    if (value === null || value === undefined || value === '' || value === SECRET_MASK)
      return value;
    if (isSecretReference(value)) return value;
    if (typeof value === 'string') return seal(context, value);
    if (value && typeof value === 'object' && !Array.isArray(value) && 'value' in value) {
      const inner = (value as { value: unknown }).value;
      return { ...value, value: typeof inner === 'string' ? sealValue(context, inner) : inner };
    }
    return seal(context, JSON.stringify(value));
  };
  const sealRow = (row: unknown): unknown => {
    if (!row || typeof row !== 'object' || Array.isArray(row)) return row;
    const out = { ...(row as Record<string, unknown>) };
    for (const [name, value] of Object.entries(out)) {
      const secret = columns.get(name)?.secret;
      if (!secret) continue;
      if (!secret.keys) out[name] = sealValue(`${relation}.${name}`, value);
      else if (value && typeof value === 'object' && !Array.isArray(value)) {
        const object = { ...(value as Record<string, unknown>) };
        for (const key of secret.keys)
          if (key in object) object[key] = sealValue(`${relation}.${name}.${key}`, object[key]);
        out[name] = object;
      }
    }
    return out;
  };
  return Array.isArray(payload) ? payload.map(sealRow) : sealRow(payload);
}
