import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../server/dist/cli.js', import.meta.url));
const consoleDir = fileURLToPath(new URL('../dist', import.meta.url));

export const chromiumOptions = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/** apps/server (built) on 127.0.0.1 with demo data, serving the built embed as its console. */
export async function startServer(checks: number): Promise<RunningServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, '--memory', '--seed', 'demo', '--checks', String(checks), '--port', String(port), '--auth', 'disabled', '--console-dir', consoleDir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
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
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
