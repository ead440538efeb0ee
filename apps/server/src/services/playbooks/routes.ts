import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod/mini';
import { requireAccess } from '../../auth/middleware.ts';
import { requireScoped } from '../../auth/scoped.ts';
import type { Database } from '../../db/database.ts';
import type { AppEnv } from '../../http/env.ts';
import { badRequest, forbidden, readValidBody } from '../../http/errors.ts';
import type { PlaybookRunner } from './runner.ts';
import {
  approveRun,
  cancelRun,
  createRun,
  getRun,
  listPlaybooks,
  parametersFor,
  runStatus,
} from './runs.ts';

const resourceIds = {
  config_id: z.optional(z.string()),
  check_id: z.optional(z.string()),
  component_id: z.optional(z.string()),
};

/** POST /playbook/{id}/params: the playbook id comes from the body (the real handler ignores the path). */
const paramsBodySchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  ...resourceIds,
  params: z.optional(z.record(z.string(), z.unknown())),
});

/** POST /playbook/run (reference §2): values are strings; code params may come as parsed objects. */
const runBodySchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  ...resourceIds,
  params: z.optional(z.record(z.string(), z.unknown())),
  agent_id: z.optional(z.string()),
});

/**
 * The playbook service under /api/playbook (reference §2), guarded by the spec's role matrix:
 * reading needs read on playbooks, running (and its parameters) write on playbook_runs, approving
 * the `playbooks.approve` capability and being a listed approver, cancelling write on playbook_runs.
 */
export function playbookRoutes(db: Database, runner: PlaybookRunner) {
  const app = new Hono<AppEnv>();

  app.get('/list', requireAccess('playbooks', 'read'), async (c) => {
    const query = c.req.query();
    for (const key of Object.keys(query))
      if (!['config_id', 'check_id', 'component_id'].includes(key))
        throw badRequest(`unknown query parameter ${key} (config_id, check_id or component_id)`);
    return c.json(await listPlaybooks(db, query));
  });

  app.post('/run', mayRunSome, async (c) => {
    const body = await readValidBody(c, runBodySchema);
    mayRun(c, body.id);
    const created = await createRun(db, body, c.get('user'), runner.secrets);
    runner.wake();
    return c.json(created, 201);
  });

  app.get('/run/:id', requireAccess('playbooks', 'read'), async (c) =>
    c.json(await getRun(db, c.req.param('id'))),
  );

  app.get('/run/:id/status', requireAccess('playbooks', 'read'), async (c) =>
    c.json(await runStatus(db, c.req.param('id'))),
  );

  // approveRun authorizes before it looks the id up: a caller who may not approve gets 403 for any id.
  app.post('/run/approve/:id', async (c) => {
    const { scheduled } = await approveRun(
      db,
      c.req.param('id'),
      c.get('user'),
      c.get('authorizer'),
    );
    if (scheduled) runner.wake();
    return c.json({ message: 'playbook run approved' });
  });

  app.post('/run/cancel/:id', requireAccess('playbook_runs', 'write'), async (c) => {
    await cancelRun(db, c.req.param('id'));
    return c.json({ message: 'playbook run cancelled' });
  });

  app.post('/:id/params', mayRunSome, async (c) => {
    const body = await readValidBody(c, paramsBodySchema);
    mayRun(c, body.id);
    return c.json({ params: await parametersFor(db, body, c.get('user')) });
  });

  return app;
}

/**
 * Running a playbook: a permission row about this playbook (by playbook_id) decides first — a deny
 * refuses even a role that may run every playbook, an allow lets someone run this one only — else the
 * `playbooks.run` capability.
 */
function mayRun(c: Context<AppEnv>, playbookId: string): void {
  const authorizer = c.get('authorizer');
  requireScoped(
    c.get('user'),
    authorizer,
    'playbook_id',
    playbookId.toLowerCase(),
    'playbook:run',
    authorizer.canDo('playbooks.run'),
  );
}

/** Before the body is read: someone who may run no playbook at all is refused as before (403). */
const mayRunSome: MiddlewareHandler<AppEnv> = async (c, next) => {
  const scopedAllow = (c.get('user').scopedPermissions ?? []).some(
    (row) => !row.deny && row.scope.playbook_id,
  );
  if (!scopedAllow && !c.get('authorizer').canDo('playbooks.run'))
    throw forbidden('playbooks.run is not allowed');
  await next();
};
