import type { PermissionWrite, PermissionWriteDecision } from '../../auth/permissionWrites.ts';
import type { SqlRunner } from '../../db/database.ts';
import type { ResourceDocument, ResourceKind, ResourceWrite } from '../../resources/kinds.ts';
import { parsePlaybookSpec } from './spec.ts';
import { canonical } from '../../resources/canonical.ts';

/** The `source` of playbooks written through the API (the console); reference §2. */
const UI_SOURCE = 'UI';

interface StoredPlaybook {
  id: string;
  source: string | null;
  title: string | null;
  description: string | null;
  category: string | null;
  icon: string | null;
  spec: unknown;
  deleted_at: string | null;
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Creates or updates the playbook of one Playbook resource, keyed by (namespace, name): the spec as
 * the document has it, title, description, category and icon from the spec, `source` as given. A
 * playbook of that name removed earlier from the same source comes back with its id (its runs keep
 * pointing at it); one created another way (the UI) is never taken over: that is an error.
 */
export async function upsertPlaybookResource(
  tx: SqlRunner,
  resource: { namespace: string; name: string; spec: unknown },
  source: string,
): Promise<ResourceWrite> {
  const { namespace, name } = resource;
  // A valid spec (validated before) is an object.
  const spec = resource.spec as Record<string, unknown>;
  const text = (key: string) => (typeof spec[key] === 'string' ? (spec[key] as string) : null);
  const fields = {
    title: text('title'),
    description: text('description'),
    category: text('category'),
    icon: text('icon'),
  };
  const { rows } = await tx.query<StoredPlaybook>(
    `SELECT id, source, title, description, category, icon, spec, deleted_at FROM playbooks
     WHERE namespace = $1 AND name = $2 AND (deleted_at IS NULL OR source = $3)
     ORDER BY deleted_at DESC NULLS FIRST, updated_at DESC
     FOR UPDATE`,
    [namespace, name, source],
  );
  const live = rows.find((row) => row.deleted_at === null);
  if (live && live.source !== source)
    throw new Error(
      `playbook ${namespace}/${name} already exists with source ${live.source ?? 'none'} (made in the console or by the API): rename one of them, or delete that playbook first`,
    );
  const own = live ?? rows[0];
  if (!own) {
    await tx.query(
      `INSERT INTO playbooks (namespace, name, title, description, category, icon, spec, source)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
      [
        namespace,
        name,
        fields.title,
        fields.description,
        fields.category,
        fields.icon,
        JSON.stringify(spec),
        source,
      ],
    );
    return 'created';
  }
  const unchanged =
    own.deleted_at === null &&
    own.title === fields.title &&
    own.description === fields.description &&
    own.category === fields.category &&
    own.icon === fields.icon &&
    sameJson(canonical(own.spec), canonical(spec));
  if (unchanged) return 'unchanged';
  await tx.query(
    `UPDATE playbooks
     SET title = $2, description = $3, category = $4, icon = $5, spec = $6::jsonb,
         deleted_at = NULL, updated_at = now()
     WHERE id = $1`,
    [own.id, fields.title, fields.description, fields.category, fields.icon, JSON.stringify(spec)],
  );
  return 'updated';
}

/**
 * The Playbook kind of `--resources DIR` (mission-control.flanksource.com/v1): its spec checked as a
 * POST through /api/db is, the playbook upserted with source ConfigFile, and ConfigFile playbooks no
 * file holds any more soft-deleted. Playbooks of any other source are never touched.
 */
export const playbookResourceKind: ResourceKind = {
  apiVersion: 'mission-control.flanksource.com/v1',
  validate(document) {
    const parsed = parsePlaybookSpec(document.spec);
    return parsed.ok ? { ok: true } : { ok: false, message: parsed.message };
  },
  load: (tx, document: ResourceDocument, { source }) =>
    upsertPlaybookResource(
      tx,
      { namespace: document.metadata.namespace, name: document.metadata.name, spec: document.spec },
      source,
    ),
  async prune(tx, kept, { source }) {
    const { rows } = await tx.query<{ namespace: string; name: string }>(
      `UPDATE playbooks SET deleted_at = now(), updated_at = now()
       WHERE source = $1 AND deleted_at IS NULL
         AND NOT EXISTS (
           SELECT 1 FROM unnest($2::text[], $3::text[]) AS kept (namespace, name)
           WHERE kept.namespace = playbooks.namespace AND kept.name = playbooks.name)
       RETURNING namespace, name`,
      [
        source,
        kept.map((document) => document.metadata.namespace),
        kept.map((document) => document.metadata.name),
      ],
    );
    return rows.map((row) => `${row.namespace}/${row.name}`).sort();
  },
};

/**
 * Writes to playbooks through /api/db, for every writer, admins included (reference §2: the
 * backend refuses them too): a playbook another source owns (a resource file) is changed only
 * through that source, so PATCH, DELETE and upserts over it are 409; a written row's source may
 * only be UI (or left empty).
 */
export async function guardPlaybookWrite(write: PermissionWrite): Promise<PermissionWriteDecision> {
  for (const row of write.before) {
    const source = row.source;
    if (typeof source === 'string' && source !== UI_SOURCE)
      return {
        allowed: false,
        status: 409,
        reason: `playbook ${String(row.namespace)}/${String(row.name)} was not created through the API (source ${source}) and cannot be modified: change the file it is loaded from`,
      };
  }
  for (const row of write.after) {
    const source = row.source;
    if (source !== null && source !== undefined && source !== UI_SOURCE)
      return {
        allowed: false,
        status: 400,
        reason: `a playbook written through the API has source ${UI_SOURCE}, not ${JSON.stringify(source)}`,
      };
  }
  return { allowed: true };
}
