import type { SqlRunner } from '../../db/database.ts';
import { findConnection } from './actions.ts';
import type { SecretBox } from './secrets.ts';
import type { EnvValue } from './spec.ts';

/** Server environment variables a spec may name in `valueFrom.env`: none of the server's own. */
export const WEBHOOK_ENV_PREFIX = 'OPSDECK_WEBHOOK_';

/**
 * The text of a spec value that may come from elsewhere (reference §2 EnvVar), so no literal
 * secret has to sit in a spec:
 * - `value: x` or a plain string: itself;
 * - `valueFrom: {connection: <connection>, key?}` or the CRD's `valueFrom: {secretKeyRef: {name,
 *   key}}` (the name read as a connection's): that connection's `password` (the default key),
 *   `username`, `url`, or a key of its properties, opened from its sealed form;
 * - `valueFrom: {env: NAME}`: the server's environment variable NAME, which must begin with
 *   OPSDECK_WEBHOOK_ (a spec never reads the server's own secrets).
 * Undefined when it names nothing this server has; `reason` then says why (for the log).
 */
export async function resolveEnvValue(
  db: SqlRunner,
  secrets: SecretBox,
  value: EnvValue,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ text?: string; reason?: string }> {
  if (typeof value === 'string') return { text: value };
  if (value.value !== undefined) return { text: value.value };
  const from = value.valueFrom as Record<string, unknown> | undefined;
  if (!from || typeof from !== 'object') return { reason: 'neither value nor valueFrom is given' };
  if (typeof from.env === 'string') {
    if (!from.env.startsWith(WEBHOOK_ENV_PREFIX))
      return { reason: `valueFrom.env must name a variable beginning ${WEBHOOK_ENV_PREFIX}` };
    const text = env[from.env];
    return text ? { text } : { reason: `the server has no environment variable ${from.env}` };
  }
  const ref = from.secretKeyRef as { name?: unknown; key?: unknown } | undefined;
  const connection = typeof from.connection === 'string' ? from.connection : ref?.name;
  const key = (typeof from.connection === 'string' ? from.key : ref?.key) ?? 'password';
  if (typeof connection !== 'string' || typeof key !== 'string')
    return { reason: 'valueFrom names no connection, secretKeyRef or env this server can read' };
  let row;
  try {
    row = await findConnection(db, connection, secrets);
  } catch (error) {
    return { reason: (error as Error).message };
  }
  const field =
    key === 'password' || key === 'username' || key === 'url'
      ? row[key]
      : (row.properties?.[key] as unknown);
  const text =
    typeof field === 'string'
      ? field
      : field &&
          typeof field === 'object' &&
          typeof (field as { value?: unknown }).value === 'string'
        ? (field as { value: string }).value
        : undefined;
  return text ? { text } : { reason: `connection ${connection} has no ${key}` };
}
