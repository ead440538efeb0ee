import { parseArgs } from 'node:util';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  memory: boolean;
  databaseUrl?: string;
  seed: 'demo' | 'none';
  checks: number;
  /** Components of a generated benchmark topology the demo seed adds (0: the demo estate only). */
  components?: number;
  /** Config items of a generated benchmark catalog the demo seed adds (0: the demo estate only). */
  configs?: number;
  consoleDir?: string;
  /**
   * How long a server render of a console page may wait for its data before the plain page is sent
   * instead (ms, default 150; 0 renders no page on the server).
   */
  renderBudgetMillis?: number;
  backendUrl?: string;
  auth: 'basic' | 'disabled';
  demoPassword: string;
  /**
   * The address people reach the server at (behind a proxy, the proxy's): our own origin for the
   * cross-site checks, `Secure` cookies when https, and every URL the server hands out. Unset: the
   * request's own URL on a loopback bind.
   */
  publicUrl?: string;
  /** Believe X-Forwarded-For / X-Forwarded-Proto (only behind a reverse proxy that sets them). */
  trustProxy: boolean;
  /** Serve /api/dev/outbox without an admin session (demo on a loopback bind only). */
  devOutbox: boolean;
  /** Demo mode on a non-loopback host was asked for explicitly (its passwords are public). */
  publicDemo: boolean;
  /** How long a client may take to send one request, headers and body (default 30 s). */
  requestTimeoutMillis?: number;
  /** Open connections at most (default 1000). */
  maxConnections?: number;
  /** Playbook `exec` actions run bash on this machine; false (--no-playbook-exec) refuses them. Default true. */
  playbookExec?: boolean;
  /** Playbook runs of a generated history the demo seed adds, for benchmarks (0: the demo's own). */
  playbookRuns?: number;
  /**
   * GitOps: a directory of resource files (YAML/JSON, e.g. Playbook) loaded at every start with
   * source ConfigFile; what an earlier start loaded and no file holds any more is removed.
   */
  resourcesDir?: string;
  /**
   * OPSDECK_SECRET_KEY (environment only, never a flag: it would show in `ps`): what secret playbook
   * parameters are encrypted under. Several instances on one PostgreSQL need the same one. Unset:
   * `secret.key` in the data directory, or a key of the process with --memory.
   */
  secretKey?: string;
  /**
   * Playbook http/sql/notification actions may reach loopback and private ranges
   * (--outbound-allow-private; on by itself for a demo on a loopback bind) and link-local and
   * metadata addresses (--outbound-allow-link-local, an admin's decision). See src/http/outbound.ts.
   */
  outboundAllowPrivate?: boolean;
  outboundAllowLinkLocal?: boolean;
}

export class ConfigError extends Error {}

export const USAGE = `Usage: opsdeck-server [--port 8080] [--host 127.0.0.1] [--data-dir .opsdeck] [--memory]
  [--database-url URL] [--seed demo|none] [--checks N] [--components N] [--configs N] [--console-dir DIR] [--backend-url URL] [--auth disabled]
  [--public-url URL] [--trust-proxy] [--dev-outbox] [--public-demo] [--request-timeout 30] [--max-connections 1000]
  [--no-playbook-exec] [--playbook-runs N] [--resources DIR] [--outbound-allow-private] [--outbound-allow-link-local]
Environment: PORT, HOST, OPSDECK_DATA_DIR, OPSDECK_MEMORY, DATABASE_URL, OPSDECK_SEED, OPSDECK_CHECKS,
  OPSDECK_COMPONENTS, OPSDECK_CONFIGS, OPSDECK_CONSOLE_DIR, OPSDECK_BACKEND_URL, OPSDECK_AUTH, OPSDECK_DEMO_PASSWORD, OPSDECK_PUBLIC_URL,
  OPSDECK_TRUST_PROXY, OPSDECK_DEV_OUTBOX, OPSDECK_PUBLIC_DEMO, OPSDECK_REQUEST_TIMEOUT, OPSDECK_MAX_CONNECTIONS,
  OPSDECK_NO_PLAYBOOK_EXEC, OPSDECK_PLAYBOOK_RUNS, OPSDECK_RESOURCES, OPSDECK_OUTBOUND_ALLOW_PRIVATE,
  OPSDECK_OUTBOUND_ALLOW_LINK_LOCAL
  --resources DIR  load every .yaml/.yml/.json under DIR at start and again whenever it changes
                   (Playbook, Canary, Topology, ScrapeConfig, Team, IncidentRule, LoggingBackend;
                   other kinds are skipped); an invalid document stops the start, naming its file
Also: opsdeck-server apply -f FILE… [--data-dir DIR | --database-url URL] (apply --help)
      opsdeck-server secrets rotate [--data-dir DIR | --database-url URL] (secrets --help)`;

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|\[::1\]|localhost)$/i;

export function isLoopback(host: string): boolean {
  return LOOPBACK.test(host);
}

function integer(name: string, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  return Number(text);
}

/** Flags win over environment variables; every mistake is one ConfigError line. */
export function parseConfig(argv: readonly string[], env: NodeJS.ProcessEnv): ServerConfig {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        memory: { type: 'boolean' },
        'database-url': { type: 'string' },
        seed: { type: 'string' },
        checks: { type: 'string' },
        components: { type: 'string' },
        configs: { type: 'string' },
        'console-dir': { type: 'string' },
        'render-budget': { type: 'string' },
        'backend-url': { type: 'string' },
        auth: { type: 'string' },
        'public-url': { type: 'string' },
        'trust-proxy': { type: 'boolean' },
        'dev-outbox': { type: 'boolean' },
        'public-demo': { type: 'boolean' },
        'request-timeout': { type: 'string' },
        'max-connections': { type: 'string' },
        'no-playbook-exec': { type: 'boolean' },
        'playbook-runs': { type: 'string' },
        resources: { type: 'string' },
        'outbound-allow-private': { type: 'boolean' },
        'outbound-allow-link-local': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new ConfigError((error as Error).message.split('\n')[0]!);
  }
  if (values.help) throw new ConfigError(USAGE);
  const pick = (flag: string, envName: string) => {
    const value = values[flag];
    return typeof value === 'string' ? value : env[envName] || undefined;
  };
  const seed = pick('seed', 'OPSDECK_SEED') ?? 'demo';
  if (seed !== 'demo' && seed !== 'none')
    throw new ConfigError(`--seed must be demo or none, got "${seed}"`);
  const auth = pick('auth', 'OPSDECK_AUTH') ?? 'basic';
  if (auth !== 'basic' && auth !== 'disabled')
    throw new ConfigError(`--auth must be disabled (or basic), got "${auth}"`);
  const host = pick('host', 'HOST') ?? '127.0.0.1';
  if (auth === 'disabled' && !isLoopback(host))
    throw new ConfigError(`--auth disabled is only accepted on a loopback host, not ${host}`);
  const databaseUrl = pick('database-url', 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new ConfigError('--database-url must be a postgres:// URL');
  const backendUrl = pick('backend-url', 'OPSDECK_BACKEND_URL');
  if (backendUrl && !/^https?:\/\/[^/]/.test(backendUrl))
    throw new ConfigError('--backend-url must be an http(s):// URL');
  const flag = (name: string, envName: string) =>
    values[name] === true || env[envName] === '1' || env[envName] === 'true';
  const publicUrl = pick('public-url', 'OPSDECK_PUBLIC_URL');
  if (publicUrl && !/^https?:\/\/[^/]/.test(publicUrl))
    throw new ConfigError('--public-url must be an http(s):// URL');
  const devOutbox = flag('dev-outbox', 'OPSDECK_DEV_OUTBOX');
  if (devOutbox && !isLoopback(host))
    throw new ConfigError(`--dev-outbox is only accepted on a loopback host, not ${host}`);
  if (devOutbox && seed !== 'demo')
    throw new ConfigError('--dev-outbox is only accepted with --seed demo');
  const publicDemo = flag('public-demo', 'OPSDECK_PUBLIC_DEMO');
  // The demo's passwords are printed in the README: on an address others can reach, say so out loud.
  if (seed === 'demo' && !backendUrl && !isLoopback(host) && !publicDemo) {
    throw new ConfigError(
      `demo mode on a non-loopback host (${host}) lets anyone sign in with the published demo passwords: pass --seed none (with OPSDECK_ADMIN_EMAIL and OPSDECK_ADMIN_PASSWORD), or --public-demo to accept that`,
    );
  }
  const memoryEnv = env.OPSDECK_MEMORY;
  const requestTimeout = pick('request-timeout', 'OPSDECK_REQUEST_TIMEOUT');
  const maxConnections = pick('max-connections', 'OPSDECK_MAX_CONNECTIONS');
  const resourcesDir = pick('resources', 'OPSDECK_RESOURCES');
  const renderBudget = pick('render-budget', 'OPSDECK_RENDER_BUDGET');
  return {
    port: integer('--port', pick('port', 'PORT') ?? '8080', 0, 65_535),
    host,
    dataDir: pick('data-dir', 'OPSDECK_DATA_DIR') ?? '.opsdeck',
    memory: values.memory === true || memoryEnv === '1' || memoryEnv === 'true',
    ...(databaseUrl ? { databaseUrl } : {}),
    seed,
    checks: integer('--checks', pick('checks', 'OPSDECK_CHECKS') ?? '300', 0, 1_000_000),
    components: integer(
      '--components',
      pick('components', 'OPSDECK_COMPONENTS') ?? '0',
      0,
      100_000,
    ),
    configs: integer('--configs', pick('configs', 'OPSDECK_CONFIGS') ?? '0', 0, 1_000_000),
    ...(pick('console-dir', 'OPSDECK_CONSOLE_DIR')
      ? { consoleDir: pick('console-dir', 'OPSDECK_CONSOLE_DIR')! }
      : {}),
    ...(renderBudget
      ? { renderBudgetMillis: integer('--render-budget', renderBudget, 0, 600_000) }
      : {}),
    ...(backendUrl ? { backendUrl } : {}),
    auth,
    demoPassword: env.OPSDECK_DEMO_PASSWORD || 'opsdeck-demo',
    ...(publicUrl ? { publicUrl: new URL(publicUrl).origin } : {}),
    trustProxy: flag('trust-proxy', 'OPSDECK_TRUST_PROXY'),
    devOutbox,
    publicDemo,
    playbookExec: !flag('no-playbook-exec', 'OPSDECK_NO_PLAYBOOK_EXEC'),
    playbookRuns: integer(
      '--playbook-runs',
      pick('playbook-runs', 'OPSDECK_PLAYBOOK_RUNS') ?? '0',
      0,
      1_000_000,
    ),
    ...(resourcesDir ? { resourcesDir } : {}),
    // The demo's playbooks probe this server on 127.0.0.1: a demo on loopback may reach loopback.
    outboundAllowPrivate:
      flag('outbound-allow-private', 'OPSDECK_OUTBOUND_ALLOW_PRIVATE') ||
      (seed === 'demo' && isLoopback(host)),
    outboundAllowLinkLocal: flag('outbound-allow-link-local', 'OPSDECK_OUTBOUND_ALLOW_LINK_LOCAL'),
    ...(env.OPSDECK_SECRET_KEY ? { secretKey: env.OPSDECK_SECRET_KEY } : {}),
    ...(requestTimeout
      ? { requestTimeoutMillis: integer('--request-timeout', requestTimeout, 1, 3600) * 1000 }
      : {}),
    ...(maxConnections
      ? { maxConnections: integer('--max-connections', maxConnections, 1, 1_000_000) }
      : {}),
  };
}
