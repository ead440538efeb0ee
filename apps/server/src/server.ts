import { existsSync, mkdirSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { createIdentityAuth, identityActor } from './auth/identity.ts';
import type { ServerConfig } from './config.ts';
import { DataDirLockedError } from './db/dataDirLock.ts';
import { DataDirContentError, DataDirOwnerError, secureDataDir } from './db/dataDirMode.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seedDemoOnce } from './db/seed/demo.ts';
import { seedDemoConnections } from './services/settings/demoConnections.ts';
import { withStartLock } from './db/startLock.ts';
import { createApp } from './http/app.ts';
import type { Logger } from './http/logging.ts';
import { loadResources, ResourceLoadError } from './resources/loader.ts';
import { watchResources, type ResourceWatcher } from './resources/watch.ts';
import { identityRouteGuards } from './http/security.ts';
import { getSelfOrigin, setSelfOrigin } from './services/canary/runner.ts';
import { defaultServiceRegistry } from './services/list.ts';
import { ServerLogBuffer } from './services/logs/serverLog.ts';
import { loadSecretBox, type SecretBox } from './services/playbooks/secrets.ts';
import { ServiceRegistryError } from './services/registry.ts';

export interface RunningServer {
  url: string;
  db: Database;
  /** The server's logger: what it writes is also kept in its own log (services/logs). */
  log: Logger;
  close(): Promise<void>;
}

export class StartupError extends Error {}

/** How long a client may take to send a whole request (headers and body) before it gets 408. */
export const DEFAULT_REQUEST_TIMEOUT_MILLIS = 30_000;
/** Open sockets at most; more are closed on accept (keeps a flood of idle clients under the fd limit). */
export const DEFAULT_MAX_CONNECTIONS = 1000;

/** Opens storage, migrates, seeds an empty database, and listens. */
/**
 * Stops listening and ends every connection: a request in flight may finish within the grace period,
 * a connection that falls idle meanwhile is closed at once, and what is still open after it (an
 * event stream, a stalled client) is cut. Without this a browser's keep-alive connection that was
 * mid-reply when SIGTERM came kept the process alive until the browser let go.
 */
function closeHttp(served: ServerType, graceMillis = 3000): Promise<void> {
  // serve() without createServer makes a node:http server.
  const server = served as HttpServer;
  return new Promise<void>((resolve) => {
    server.keepAliveTimeout = 1;
    const cut = setTimeout(() => server.closeAllConnections(), graceMillis);
    server.close(() => {
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}

export async function startServer(config: ServerConfig, output: Logger): Promise<RunningServer> {
  // Every line from here on is kept for the logs service too, stored once the database is open.
  const serverLog = new ServerLogBuffer();
  const log = serverLog.tee(output);
  // Two modules claiming one name, table, function or route: refused before anything is touched.
  try {
    defaultServiceRegistry();
  } catch (error) {
    if (error instanceof ServiceRegistryError)
      throw new StartupError(`the service modules conflict: ${error.message}`);
    throw error;
  }
  let db: Database;
  const pgliteDir = !config.databaseUrl && !config.memory ? config.dataDir : undefined;
  if (pgliteDir) {
    try {
      // Owner-only before PGlite reads it: an older server (or a copy) left files others could write.
      const { repaired } = secureDataDir(pgliteDir);
      if (repaired > 0)
        log({
          level: 'warn',
          msg: 'data directory permissions repaired: group and others may no longer read or write it',
          dir: pgliteDir,
          repaired,
        });
    } catch (error) {
      throw new StartupError(
        error instanceof DataDirOwnerError || error instanceof DataDirContentError
          ? `the data directory is not ours: ${error.message}`
          : `cannot secure the data directory ${pgliteDir}: ${(error as Error).message}`,
      );
    }
  }
  try {
    if (!config.databaseUrl && !config.memory && !existsSync(config.dataDir))
      mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    db = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      memory: config.memory,
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new StartupError(
        `the data directory ${config.dataDir} is in use by another opsdeck-server${error.pid ? ` (pid ${error.pid})` : ''}: stop it first, or pass another --data-dir`,
      );
    }
    const where = config.databaseUrl
      ? new URL(config.databaseUrl).host
      : config.memory
        ? 'memory'
        : config.dataDir;
    throw new StartupError(`cannot open the database (${where}): ${(error as Error).message}`);
  }
  try {
    // Instances starting together on one PostgreSQL take turns; one of them seeds.
    await withStartLock(db, async () => {
      const applied = await migrate(db, undefined, {
        onAdopted: (ids) =>
          log({ msg: 'migrations adopted from the previous runner', migrations: ids }),
      });
      if (applied.length) log({ msg: 'migrations applied', migrations: applied });
      if (config.seed !== 'demo') return;
      const onStart = () => log({ msg: 'seeding demo data', checks: config.checks });
      const result = await seedDemoOnce(db, {
        checks: config.checks,
        components: config.components,
        configs: config.configs,
        playbookRuns: config.playbookRuns,
        onStart,
      });
      if (result) log({ msg: 'demo data seeded', ...result });
    });
  } catch (error) {
    await db.close().catch(() => undefined);
    throw new StartupError(`cannot prepare the database: ${(error as Error).message}`);
  }
  if (config.resourcesDir) {
    const dir = config.resourcesDir;
    try {
      // Instances starting together load the same files in turn; the second finds nothing to change.
      const loaded = await withStartLock(db, () =>
        loadResources(db, dir, defaultServiceRegistry().resourceKinds()),
      );
      // A file over a limit or a link out of the directory is left out; the rest starts.
      for (const { file, reason } of loaded.refused)
        log({ level: 'warn', msg: 'resource file skipped', dir, file, reason });
      log({ msg: 'resources loaded', ...loaded });
    } catch (error) {
      await db.close().catch(() => undefined);
      // A GitOps deploy with a broken file fails loudly rather than running without it.
      throw new StartupError(
        error instanceof ResourceLoadError
          ? `cannot load the resources: ${error.message}`
          : `cannot load the resources from ${dir}: ${(error as Error).message}`,
      );
    }
  }

  if (pgliteDir) {
    try {
      // PGlite writes its files 0666 whatever the umask: initdb's on a first start, the migrations'.
      secureDataDir(pgliteDir);
    } catch (error) {
      await db.close().catch(() => undefined);
      throw new StartupError(
        `cannot secure the data directory ${pgliteDir}: ${(error as Error).message}`,
      );
    }
  }

  let playbookSecrets: SecretBox;
  try {
    playbookSecrets = loadSecretBox(config);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw new StartupError(`cannot load the secret key: ${(error as Error).message}`);
  }

  // Sign-in flows are public, so the identity service is mounted ahead of the core app's auth; its
  // session cookie and HTTP Basic are the core app's resolvers.
  const { identity, resolvers } = createIdentityAuth(db, {
    demo: config.seed === 'demo',
    devOutbox: config.devOutbox,
    trustProxy: config.trustProxy,
    ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
    log: (line) => log({ msg: String(line) }),
  });
  try {
    // Its tables come from the migrations above; two instances racing on the first identities take turns.
    await withStartLock(db, () => identity.init());
  } catch (error) {
    await db.close().catch(() => undefined);
    throw new StartupError(`cannot prepare identities: ${(error as Error).message}`);
  }
  const core = createApp({
    db,
    auth: config.auth,
    consoleDir: config.consoleDir,
    ...(config.renderBudgetMillis !== undefined
      ? { consoleRenderBudgetMillis: config.renderBudgetMillis }
      : {}),
    backendUrl: config.backendUrl,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    log,
    logs: { buffer: serverLog },
    summaryCacheMillis: 5000,
    summaryStaleMillis: 30_000,
    resolvers,
    playbookExec: config.playbookExec !== false,
    playbookSecrets,
    outbound: {
      allowPrivate: config.outboundAllowPrivate === true,
      allowLinkLocal: config.outboundAllowLinkLocal === true,
    },
  });
  const app = new Hono();
  if (!config.backendUrl) {
    // Mounted ahead of the core app, so the identity routes get its origin check, headers and body limit here.
    const guards = identityRouteGuards({
      publicUrl: config.publicUrl,
      trustProxy: config.trustProxy,
    });
    const actor = identityActor(identity);
    for (const base of ['/api/.ory', '/api/kratos', '/api/dev'])
      app.use(`${base}/*`, ...guards, actor);
    app.route('/api/.ory', identity.app);
    app.route('/api/kratos', identity.app);
    app.route('/api/dev', identity.devApp);
  }
  app.route('/', core);
  const server = await new Promise<ServerType>((resolve, reject) => {
    const requestTimeout = config.requestTimeoutMillis ?? DEFAULT_REQUEST_TIMEOUT_MILLIS;
    const instance = serve(
      {
        fetch: app.fetch,
        port: config.port,
        hostname: config.host,
        // Node checks the timeouts every connectionsCheckingInterval (30 s by default): check often enough to keep them.
        serverOptions: {
          requestTimeout,
          headersTimeout: requestTimeout,
          connectionsCheckingInterval: Math.min(1000, requestTimeout),
        },
      },
      () => resolve(instance),
    );
    instance.maxConnections = config.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
    instance.once('error', (error) =>
      reject(new StartupError(`cannot listen on ${config.host}:${config.port}: ${error.message}`)),
    );
  }).catch(async (error: unknown) => {
    await db.close().catch(() => undefined);
    throw error;
  });
  if (config.seed === 'demo') {
    // The demo's connections to this server (its port is known now) and to its own database.
    const listening = server.address();
    const selfPort = typeof listening === 'object' && listening ? listening.port : config.port;
    const selfHost = config.host.includes(':') ? `[${config.host}]` : config.host;
    const selfReach =
      selfHost === '0.0.0.0' ? '127.0.0.1' : selfHost === '[::]' ? '[::1]' : selfHost;
    await seedDemoConnections(db, {
      selfOrigin: `http://${selfReach}:${selfPort}`,
      databaseUrl: config.databaseUrl,
      secrets: playbookSecrets,
    }).catch((error: unknown) =>
      log({ level: 'warn', msg: 'demo connections not written', error: (error as Error).message }),
    );
  }
  // The modules' background work (the canary scheduler…); none when a backend is proxied.
  // PGlite is this process's alone (its data directory is locked): a lease in it is a dead process's.
  const jobs = core.startJobs({ exclusive: db.engine === 'pglite' });
  // GitOps: the resource files reload whenever they change, without a restart (issue 35).
  const resourceWatcher: ResourceWatcher | undefined = config.resourcesDir
    ? watchResources(db, config.resourcesDir, defaultServiceRegistry().resourceKinds(), { log })
    : undefined;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  // The demo's http checks probe this server's own endpoints by path (canary/runner.ts).
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '[::]' ? '[::1]' : host;
  const selfOrigin = `http://${reachable}:${port}`;
  setSelfOrigin(selfOrigin);
  return {
    url: `http://${host}:${port}`,
    db,
    log,
    async close() {
      await resourceWatcher?.close();
      await jobs.stop();
      await closeHttp(server);
      await db.close();
      // A later server of this process (tests start several) must not probe this one's port.
      if (getSelfOrigin() === selfOrigin) setSelfOrigin(undefined);
    },
  };
}
