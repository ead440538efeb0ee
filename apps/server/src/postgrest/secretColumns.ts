import type { CatalogColumn } from './catalog.ts';
import { PostgrestError } from './errors.ts';

/** What a secret reads as: the stored value never leaves the server. */
export const SECRET_MASK = '********';

/**
 * A relation's secret columns as a module declares them: `password` (the whole column) or
 * `properties.token` (one key of a jsonb column). Sealed at rest, masked on every read, kept when
 * the mask is written back.
 */
export type SecretColumns = (relation: string) => readonly SecretDeclaration[] | undefined;

/**
 * Secrets at paths inside a jsonb document (a playbook spec): `paths` such as
 * `actions.*.exec.env.*.value` (`*` is every element of an array) are
 * secret values (a string, a number, or the `value` of a `{value}` object; `{valueFrom}` stays);
 * `urls` are URLs, secret when they carry a password (`postgres://user:pass@host`). Masked on
 * every read and in every filter (a filter naming such a path is refused), kept when the mask is
 * written back; stored as written (see restoreMaskedPaths).
 */
export interface JsonSecrets {
  column: string;
  paths: readonly string[];
  urls?: readonly string[];
}

export type SecretDeclaration = string | JsonSecrets;

/** A node of the tree of a column's secret paths: what is below each key, and what a leaf holds. */
export interface SecretPathTree {
  children: Map<string, SecretPathTree>;
  leaf?: 'value' | 'url';
}

/** How a column of a relation holds secrets: the whole value, some keys of a jsonb object, or paths. */
export interface ColumnSecret {
  keys?: readonly string[];
  paths?: SecretPathTree;
}

function pathTree(json: JsonSecrets): SecretPathTree {
  const root: SecretPathTree = { children: new Map() };
  const add = (path: string, leaf: 'value' | 'url') => {
    let node = root;
    for (const key of path.split('.')) {
      let next = node.children.get(key);
      if (!next) node.children.set(key, (next = { children: new Map() }));
      node = next;
    }
    node.leaf = leaf;
  };
  for (const path of json.paths) add(path, 'value');
  for (const path of json.urls ?? []) add(path, 'url');
  return root;
}

/** Per column of a relation, what of it is secret. */
export function secretColumnsOf(
  declared: readonly SecretDeclaration[] | undefined,
): Map<string, ColumnSecret> {
  const out = new Map<string, ColumnSecret>();
  for (const entry of declared ?? []) {
    if (typeof entry !== 'string') {
      out.set(entry.column, { paths: pathTree(entry) });
      continue;
    }
    const [column = '', key] = entry.split('.', 2);
    if (key === undefined) out.set(column, {});
    else out.set(column, { keys: [...(out.get(column)?.keys ?? []), key] });
  }
  return out;
}

// ------------------------------------------------------------------ secrets at json paths

// A URL with a password in it (`scheme://user:password@host`).
const URL_WITH_PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/[^/@?#]*:[^/@?#]*@/i;
const URL_WITH_PASSWORD_SQL = `'^[a-zA-Z][a-zA-Z0-9+.-]*://[^/@?#]*:[^/@?#]*@'`;

const isScalar = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

// One leaf as reads show it: a scalar or the `value` of a `{value}` object masked, references kept.
function maskLeaf(value: unknown, leaf: 'value' | 'url'): unknown {
  if (leaf === 'url')
    return typeof value === 'string' && URL_WITH_PASSWORD.test(value) ? SECRET_MASK : value;
  if (isScalar(value)) return value === '' || isSecretReference(value) ? value : SECRET_MASK;
  if (value && typeof value === 'object' && !Array.isArray(value) && 'value' in value) {
    const inner = (value as { value: unknown }).value;
    return isScalar(inner) && inner !== '' ? { ...value, value: SECRET_MASK } : value;
  }
  return value;
}

/** A json document with the secrets at `tree`'s paths masked (what /api/db's SQL reads give). */
export function maskJsonPaths(value: unknown, tree: SecretPathTree): unknown {
  if (tree.leaf) return maskLeaf(value, tree.leaf);
  if (!value || typeof value !== 'object') return value;
  let out: unknown = value;
  for (const [key, child] of tree.children) {
    if (key === '*') {
      if (Array.isArray(out)) out = out.map((item) => maskJsonPaths(item, child));
    } else if (out && typeof out === 'object' && !Array.isArray(out) && key in out) {
      const object = out as Record<string, unknown>;
      out = { ...object, [key]: maskJsonPaths(object[key], child) };
    }
  }
  return out;
}

const sqlText = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The SQL reading `expr` (jsonb) with the secrets at `tree`'s paths masked, as maskJsonPaths. */
export function maskedJsonPathsSql(expr: string, tree: SecretPathTree): string {
  let n = 0;
  // Each step binds its input once (`FROM (SELECT input AS v)`), so the SQL grows with the tree
  // only; OFFSET 0 keeps the planner from pasting the input into each use (it would grow
  // exponentially with the depth).
  const step = (input: string, body: (v: string) => string) => {
    const alias = `pgrst_sp${n++}`;
    return `(SELECT ${body(`${alias}.v`)} FROM (SELECT ${input} AS v OFFSET 0) AS ${alias})`;
  };
  const mask = `'"${SECRET_MASK}"'::jsonb`;
  const leafSql = (input: string, leaf: 'value' | 'url') =>
    step(input, (v) =>
      leaf === 'url'
        ? `CASE WHEN jsonb_typeof(${v}) = 'string' AND ${v} #>> '{}' ~ ${URL_WITH_PASSWORD_SQL} THEN ${mask} ELSE ${v} END`
        : `CASE WHEN jsonb_typeof(${v}) IN ('string', 'number', 'boolean') THEN (CASE WHEN ${v} = '""'::jsonb OR (jsonb_typeof(${v}) = 'string' AND ${v} #>> '{}' ~ ${REFERENCE_SQL}) THEN ${v} ELSE ${mask} END) WHEN jsonb_typeof(${v}) = 'object' AND jsonb_typeof(${v} -> 'value') IN ('string', 'number', 'boolean') AND ${v} -> 'value' <> '""'::jsonb THEN jsonb_set(${v}, '{value}', ${mask}) ELSE ${v} END`,
    );
  const nodeSql = (input: string, node: SecretPathTree): string => {
    if (node.leaf) return leafSql(input, node.leaf);
    let out = input;
    for (const [key, child] of node.children) {
      out = step(out, (v) => {
        if (key !== '*')
          return `CASE WHEN jsonb_typeof(${v}) = 'object' AND ${v} ? ${sqlText(key)} THEN jsonb_set(${v}, ARRAY[${sqlText(key)}], ${nodeSql(`${v} -> ${sqlText(key)}`, child)}) ELSE ${v} END`;
        // `*` in SQL is every element of an array (the declarations use it for arrays only).
        const item = `pgrst_spi${n++}`;
        return `CASE WHEN jsonb_typeof(${v}) = 'array' THEN (SELECT coalesce(jsonb_agg(${nodeSql(`${item}.value`, child)} ORDER BY ${item}.ord), '[]'::jsonb) FROM jsonb_array_elements(${v}) WITH ORDINALITY AS ${item}(value, ord)) ELSE ${v} END`;
      });
    }
    return out;
  };
  return nodeSql(`(${expr})::jsonb`, tree);
}

/** True when a filter on `path` (keys under the column) would read a secret leaf or what is in it. */
export function pathReachesSecret(path: readonly string[], tree: SecretPathTree): boolean {
  if (tree.leaf) return true;
  const [key, ...rest] = path;
  if (key === undefined) return false;
  return [tree.children.get(key), tree.children.get('*')].some(
    (child) => child !== undefined && pathReachesSecret(rest, child),
  );
}

const holdsMask = (value: unknown): boolean =>
  value === SECRET_MASK ||
  (!!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    (value as { value?: unknown }).value === SECRET_MASK);

/**
 * A json document written back with the secrets it read as masks given their stored values again:
 * each mask at a secret path takes the value at the same place of `stored`, array elements matched
 * by their `name` (an action, an env var, a header), else by position. `missing` names each mask
 * with no stored counterpart (`actions[deploy].exec.env[TOKEN].value`): a renamed or moved secret
 * has to be given again.
 */
export function restoreMaskedPaths(
  incoming: unknown,
  stored: unknown,
  tree: SecretPathTree,
): { value: unknown; missing: string[] } {
  const missing: string[] = [];
  const walk = (value: unknown, old: unknown, node: SecretPathTree, where: string): unknown => {
    if (node.leaf) {
      if (!holdsMask(value)) return value;
      const kept =
        old !== null && typeof old === 'object' && !Array.isArray(old)
          ? (old as { value?: unknown }).value
          : old;
      if (kept === undefined || kept === null || holdsMask(old)) {
        missing.push(where);
        return value;
      }
      return value === SECRET_MASK ? old : { ...(value as object), value: kept };
    }
    if (!value || typeof value !== 'object') return value;
    let out = value;
    for (const [key, child] of node.children) {
      if (key !== '*') {
        if (Array.isArray(out) || !(key in out)) continue;
        const oldChild =
          old && typeof old === 'object' && !Array.isArray(old)
            ? (old as Record<string, unknown>)[key]
            : undefined;
        out = {
          ...out,
          [key]: walk((out as Record<string, unknown>)[key], oldChild, child, `${where}.${key}`),
        };
      } else if (Array.isArray(out)) {
        const olds = Array.isArray(old) ? old : [];
        out = out.map((item, index) => {
          const name = nameOf(item);
          const counterpart =
            name === undefined ? olds[index] : olds.find((candidate) => nameOf(candidate) === name);
          return walk(item, counterpart, child, `${where}[${name ?? index}]`);
        });
      }
    }
    return out;
  };
  const value = walk(incoming, stored, tree, '');
  return { value, missing: missing.map((where) => where.replace(/^\./, '')) };
}

function nameOf(item: unknown): string | undefined {
  const name = item && typeof item === 'object' ? (item as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? name : undefined;
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
  declared: readonly SecretDeclaration[] | undefined,
  row: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...row };
  for (const [column, secret] of secretColumnsOf(declared)) {
    if (!(column in out)) continue;
    const value = out[column];
    if (secret.paths) out[column] = maskJsonPaths(value, secret.paths);
    else if (!secret.keys) out[column] = maskSecretValue(value);
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      const object = { ...(value as Record<string, unknown>) };
      for (const key of secret.keys) if (key in object) object[key] = maskSecretValue(object[key]);
      out[column] = object;
    }
  }
  return out;
}

/** The SQL reading `expr`, a secret column, as reads show it (see maskSecretValue). */
export function maskedColumnSql(
  expr: string,
  column: Pick<CatalogColumn, 'secret' | 'type'>,
  bind: (v: unknown) => string,
) {
  const secret = column.secret!;
  if (secret.paths) return `(${maskedJsonPathsSql(expr, secret.paths)})::${column.type}`;
  if (!secret.keys)
    return `(CASE WHEN ${expr} IS NULL OR ${expr}::text = '' OR ${expr}::text ~ ${REFERENCE_SQL} THEN ${expr} ELSE '${SECRET_MASK}' END)`;
  const value = `pgrst_secret.value`;
  const masked = `CASE WHEN jsonb_typeof(${value}) = 'null' OR ${value} = '""'::jsonb OR (jsonb_typeof(${value}) = 'string' AND ${value} #>> '{}' ~ ${REFERENCE_SQL}) OR (jsonb_typeof(${value}) = 'object' AND ${value} ? 'valueFrom' AND NOT ${value} ? 'value') THEN ${value} ELSE '"${SECRET_MASK}"'::jsonb END`;
  return `(CASE WHEN jsonb_typeof(${expr}::jsonb) = 'object' THEN (${expr}::jsonb || coalesce((SELECT jsonb_object_agg(pgrst_secret.key, ${masked}) FROM jsonb_each(${expr}::jsonb) AS pgrst_secret WHERE pgrst_secret.key = ANY(${bind(secret.keys)}::text[])), '{}'::jsonb))::${column.type} ELSE ${expr} END)`;
}

/**
 * The SQL reading `image` (a whole row as jsonb, `to_jsonb(row)`) with the secrets `declared` for its
 * relation masked as reads show them (maskedColumnSql, column by column): for what shows a stored
 * row from SQL (the audit trail's images). Literals only, no parameters; undefined when none are
 * declared.
 */
export function maskedRowImageSql(
  image: string,
  declared: readonly SecretDeclaration[] | undefined,
): string | undefined {
  const columns = secretColumnsOf(declared);
  if (columns.size === 0) return undefined;
  const literal = (value: unknown) =>
    sqlText(
      `{${(value as string[]).map((key) => `"${key.replace(/["\\]/g, '\\$&')}"`).join(',')}}`,
    );
  let out = `(${image})::jsonb`;
  let n = 0;
  for (const [name, secret] of columns) {
    const v = `pgrst_img${n++}.v`;
    const key = sqlText(name);
    const masked =
      secret.paths || secret.keys
        ? maskedColumnSql(`(${v} -> ${key})`, { type: 'jsonb', secret }, literal)
        : `(CASE WHEN ${maskedColumnSql(`(${v} ->> ${key})`, { type: 'text', secret }, literal)} = '${SECRET_MASK}' THEN '"${SECRET_MASK}"'::jsonb ELSE ${v} -> ${key} END)`;
    // Each step binds the image once (see maskedJsonPathsSql), so the SQL grows with the columns only.
    out = `(SELECT CASE WHEN jsonb_typeof(${v} -> ${key}) <> 'null' THEN jsonb_set(${v}, ARRAY[${key}], ${masked}) ELSE ${v} END FROM (SELECT ${out} AS v OFFSET 0) AS pgrst_img${n - 1})`;
  }
  return out;
}

/** The SQL of a write of `incoming` over `stored`: where it holds the mask, the stored value stays. */
export function keptSecretSql(incoming: string, stored: string, column: CatalogColumn): string {
  // Secrets at json paths are restored by name, not position, outside SQL (restoreMaskedPaths).
  if (column.secret?.paths) return incoming;
  if (!column.secret?.keys)
    return `(CASE WHEN ${incoming}::text = '${SECRET_MASK}' THEN ${stored} ELSE ${incoming} END)`;
  return `(CASE WHEN jsonb_typeof(${incoming}::jsonb) = 'object' AND jsonb_typeof(${stored}::jsonb) = 'object' THEN (${incoming}::jsonb || coalesce((SELECT jsonb_object_agg(pgrst_kept.key, ${stored}::jsonb -> pgrst_kept.key) FROM jsonb_each(${incoming}::jsonb) AS pgrst_kept WHERE pgrst_kept.value = '"${SECRET_MASK}"'::jsonb AND ${stored}::jsonb ? pgrst_kept.key), '{}'::jsonb))::${column.type} ELSE ${incoming} END)`;
}

/** A secret column cannot be filtered on: a filter would tell its value one guess at a time. */
export function refuseSecretFilter(
  relation: string,
  column: CatalogColumn,
  jsonPath: readonly string[] = [],
): void {
  const secret = column.secret;
  // A filter on a document with secret paths reads it masked; one naming a secret path is refused.
  if (secret?.paths && pathReachesSecret(jsonPath, secret.paths))
    throw new PostgrestError(
      400,
      'PGRST100',
      `'${relation}.${[column.name, ...jsonPath].join('->')}' holds secrets and cannot be filtered on`,
      null,
    );
  if (secret && !secret.paths)
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
      // Secrets at json paths are stored as written (restoreMaskedPaths keeps them on write-back).
      if (!secret || secret.paths) continue;
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
