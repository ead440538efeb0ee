import { Hono } from 'hono';
import { requireAccess } from '../../auth/middleware.ts';
import type { Database } from '../../db/database.ts';
import type { AppEnv } from '../../http/env.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { parseInstant } from '../canary/graph.ts';
import type { ReplyCache } from '../replyCache.ts';
import { MAX_DEPTH, parseTopologyParams } from './params.ts';
import { queryTopology, type TopologyNode } from './tree.ts';
import { zipFiles } from './zip.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /api/canary/api/topology: the component tree (reference §4); viewers and up read it. */
export function topologyRoutes(db: Database, estates: ReplyCache) {
  const app = new Hono<AppEnv>();
  app.get('/', requireAccess('topologies', 'read'), async (c) => {
    const params = parseTopologyParams(new URL(c.req.url).searchParams);
    if (typeof params === 'string') throw badRequest(params);
    return c.json(await queryTopology(db, params, estates));
  });
  return app;
}

/**
 * GET /api/snapshot/topology/{id}?start=&related= (reference §10): a zip of the component's tree,
 * and the checks and configs linked to any component of it, as JSON.
 */
export function snapshotRoutes(db: Database) {
  const app = new Hono<AppEnv>();
  app.get('/topology/:id', requireAccess('topologies', 'read'), async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) throw badRequest('id must be a component id (a uuid)');
    const now = Date.now();
    const startText = c.req.query('start') ?? '15m';
    const start = parseInstant(startText, now);
    if (start === undefined || start > now)
      throw badRequest('start must be a duration (15m, 1h) or an RFC3339 time in the past');
    const related = c.req.query('related') ?? 'false';
    if (related !== 'true' && related !== 'false')
      throw badRequest('related must be true or false');

    const tree = await queryTopology(db, {
      id,
      depth: MAX_DEPTH,
      status: { include: [], exclude: [] },
      type: { include: [], exclude: [] },
      sortOrder: 'asc',
      flatten: false,
      hidePassing: false,
    });
    if (tree.components.length === 0) throw notFound(`component ${id} not found`);
    const ids = [...collectIds(tree.components)];
    const [checks, configs] = await Promise.all([
      db.query(
        `SELECT * FROM checks_by_component WHERE component_id = ANY($1::uuid[])
         ORDER BY component_id, name, id`,
        [ids],
      ),
      db.query(
        `SELECT r.component_id, ci.id, ci.name, ci.type, ci.config_class, ci.status, ci.health,
                ci.labels, ci.tags, ci.created_at, ci.updated_at
         FROM config_component_relationships r JOIN config_items ci ON ci.id = r.config_id
         WHERE r.component_id = ANY($1::uuid[]) AND r.deleted_at IS NULL AND ci.deleted_at IS NULL
         ORDER BY r.component_id, ci.name, ci.id`,
        [ids],
      ),
    ]);
    const files = [
      { name: 'components.json', content: json(tree.components) },
      { name: 'checks.json', content: json(checks.rows) },
      { name: 'configs.json', content: json(configs.rows) },
    ];
    if (related === 'true') {
      // Incidents whose evidence names a component of the tree, and the changes of its configs since start.
      const [incidents, changes] = await Promise.all([
        db.query(
          `SELECT DISTINCT i.* FROM incidents i
           JOIN hypotheses h ON h.incident_id = i.id
           JOIN evidences e ON e.hypothesis_id = h.id
           WHERE e.component_id = ANY($1::uuid[]) ORDER BY i.created_at, i.id`,
          [ids],
        ),
        db.query(
          `SELECT cc.* FROM config_changes cc
           JOIN config_component_relationships r ON r.config_id = cc.config_id
           WHERE r.component_id = ANY($1::uuid[]) AND cc.created_at >= $2::timestamptz
           ORDER BY cc.created_at, cc.id`,
          [ids, new Date(start).toISOString()],
        ),
      ]);
      files.push(
        { name: 'incidents.json', content: json(incidents.rows) },
        { name: 'config_changes.json', content: json(changes.rows) },
      );
    }
    const at = new Date(now);
    const stamp = at.toISOString().replace(/\.\d+Z$/, 'Z');
    return c.body(new Uint8Array(zipFiles(files, at)), 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="snapshot-${stamp.replaceAll(':', '-')}.zip"`,
    });
  });

  // The reference's incident snapshot (§10): the incident, its hypotheses and their evidences. It
  // reads incident rows, so it needs read on incidents (the reference asks topology:read).
  app.get('/incident/:id', requireAccess('incident', 'read'), async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) throw badRequest('id must be an incident id (a uuid)');
    const incident = await db.query(`SELECT * FROM incidents WHERE id = $1::uuid`, [id]);
    if (incident.rows.length === 0) throw notFound(`incident ${id} not found`);
    const [hypotheses, evidences] = await Promise.all([
      db.query(`SELECT * FROM hypotheses WHERE incident_id = $1::uuid ORDER BY created_at, id`, [
        id,
      ]),
      db.query(
        `SELECT e.* FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id
         WHERE h.incident_id = $1::uuid ORDER BY e.created_at, e.id`,
        [id],
      ),
    ]);
    const at = new Date();
    const stamp = at.toISOString().replace(/\.\d+Z$/, 'Z');
    const files = [
      { name: 'incidents.json', content: json(incident.rows) },
      { name: 'hypotheses.json', content: json(hypotheses.rows) },
      { name: 'evidences.json', content: json(evidences.rows) },
    ];
    return c.body(new Uint8Array(zipFiles(files, at)), 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="snapshot-${stamp.replaceAll(':', '-')}.zip"`,
    });
  });
  return app;
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function* collectIds(nodes: readonly TopologyNode[]): Generator<string> {
  const seen = new Set<string>();
  const stack = [...nodes];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    yield node.id;
    stack.push(...node.components);
  }
}
