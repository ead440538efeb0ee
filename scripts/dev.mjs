#!/usr/bin/env node
// `pnpm dev`: the embedded backend with demo data on API_PORT (default 8080) and the console's Vite
// dev server (HMR) proxying /api to it. Extra arguments go to opsdeck-server.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.API_PORT || '8080';

const build = spawnSync(
  'pnpm',
  ['exec', 'turbo', 'run', 'build', '--filter=@opsdeck/server', '--output-logs=errors-only'],
  { cwd: root, stdio: 'inherit' },
);
if (build.status !== 0) process.exit(build.status ?? 1);

const children = [
  spawn(
    process.execPath,
    [join(root, 'apps/server/dist/cli.js'), '--port', apiPort, ...process.argv.slice(2)],
    { cwd: root, stdio: 'inherit' },
  ),
  spawn('pnpm', ['--filter', '@opsdeck/console', 'run', 'dev'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, OPSDECK_API: `http://127.0.0.1:${apiPort}` },
  }),
];

let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
// One half without the other is useless: if either exits, stop both.
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
