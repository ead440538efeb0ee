import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { RESOURCES } from '@opsdeck/rbac';
import type { Database } from '../db/database';
import { authRoutes } from '../auth/routes';
import { requireUser, type AuthMode } from '../auth/middleware';
import type { UserResolver } from '../auth/resolve';
import { authorshipColumns, type AuthorshipColumns } from '../auth/authorship';
import { actionOfMethod, authorizeTable } from '../auth/tableAccess';
import { createSummaryTable, SUMMARY_SOURCES } from '../services/canary/summaryTable';
import { canaryRoutes } from '../services/canary/routes';
import { createSummaryReplies, type SummaryReplies } from '../services/canary/summaryReplies';
import { consoleHandler } from './console';
import type { AppEnv } from './env';
import { errorBody, forbidden, handleError } from './errors';
import { requestLogger, silentLogger, type Logger } from './logging';
import { proxyToBackend } from './proxy';
import {
  KILOBYTE,
  limitBody,
  MEGABYTE,
  refuseCrossSite,
  requireJsonBody,
  securityHeaders,
} from './security';

export const SERVER_VERSION = '0.1.0';

/** The PostgREST-compatible engine's factory (apps/server/src/postgrest), passed in by the caller. */
export type PostgrestAppFactory = (options: {
  db: Database;
  authorize: (
    table: string,
    method: string,
    c: Context<AppEnv>,
  ) => ReturnType<typeof authorizeTable>;
  /** Server-set authorship (created_by, created_at, updated_at) of every relation written. */
  serverColumns: (
    relation: { columns: readonly { name: string }[] },
    c: Context<AppEnv>,
  ) => AuthorshipColumns;
}) => Hono<AppEnv> | Hono;

export interface AppOptions {
  db: Database;
  auth?: AuthMode;
  /** How users are recognised (src/auth/identity.ts: session cookie, then Basic); none: every /api call is 401. */
  resolvers?: UserResolver[];
  createPostgrestApp?: PostgrestAppFactory;
  consoleDir?: string;
  backendUrl?: string;
  /** Our own origin as people reach it (config --public-url); unset: the request's own origin. */
  publicUrl?: string | undefined;
  /** Believe X-Forwarded-For / X-Forwarded-Proto from a reverse proxy. */
  trustProxy?: boolean;
  log?: Logger;
  /** How long a computed health summary is reused (0: never; the CLI uses 5 s). */
  summaryCacheMillis?: number;
  /**
   * Serve the summary from the refreshed opsdeck.summary_rows table (the CLI does), refreshed in the
   * background once older than this many ms; unset: computed from check_summary on every request.
   */
  summaryStaleMillis?: number;
  /** The summary replies to serve instead of ones made from the two options above (a test watching the cache). */
  summaryReplies?: SummaryReplies;
}

export function createApp(options: AppOptions): Hono<AppEnv> {
  const { db } = options;
  const log = options.log ?? silentLogger;
  const app = new Hono<AppEnv>();
  app.use(requestLogger(log));
  app.onError((error, c) => handleError(error, c, log));
  app.notFound((c) =>
    c.json(errorBody('not found', `${c.req.method} ${c.req.path} not found`), 404),
  );
  app.use('*', securityHeaders());
  // Before everything under /api, the proxied backend's routes included: no write from another site's page.
  app.use(
    '/api/*',
    refuseCrossSite({ publicUrl: options.publicUrl, trustProxy: options.trustProxy }),
  );

  // The liveness probe shares its path with the console's /health page: a browser asking for HTML
  // gets the page (when a console is served), probes and scripts get OK.
  app.get('/health', (c, next) =>
    options.consoleDir && c.req.header('accept')?.includes('text/html') ? next() : c.text('OK'),
  );

  if (options.backendUrl) {
    const backendUrl = options.backendUrl;
    app.all('/api/*', (c) => proxyToBackend(c, backendUrl));
  } else {
    // Rows may be large (a comment, a canary spec); every other body is a small JSON document.
    const rowsLimit = limitBody(MEGABYTE);
    const documentLimit = limitBody(64 * KILOBYTE);
    app.use('/api/*', (c, next) =>
      (isUnder(c.req.path, '/api/db') ? rowsLimit : documentLimit)(c, next),
    );
    // Readable without a session: the console reads feature flags before sign-in.
    app.get('/api/properties', async (c) => {
      const { rows } = await db.query<{ name: string; value: string | null }>(
        'SELECT name, value FROM properties ORDER BY name',
      );
      return c.json(
        rows.map((row) => ({
          name: row.name,
          value: row.value ?? '',
          source: 'db',
          type: 'string',
          description: '',
        })),
      );
    });
    app.get('/api/about', (c) =>
      c.json({ appVersion: SERVER_VERSION, chartVersion: SERVER_VERSION }),
    );

    const auth = requireUser({ mode: options.auth ?? 'basic', resolvers: options.resolvers ?? [] });
    app.use('/api/*', auth);
    // The Kratos-compatible routes take browser forms, guarded by their own CSRF token.
    const jsonOnly = requireJsonBody();
    app.use('/api/*', (c, next) =>
      isUnder(c.req.path, '/api/.ory') || isUnder(c.req.path, '/api/kratos')
        ? next()
        : jsonOnly(c, next),
    );
    app.route('/api/auth', authRoutes());
    const summaryTable =
      options.summaryStaleMillis === undefined
        ? undefined
        : createSummaryTable(db, { staleMillis: options.summaryStaleMillis, log });
    const summaries =
      options.summaryReplies ??
      createSummaryReplies(db, {
        cacheMillis: options.summaryCacheMillis ?? 0,
        table: summaryTable,
      });
    app.route('/api/canary', canaryRoutes(db, SERVER_VERSION, summaries));
    // A change to checks, canaries or statuses through /api/db is in the next summary.
    app.use('/api/db/:table', async (c, next) => {
      await next();
      if (
        actionOfMethod(c.req.method) === 'write' &&
        SUMMARY_SOURCES.has(c.req.param('table')) &&
        c.res.status < 400
      )
        await summaries.changed();
    });
    app.get('/api/kubeconfig', readsSomething, (c) => {
      // The configured address, not the Host header: a forged Host must not point kubectl elsewhere.
      const server = options.publicUrl ?? new URL(c.req.url).origin;
      const user = c.get('user');
      const kubeconfig = [
        'apiVersion: v1',
        'kind: Config',
        'clusters:',
        '- name: opsdeck',
        '  cluster:',
        `    server: ${server}/api`,
        'contexts:',
        '- name: opsdeck',
        '  context:',
        '    cluster: opsdeck',
        `    user: ${user.email ?? user.name}`,
        'current-context: opsdeck',
        'users:',
        `- name: ${user.email ?? user.name}`,
        '  user: {}',
        '',
      ].join('\n');
      return c.body(kubeconfig, 200, {
        'Content-Type': 'application/yaml',
        'Content-Disposition': 'attachment; filename="kubeconfig.yaml"',
      });
    });

    if (options.createPostgrestApp) {
      app.route(
        '/api/db',
        options.createPostgrestApp({
          db,
          authorize: (table, method, c) =>
            authorizeTable(c.get('user'), table, method, c.get('authorizer')),
          serverColumns: (relation, c) => authorshipColumns(c.get('user'), relation),
        }) as Hono<AppEnv>,
      );
    } else {
      // The engine is mounted here once it exists; until then the tables are refused, still after auth.
      app.all('/api/db/:table', (c) => {
        const decision = authorizeTable(
          c.get('user'),
          c.req.param('table'),
          c.req.method,
          c.get('authorizer'),
        );
        if (!decision.allowed) throw forbidden(decision.reason ?? 'forbidden');
        return c.json(errorBody('not implemented', '/api/db is not available in this build'), 501);
      });
    }
    app.all('/api/*', (c) =>
      c.json(errorBody('not found', `${c.req.method} ${c.req.path} not found`), 404),
    );
  }

  if (options.consoleDir) {
    const serveConsole = consoleHandler(options.consoleDir);
    app.get('*', serveConsole);
  }
  return app;
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

// §6: a guest reads nothing, so has no use for (and gets no) cluster address.
const readsSomething: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('authorizer').canAny(RESOURCES.map((resource) => [resource, 'read'] as const)))
    throw forbidden('the kubeconfig needs read access to something');
  await next();
};
