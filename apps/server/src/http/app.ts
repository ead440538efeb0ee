import { Hono } from 'hono';
import { requireUser, type AuthMode } from '../auth/middleware.ts';
import type { UserResolver } from '../auth/resolve.ts';
import { authorshipColumns } from '../auth/authorship.ts';
import { authorizeTable, rowsReadable, withTeamRows } from '../auth/tableAccess.ts';
import { withActor } from '../db/actor.ts';
import type { Database } from '../db/database.ts';
import { JobScheduler } from '../jobs/scheduler.ts';
import { createPostgrestApp } from '../postgrest/app.ts';
import type { SummaryReplies } from '../services/canary/summaryReplies.ts';
import type {
  Service,
  ServiceConfig,
  ServiceContext,
  ServiceJob,
} from '../services/defineService.ts';
import { ChangeFeed } from '../services/changes/feed.ts';
import type { StreamSettings } from '../services/changes/stream.ts';
import { createEventBus } from '../services/events.ts';
import type { FileLimits } from '../services/logs/files.ts';
import { ServerLogBuffer } from '../services/logs/serverLog.ts';
import { SERVICES } from '../services/list.ts';
import { processSecretBox, type SecretBox } from '../services/playbooks/secrets.ts';
import { createServiceRegistry } from '../services/registry.ts';
import { consoleHandler } from './console.ts';
import { STRICT_OUTBOUND, type OutboundPolicy } from './outbound.ts';
import type { AppEnv } from './env.ts';
import { errorBody, handleError } from './errors.ts';
import { refuseUnknownHost } from './host.ts';
import { requestLogger, silentLogger, type Logger } from './logging.ts';
import { proxyToBackend } from './proxy.ts';
import {
  KILOBYTE,
  limitBody,
  MEGABYTE,
  refuseCrossSite,
  requireJsonBody,
  securityHeaders,
} from './security.ts';

export const SERVER_VERSION = '0.1.0';

export interface AppOptions {
  db: Database;
  auth?: AuthMode;
  /** How users are recognised (src/auth/identity.ts: session cookie, then Basic); none: every /api call is 401. */
  resolvers?: UserResolver[];
  consoleDir?: string;
  /** How long a server render of a console page may wait for its data (ms, default 150; 0: none). */
  consoleRenderBudgetMillis?: number;
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
  /** The service modules (default: the server's list, src/services/list.ts). */
  services?: readonly Service[];
  /** Playbook exec actions allowed (default true; the CLI's --no-playbook-exec sets false). */
  playbookExec?: boolean;
  /** Seals secret playbook parameters at rest (the server's key); unset: a key of this process. */
  playbookSecrets?: SecretBox;
  /**
   * Where playbook http, sql and notification actions may go (src/http/outbound.ts); default:
   * public addresses only. The CLI sets it from --outbound-allow-private / --outbound-allow-link-local.
   */
  outbound?: OutboundPolicy;
  /** How long `POST /api/connection/test/{id}` waits for an answer (default 10 s). */
  connectionTestTimeoutMillis?: number;
  /** `GET /api/events` timings and bounds (services/changes/stream.ts), defaults there. */
  eventStream?: Partial<StreamSettings>;
  /**
   * The server's own log as the logs service keeps it (services/logs): `buffer` is one `log` already
   * writes into (startServer's, from its first line); unset, createApp tees `log` into a new one.
   */
  logs?: { buffer?: ServerLogBuffer; serverLogRows?: number; fileLimits?: FileLimits };
}

/** The core app, and the service modules' background work to start once it listens. */
export type CoreApp = Hono<AppEnv> & {
  /** Starts every module's jobs; the returned job stops them all (in reverse order). */
  /**
   * Starts the modules' jobs. `exclusive`: this process alone uses the database (PGlite), so every
   * lease left in it is a dead process's.
   */
  startJobs(options?: { exclusive?: boolean }): ServiceJob;
};

/**
 * The core app: security and auth middleware, each service module's routes, the PostgREST engine
 * at /api/db over every module's tables, and the console. Refuses to build (ServiceRegistryError)
 * when two modules claim one name, table, rpc function or route base.
 */
export function createApp(options: AppOptions): CoreApp {
  const { db } = options;
  const serverLog = options.logs?.buffer ?? new ServerLogBuffer();
  const log = options.logs?.buffer
    ? (options.log ?? silentLogger)
    : serverLog.tee(options.log ?? silentLogger);
  const registry = createServiceRegistry(options.services ?? SERVICES);
  const app = new Hono<AppEnv>();
  let startJobs = (_options?: { exclusive?: boolean }): ServiceJob => ({
    stop: async () => undefined,
  });
  app.use(requestLogger(log));
  app.onError((error, c) => handleError(error, c, log));
  app.notFound((c) =>
    c.json(errorBody('not found', `${c.req.method} ${c.req.path} not found`), 404),
  );
  app.use('*', securityHeaders());
  // Without --public-url the request's own URL is handed back (kubeconfig, webhook runs): only ours.
  app.use('*', refuseUnknownHost({ publicUrl: options.publicUrl }));
  // Before everything under /api, the proxied backend's routes included: no write from another site's page.
  const crossSiteBases = registry.services.flatMap((service) =>
    (service.routes ?? []).filter((route) => route.public && route.crossSite).map((r) => r.base),
  );
  const crossSite = refuseCrossSite({
    publicUrl: options.publicUrl,
    trustProxy: options.trustProxy,
  });
  app.use('/api/*', (c, next) =>
    crossSiteBases.some((base) => isUnder(c.req.path, base)) ? next() : crossSite(c, next),
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
    // Rows may be large (a comment, a canary spec), and so may another service's webhook payload
    // (a GitHub push); every other body is a small JSON document.
    const rowsLimit = limitBody(MEGABYTE);
    const documentLimit = limitBody(64 * KILOBYTE);
    app.use('/api/*', (c, next) =>
      (isUnder(c.req.path, '/api/db') || crossSiteBases.some((base) => isUnder(c.req.path, base))
        ? rowsLimit
        : documentLimit)(c, next),
    );

    const events = createEventBus(log);
    const secretBox = options.playbookSecrets ?? processSecretBox();
    const config: ServiceConfig = {
      publicUrl: options.publicUrl,
      summaryCacheMillis: options.summaryCacheMillis,
      summaryStaleMillis: options.summaryStaleMillis,
      summaryReplies: options.summaryReplies,
      playbookExec: options.playbookExec ?? true,
      playbookSecrets: secretBox,
      outbound: options.outbound ?? STRICT_OUTBOUND,
      connectionTestTimeoutMillis: options.connectionTestTimeoutMillis,
      eventsHeartbeatMillis: options.eventStream?.heartbeatMillis,
      eventsQueueLimit: options.eventStream?.queueLimit,
      eventsMaxStreamMillis: options.eventStream?.maxStreamMillis,
      serverLog,
      logsServerLogRows: options.logs?.serverLogRows,
      logsFileLimits: options.logs?.fileLimits,
    };
    // The database's change stream, handed to the modules as `table-written` events.
    const changes = new ChangeFeed(
      db,
      log,
      (event) => events.emit('table-written', event),
      // An event is shown to whoever may read its table through /api/db, by the same rule. Of a
      // table read only in part (a personal or shared table, a permission row about single
      // resources), only the rows the reader may read, their teams looked up for each event.
      (user, authorizer, table) => {
        const decision = authorizeTable(user, table, 'GET', authorizer, registry);
        if (!decision.allowed) return 'none';
        if (!decision.onlyRows && !decision.rowFilter) return 'all';
        return { rows: async () => rowsReadable(await withTeamRows(db, user, decision)) };
      },
    );
    const context: ServiceContext = { db, log, config, events, changes, version: SERVER_VERSION };
    const modules = registry.services.map((service) => {
      const state = service.setup?.(context);
      for (const [name, handler] of Object.entries(service.on ?? {}))
        events.on(name as 'table-written', (event) => handler(event, context, state));
      return { service, state };
    });
    startJobs = (jobOptions = {}) => {
      const scheduler = new JobScheduler(
        modules.flatMap(({ service, state }) => service.scheduledJobs?.(context, state) ?? []),
        { db, log, exclusive: jobOptions.exclusive ?? false },
      );
      // A saved or deleted resource (a canary) is seen at the scheduler's next tick.
      events.on('table-written', ({ table }) => scheduler.tableWritten(table));
      scheduler.start();
      const jobs = modules.flatMap(({ service, state }) =>
        service.jobs ? [service.jobs(context, state)] : [],
      );
      return {
        async stop() {
          for (const job of jobs.reverse()) await job.stop();
          await scheduler.stop();
        },
      };
    };
    const mount = (publicRoutes: boolean) => {
      for (const { service, state } of modules)
        for (const route of service.routes ?? [])
          if ((route.public ?? false) === publicRoutes)
            app.route(route.base, route.app(context, state));
    };

    // Readable without a session (the console reads feature flags before sign-in).
    mount(true);
    const auth = requireUser({ mode: options.auth ?? 'basic', resolvers: options.resolvers ?? [] });
    app.use('/api/*', auth);
    // Every database write a request makes is recorded (change events, audit) as its user's.
    app.use('/api/*', (c, next) => {
      const user = c.get('user');
      return user ? withActor(user.id, next) : next();
    });
    // The Kratos-compatible routes take browser forms, guarded by their own CSRF token.
    const jsonOnly = requireJsonBody();
    app.use('/api/*', (c, next) =>
      isUnder(c.req.path, '/api/.ory') || isUnder(c.req.path, '/api/kratos')
        ? next()
        : jsonOnly(c, next),
    );
    mount(false);
    app.route(
      '/api/db',
      createPostgrestApp<AppEnv>({
        db,
        authorize: (table, method, c) =>
          withTeamRows(
            db,
            c.get('user'),
            authorizeTable(c.get('user'), table, method, c.get('authorizer'), registry),
          ),
        serverColumns: (relation, c) =>
          authorshipColumns(
            c.get('user'),
            relation,
            registry.table(relation.name)?.declaration.personal?.column,
          ),
        extraKeysInto: (relation) => registry.table(relation)?.declaration.extraKeysInto,
        caseFolded: (relation) => registry.table(relation)?.declaration.caseFolded,
        functionWrites: (name) => registry.rpc(name)?.declaration.readOnly === false,
        // Declared secret columns (connection passwords…) are sealed under the server's key.
        secretColumns: (relation) => registry.table(relation)?.declaration.secrets,
        sealSecret: (context, value) => secretBox.seal(value, context),
        // The write's change events reach this app's modules before the reply (the canary module
        // clears the summary it serves), whichever instance's stream would bring them later.
        onWritten: () => changes.catchUp(),
      }),
    );
    app.all('/api/*', (c) =>
      c.json(errorBody('not found', `${c.req.method} ${c.req.path} not found`), 404),
    );
  }

  if (options.consoleDir) {
    // A page's first screen is rendered with the app's own replies to the request's session.
    const serveConsole = consoleHandler(options.consoleDir, {
      appFetch: (request, env) => app.fetch(request, env),
      renderBudgetMillis: options.consoleRenderBudgetMillis,
      onRenderError: (error) =>
        log({ level: 'error', msg: 'console server render failed', error: String(error) }),
    });
    app.get('*', serveConsole);
  }
  return Object.assign(app, {
    startJobs: (jobOptions?: { exclusive?: boolean }) => startJobs(jobOptions),
  });
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}
