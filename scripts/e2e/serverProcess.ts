// The end-to-end suites' real backend: the built apps/server on a free 127.0.0.1 port, with its own
// in-memory demo data, serving a built app as its console. Shared by apps/console and apps/health-embed.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../apps/server/dist/cli.js', import.meta.url));

/** Debian's Chromium, headless, with nothing that reaches beyond 127.0.0.1. */
export const chromiumOptions = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Servers this process started and has not seen exit. Vitest ends a test worker with SIGTERM (after
 * a hook timed out, say, with the server still starting), and a child process outlives its parent:
 * a demo server left behind runs its checks for the rest of the run. So they go first.
 */
const running = new Set<ChildProcess>();
function stopRunningAndExit() {
  for (const child of running) child.kill('SIGTERM');
  process.exit(143);
}

export interface RunningServer {
  url: string;
  /** Everything the server logged (outbox lines included), for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** The built app to serve (its dist directory). */
  consoleDir: string;
  checks?: number;
  /** More opsdeck-server options, e.g. ['--auth', 'disabled']. */
  args?: string[];
  /** A fixed port (a server started again where the browser expects it); default a free one. */
  port?: number;
  /** Keep the data in this directory instead of in memory (sessions survive a restart). */
  dataDir?: string;
}

export async function startServerProcess({
  consoleDir,
  checks = 300,
  args = [],
  port: fixedPort,
  dataDir,
}: ServerProcessOptions): Promise<RunningServer> {
  const port = fixedPort ?? (await freePort());
  const child: ChildProcess = spawn(
    process.execPath,
    [
      cli,
      ...(dataDir ? ['--data-dir', dataDir] : ['--memory']),
      '--seed',
      'demo',
      '--checks',
      String(checks),
      '--port',
      String(port),
      '--console-dir',
      consoleDir,
      ...args,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, OPSDECK_DEMO_PASSWORD: 'opsdeck-demo' },
    },
  );
  running.add(child);
  if (running.size === 1) process.once('SIGTERM', stopRunningAndExit);
  child.once('exit', () => {
    running.delete(child);
    if (running.size === 0) process.off('SIGTERM', stopRunningAndExit);
  });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('"listening"')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${log}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    log: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
