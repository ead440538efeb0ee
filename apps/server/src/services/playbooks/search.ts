import { Hono } from 'hono';
import { z } from 'zod/mini';
import { requireAccess } from '../../auth/middleware.ts';
import type { SqlRunner } from '../../db/database.ts';
import type { AppEnv } from '../../http/env.ts';
import { badRequest, notFound, readValidBody } from '../../http/errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
import { selectorMatches, type ResourceKind } from './resources.ts';
import { selectorSchema, type ResourceSelector } from './spec.ts';

// POST /api/resources/search (reference §7): what the run modal's resource selector and the
// config/component/check parameters search. Selectors are matched by the same code that decides
// which playbooks run on a resource, so a search and a playbook's selector never disagree.

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;
// Rows read per selector before matching in process: the demo estate and a small install fit;
// a bare word in `search` (a name prefix) narrows the read in SQL first.
const SCAN_LIMIT = 5000;

const searchBodySchema = z.looseObject({
  limit: z.optional(z.number()),
  configs: z.optional(z.array(selectorSchema)),
  checks: z.optional(z.array(selectorSchema)),
  components: z.optional(z.array(selectorSchema)),
});

const LISTS = { configs: 'config', checks: 'check', components: 'component' } as const;

const SELECTS: Record<ResourceKind, string> = {
  config: `SELECT id, name, type, config_class, status, health, labels, tags, agent_id,
             tags->>'namespace' AS namespace, deleted_at
           FROM config_items`,
  check: `SELECT id, name, type, status, namespace, icon, labels, severity, agent_id, deleted_at
          FROM checks`,
  component: `SELECT id, name, type, status, health, icon, labels, agent_id,
                labels->>'namespace' AS namespace, deleted_at
              FROM components`,
};

/** The first bare word of `search` (a name prefix), as a LIKE pattern with its wildcards escaped. */
function namePrefix(search: string | undefined): string | undefined {
  const word = search
    ?.split(/\s+/)
    .find((term) => term && !/[=!<>|()]/.test(term) && !term.startsWith('-'));
  if (!word) return undefined;
  return `${word.replace(/\*$/, '').replace(/[\\%_]/g, '\\$&')}%`;
}

/** One reply item (reference §7): no `labels` key; checks and components carry theirs as `tags`. */
function item(kind: ResourceKind, row: Record<string, unknown>) {
  const common = {
    id: row.id,
    agent: row.agent_id,
    name: row.name,
    namespace: row.namespace ?? '',
    type: row.type,
  };
  if (kind === 'config')
    return { ...common, tags: row.tags ?? {}, health: row.health, status: row.status };
  if (kind === 'check')
    return {
      ...common,
      icon: row.icon,
      tags: row.labels ?? {},
      health: row.status === 'healthy' ? 'healthy' : 'unhealthy',
      status: row.status,
      severity: row.severity,
    };
  return {
    ...common,
    icon: row.icon,
    tags: row.labels ?? {},
    health: row.health,
    status: row.status,
  };
}

async function search(
  db: SqlRunner,
  kind: ResourceKind,
  selector: ResourceSelector,
  limit: number,
): Promise<Record<string, unknown>[]> {
  const where: string[] = [];
  const values: unknown[] = [];
  if (!selector.includeDeleted) where.push('deleted_at IS NULL');
  const prefix = namePrefix(selector.search);
  if (prefix) {
    values.push(prefix);
    where.push(`name LIKE $${values.length}`);
  }
  values.push(SCAN_LIMIT);
  const { rows } = await db.query<Record<string, unknown>>(
    `${SELECTS[kind]} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY name, id LIMIT $${values.length}`,
    values,
  );
  return rows
    .filter((row) => selectorMatches(selector, { kind, row }))
    .slice(0, limit)
    .map((row) => item(kind, row));
}

/** `/api/resources`: `POST /search` over configs, checks and components; read on the catalog. */
export function resourceSearchRoutes(db: SqlRunner) {
  const app = new Hono<AppEnv>();
  app.post('/search', requireAccess('database', 'read'), async (c) => {
    const body = await readValidBody(c, searchBodySchema);
    const limit = body.limit ?? DEFAULT_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
      throw badRequest(`limit must be a whole number from 1 to ${MAX_LIMIT}`);
    const reply: Record<string, unknown[]> = {};
    for (const [list, kind] of Object.entries(LISTS) as [keyof typeof LISTS, ResourceKind][]) {
      const found = new Map<unknown, Record<string, unknown>>();
      for (const selector of body[list] ?? [])
        for (const row of await search(db, kind, selector, limit)) found.set(row.id, row);
      // Empty lists are left out, as Mission Control does.
      if (found.size > 0) reply[list] = [...found.values()].slice(0, limit);
    }
    return c.json(reply);
  });
  // One resource by id, in the search's item shape (with its `kind`): a config, check or component.
  app.get('/:id', requireAccess('database', 'read'), async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) throw badRequest('id must be a resource id (a uuid)');
    for (const kind of Object.values(LISTS)) {
      const { rows } = await db.query<Record<string, unknown>>(
        `SELECT * FROM (${SELECTS[kind]}) AS r WHERE id = $1::uuid AND deleted_at IS NULL`,
        [id],
      );
      if (rows[0]) return c.json({ ...item(kind, rows[0]), kind });
    }
    throw notFound(`resource ${id} not found`);
  });
  return app;
}
