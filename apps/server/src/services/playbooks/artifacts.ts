import { Hono } from 'hono';
import { requireAccess } from '../../auth/middleware.ts';
import type { SqlRunner } from '../../db/database.ts';
import type { AppEnv } from '../../http/env.ts';
import { badRequest, notFound } from '../../http/errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Every column but the content, which only a download sends.
const LISTED = `f.id, f.check_id, f.check_time, f.playbook_run_action_id, f.config_change_id,
  f.scraper_id, f.job_history_id, f.connection_id, f.path, f.filename, f.content_type, f.size,
  f.checksum, f.compression_type, f.is_pushed, f.is_data_pushed, f.created_at, f.updated_at,
  f.deleted_at, f.expires_at`;

/**
 * /api/artifacts (reference §2): the files a run's actions produced, `GET /list/playbook_run/{id}`
 * (the run's and its child runs', oldest first), and `GET /download/{id}`, the content as stored.
 */
export function artifactRoutes(db: SqlRunner) {
  const app = new Hono<AppEnv>();
  app.get('/list/playbook_run/:id', requireAccess('playbook_runs', 'read'), async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) throw badRequest('id must be a playbook run id (a uuid)');
    const { rows } = await db.query(
      `SELECT ${LISTED} FROM artifacts f
       JOIN playbook_run_actions a ON a.id = f.playbook_run_action_id
       JOIN playbook_runs r ON r.id = a.playbook_run_id
       WHERE (r.id = $1::uuid OR r.parent_id = $1::uuid) AND f.deleted_at IS NULL
       ORDER BY f.created_at, f.id`,
      [id],
    );
    return c.json(rows);
  });
  app.get('/download/:id', requireAccess('playbook_runs', 'read'), async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) throw badRequest('id must be an artifact id (a uuid)');
    const { rows } = await db.query<{ content: Uint8Array | null; content_type: string | null }>(
      `SELECT content, content_type FROM artifacts WHERE id = $1::uuid AND deleted_at IS NULL`,
      [id],
    );
    const found = rows[0];
    if (!found) throw notFound(`artifact ${id} not found`);
    // Stored files are shown as text, never rendered: the reference reads them as text too.
    return c.body(new Uint8Array(found.content ?? new Uint8Array()), 200, {
      'Content-Type': 'text/plain; charset=utf-8',
    });
  });
  return app;
}
