import type { PermissionWrite, PermissionWriteDecision } from '../../auth/permissionWrites.ts';
import {
  maskJsonPaths,
  restoreMaskedPaths,
  SECRET_MASK,
  secretColumnsOf,
  type JsonSecrets,
  type SecretPathTree,
} from '../../postgrest/secretColumns.ts';

/**
 * The literal secrets a playbook spec can hold (reference §2): env values, webhook credentials,
 * http headers and passwords, tokens of the kinds the embedded server keeps but does not perform,
 * and URLs with a password in them. Read masked from `playbooks.spec` and from the copy each run
 * keeps (`playbook_runs.spec`), through /api/db and the playbook routes alike.
 */
export const SPEC_SECRETS: JsonSecrets = {
  column: 'spec',
  paths: [
    'env.*.value',
    'on.webhook.authentication.basic.username',
    'on.webhook.authentication.basic.password',
    'on.webhook.authentication.github.token',
    'on.webhook.authentication.svix.secret',
    'actions.*.exec.env.*.value',
    // Cloud credentials an exec action may carry (kept, not used, by the embedded server).
    'actions.*.exec.connections.aws.accessKey',
    'actions.*.exec.connections.aws.secretKey',
    'actions.*.exec.connections.gcp.credentials',
    'actions.*.exec.connections.azure.clientSecret',
    'actions.*.http.headers.*.value',
    'actions.*.http.password',
    'actions.*.http.bearer',
    'actions.*.http.oauth.clientSecret',
    // A chat webhook's URL is its credential.
    'actions.*.notification.url',
    'actions.*.github.token',
    'actions.*.azureDevopsPipeline.token',
    'actions.*.ai.apiKey',
  ],
  urls: ['actions.*.http.url', 'actions.*.sql.url'],
};

const tree: SecretPathTree = secretColumnsOf([SPEC_SECRETS]).get('spec')!.paths!;

/** A spec as every reader sees it: its literal secrets masked. */
export function maskPlaybookSpec(spec: unknown): unknown {
  return maskJsonPaths(spec, tree);
}

/**
 * A playbook written back with the masks it read (the console's spec editor saves what it read)
 * keeps its stored secrets: each mask at a secret path takes the stored value at the same place
 * (actions, env vars and headers matched by name). A mask with no stored counterpart (a renamed env
 * var, a new action) refuses the write, naming the field. Runs in the write's transaction.
 */
export async function keepSpecSecrets(write: PermissionWrite): Promise<PermissionWriteDecision> {
  for (const row of write.after) {
    if (!JSON.stringify(row.spec ?? null).includes(SECRET_MASK)) continue;
    const before = write.before.find((candidate) => candidate.id === row.id);
    if (before && JSON.stringify(before.spec) === JSON.stringify(row.spec)) continue;
    const { value, missing } = restoreMaskedPaths(row.spec, before?.spec, tree);
    if (missing.length > 0)
      return {
        allowed: false,
        status: 400,
        reason: `spec.${missing[0]} holds the secret mask ${SECRET_MASK} but this playbook has no stored secret there (renamed or moved?): give the secret itself`,
      };
    await write.tx.query('UPDATE playbooks SET spec = $2::jsonb WHERE id = $1', [
      row.id,
      JSON.stringify(value),
    ]);
    // What the checks after this one read.
    (row as Record<string, unknown>).spec = value;
  }
  return { allowed: true };
}

/**
 * The literal secrets of a spec, as text (a URL's password alone): what a run scrubs from the
 * results it stores, as it scrubs secret parameters, so `echo $TOKEN` does not hand it to readers.
 */
export function literalSpecSecrets(spec: unknown): string[] {
  const out: string[] = [];
  const walk = (value: unknown, node: SecretPathTree) => {
    if (node.leaf) {
      const inner =
        value && typeof value === 'object' && !Array.isArray(value)
          ? (value as { value?: unknown }).value
          : value;
      if (typeof inner !== 'string' && typeof inner !== 'number') return;
      let text = String(inner);
      if (node.leaf === 'url') {
        try {
          text = decodeURIComponent(new URL(text).password);
        } catch {
          return;
        }
      }
      if (text.length >= 3 && maskJsonPaths(value, node) !== value) out.push(text);
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of node.children)
      if (key === '*') {
        if (Array.isArray(value)) for (const item of value) walk(item, child);
      } else if (!Array.isArray(value)) walk((value as Record<string, unknown>)[key], child);
  };
  walk(spec, tree);
  return out;
}
