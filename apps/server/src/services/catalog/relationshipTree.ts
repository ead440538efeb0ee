import type { SqlRunner } from '../../db/database.ts';

/** A config of `GET /api/catalog/{id}/relationships` (reference §3) with the edge that led to it. */
export interface ConfigTreeNode extends Record<string, unknown> {
  id: string;
  edgeType?: 'parent' | 'child' | 'related';
  relation?: string;
  children?: ConfigTreeNode[];
}

const MAX_DEPTH = 5;
const COLUMNS = `id, name, type, config_class, status, health, ready, tags, labels, parent_id,
  agent_id, created_at, updated_at, deleted_at`;

type Direction = 'incoming' | 'outgoing';

// One level of neighbours for each config of `ids`: its children and the configs it relates to
// (outgoing), or its parent and the configs relating to it (incoming).
async function neighbours(db: SqlRunner, ids: string[], direction: Direction) {
  const { rows } = await db.query<ConfigTreeNode & { from_id: string }>(
    direction === 'outgoing'
      ? `SELECT c.parent_id AS from_id, 'child' AS "edgeType", NULL AS relation, ${prefixed('c')}
           FROM config_items c WHERE c.parent_id = ANY($1::uuid[]) AND c.deleted_at IS NULL
         UNION ALL
         SELECT r.config_id, 'related', r.relation, ${prefixed('c')}
           FROM config_relationships r JOIN config_items c ON c.id = r.related_id
          WHERE r.config_id = ANY($1::uuid[]) AND r.deleted_at IS NULL AND c.deleted_at IS NULL`
      : `SELECT k.id AS from_id, 'parent' AS "edgeType", NULL AS relation, ${prefixed('c')}
           FROM config_items k JOIN config_items c ON c.id = k.parent_id
          WHERE k.id = ANY($1::uuid[]) AND c.deleted_at IS NULL
         UNION ALL
         SELECT r.related_id, 'related', r.relation, ${prefixed('c')}
           FROM config_relationships r JOIN config_items c ON c.id = r.config_id
          WHERE r.related_id = ANY($1::uuid[]) AND r.deleted_at IS NULL AND c.deleted_at IS NULL`,
    [ids],
  );
  return rows;
}

function prefixed(alias: string): string {
  return COLUMNS.split(',')
    .map((column) => `${alias}.${column.trim()}`)
    .join(', ');
}

/** The tree from `root` one way, breadth first to 5 levels, each config once; null without edges. */
async function tree(
  db: SqlRunner,
  root: ConfigTreeNode,
  direction: Direction,
): Promise<ConfigTreeNode | null> {
  const seen = new Set([root.id]);
  const top: ConfigTreeNode = { ...root };
  let level = [top];
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0; depth += 1) {
    const byId = new Map(level.map((node) => [node.id, node]));
    const next: ConfigTreeNode[] = [];
    for (const { from_id, relation, ...row } of await neighbours(db, [...byId.keys()], direction)) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      const node: ConfigTreeNode = relation === null ? row : { ...row, relation };
      const parent = byId.get(from_id);
      if (!parent) continue;
      (parent.children ??= []).push(node);
      next.push(node);
    }
    level = next;
  }
  return top.children ? top : null;
}

/** `{id, incoming, outgoing}` for a config, or undefined when it does not exist. */
export async function configRelationships(db: SqlRunner, id: string) {
  const { rows } = await db.query<ConfigTreeNode>(
    `SELECT ${COLUMNS} FROM config_items WHERE id = $1::uuid AND deleted_at IS NULL`,
    [id],
  );
  const root = rows[0];
  if (!root) return undefined;
  return {
    id,
    incoming: await tree(db, root, 'incoming'),
    outgoing: await tree(db, root, 'outgoing'),
  };
}
