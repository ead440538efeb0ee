import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { requireAccess } from '../../auth/middleware.ts';
import type { Database } from '../../db/database.ts';
import type { AppEnv } from '../../http/env.ts';
import { badRequest, notFound, readValidBody, type BodySchema } from '../../http/errors.ts';
import {
  catalogChangesRequestSchema,
  changesRequestFromQuery,
  queryCatalogChanges,
  type CatalogChangesRequest,
} from './changes.ts';
import { FilterError, UUID } from './filters.ts';
import { configRelationships } from './relationshipTree.ts';
import { catalogSummaryRequestSchema } from './summary.ts';
import { cachedSummary, type SummaryCache } from './summaryCache.ts';

const bulkDeleteSchema = z.object({
  ids: z.array(z.string().check(z.regex(UUID))).check(z.minLength(1), z.maxLength(1000)),
});

/** A filter value the grammar cannot read is the client's mistake: 400 naming it. */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FilterError) throw badRequest(error.message);
    throw error;
  }
}

// The same 400 message readValidBody gives a body, for a GET's query parameters.
function validQuery<T>(schema: BodySchema<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw badRequest(
    result.error.issues
      .map((issue) => `${issue.path.map(String).join('.') || 'query'}: ${issue.message}`)
      .join('; '),
  );
}

/**
 * /api/catalog (reference §3): the changes list (POST, and GET as Mission Control still serves
 * it), the summary by type, and bulk deletion. Reads need read on the catalog's data, deletion
 * write: viewers and up read, editors and admins delete, guests get nothing.
 */
export function catalogRoutes(db: Database, summaries: SummaryCache) {
  const app = new Hono<AppEnv>();
  const changes = (c: Context<AppEnv>, request: CatalogChangesRequest) =>
    answering(async () => c.json(await queryCatalogChanges(db, request)));

  app.post('/changes', requireAccess('database', 'read'), async (c) =>
    changes(c, await readValidBody(c, catalogChangesRequestSchema)),
  );
  app.get('/changes', requireAccess('database', 'read'), async (c) =>
    changes(
      c,
      validQuery(
        catalogChangesRequestSchema,
        changesRequestFromQuery(new URL(c.req.url).searchParams),
      ),
    ),
  );
  // A config's parents and children (reference §3): 404 when it has neither, as Mission Control.
  app.get('/:id/relationships', requireAccess('database', 'read'), async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) throw badRequest('id must be a config id (a uuid)');
    const found = await configRelationships(db, id);
    if (!found || (found.incoming === null && found.outgoing === null))
      throw notFound(`config ${id} has no relationships`);
    return c.json(found);
  });

  app.post('/summary', requireAccess('database', 'read'), async (c) => {
    const request = await readValidBody(c, catalogSummaryRequestSchema);
    return answering(async () => c.json(await cachedSummary(db, summaries, request)));
  });
  // Soft, as the console deletes: the rows stay for history and `include_deleted_configs`.
  app.post('/config-items/bulk-delete', requireAccess('database', 'write'), async (c) => {
    const { ids } = await readValidBody(c, bulkDeleteSchema);
    const { rows } = await db.query<{ id: string }>(
      `UPDATE config_items SET deleted_at = now(), delete_reason = 'deleted by a user'
       WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL RETURNING id`,
      [ids],
    );
    if (rows.length > 0) summaries.forget();
    const deleted = rows.map((row) => row.id).sort();
    return c.json({ deleted: deleted.length, ids: deleted });
  });
  return app;
}
