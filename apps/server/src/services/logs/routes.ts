import { Hono } from 'hono';
import { logsRequestSchema } from '@opsdeck/api-client/topology/schemas';
import { requireCapability } from '../../auth/middleware.ts';
import type { SqlRunner } from '../../db/database.ts';
import type { AppEnv } from '../../http/env.ts';
import { ApiError, badRequest, notFound, readValidBody } from '../../http/errors.ts';
import { allowedDirectories, queryLogFiles, type FileLimits } from './files.ts';
import { parseLogFilter } from './filters.ts';
import type { ServerLogStore } from './serverLog.ts';
import { queryServerLog, type LogsReply } from './serverLogQuery.ts';

/** A component's log selector as the reference stores it (components.log_selectors). */
export interface LogSelector {
  name: string;
  type?: string;
  labels?: Record<string, string>;
}

/** Selector kinds this server reads: its own log, and files under a log backend's directories. */
export const SERVER_LOG_SELECTOR = 'opsdeck';
export const FILE_SELECTOR = 'file';
/** Kinds of the reference that need a service the embedded server does not run. */
const ELSEWHERE = ['loki', 'opensearch', 'elasticsearch', 'kubernetes', 'cloudwatch'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notSupported = (what: string) =>
  new ApiError(501, 'not implemented', `${what} is not supported by the embedded server`);

export interface LogsState {
  store: ServerLogStore;
  fileLimits?: FileLimits;
}

function selectorsOf(component: string, stored: unknown): LogSelector[] {
  if (stored === null || stored === undefined) return [];
  const list = Array.isArray(stored) ? stored : [];
  return list.map((entry: unknown, index) => {
    const selector = entry as Partial<LogSelector> | null;
    const labels = selector?.labels ?? {};
    if (
      !selector ||
      typeof selector !== 'object' ||
      (selector.name !== undefined && typeof selector.name !== 'string') ||
      (selector.type !== undefined && typeof selector.type !== 'string') ||
      typeof labels !== 'object' ||
      Object.values(labels).some((value) => typeof value !== 'string')
    )
      throw badRequest(`component ${component}: log selector ${index} is malformed`);
    return { name: selector.name ?? '', type: selector.type ?? '', labels };
  });
}

async function backendSpec(db: SqlRunner, name: string): Promise<{ name: string; spec: unknown }> {
  const { rows } = await db.query<{ name: string; spec: unknown }>(
    `SELECT name, spec FROM logging_backends
     WHERE deleted_at IS NULL AND (name = $1 OR id::text = $1)
     ORDER BY created_at LIMIT 1`,
    [name],
  );
  const row = rows[0];
  if (!row) throw notFound(`log backend ${name} was not found`);
  return row;
}

/** `POST /api/logs` (reference §9): a component's logs through one of its log selectors. */
export function logsRoutes(db: SqlRunner, state: LogsState): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/', requireCapability('logs.read'), async (c) => {
    const body = await readValidBody(c, logsRequestSchema);
    if (!body.id) throw badRequest('component ID is required');
    if (!UUID.test(body.id)) throw badRequest(`component ID ${body.id.slice(0, 40)} is not a uuid`);
    const { rows } = await db.query<{ name: string; log_selectors: unknown }>(
      `SELECT name, log_selectors FROM components WHERE id = $1 AND deleted_at IS NULL`,
      [body.id],
    );
    const component = rows[0];
    if (!component) throw notFound(`component ${body.id} was not found`);
    const selectors = selectorsOf(component.name, component.log_selectors);
    const selector = body.name ? selectors.find((s) => s.name === body.name) : selectors[0];
    if (!selector)
      throw notFound(
        `log selector with the name '${body.name ?? ''}' was not found. Available names: [${selectors.map((s) => s.name).join(', ')}]`,
      );
    const labels = { ...selector.labels, ...body.labels };
    const filter = parseLogFilter(labels);
    const type = selector.type?.toLowerCase() ?? '';
    let reply: LogsReply;
    if (type === SERVER_LOG_SELECTOR) {
      // Lines logged a moment ago are in memory still: stored first, so a query finds them.
      await state.store.flush();
      reply = await queryServerLog(db, filter);
    } else {
      if (ELSEWHERE.includes(type)) throw notSupported(`a ${type} log selector`);
      if (type !== FILE_SELECTOR && type !== '')
        throw badRequest(`log selector ${selector.name}: unknown type ${type}`);
      if (!selector.labels?.backend)
        throw badRequest(`log selector ${selector.name}: labels.backend names no log backend`);
      const backend = await backendSpec(db, selector.labels.backend);
      const spec = (backend.spec ?? {}) as Record<string, unknown>;
      if (!spec.file) {
        const kind = Object.keys(spec).find((key) => key !== 'routes') ?? 'empty';
        throw notSupported(`log backend ${backend.name} (${kind})`);
      }
      reply = await queryLogFiles(
        allowedDirectories(backend.name, spec),
        labels.file,
        filter,
        state.fileLimits,
      );
    }
    return c.json(reply);
  });
  return app;
}
