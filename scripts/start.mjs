#!/usr/bin/env node
// `pnpm start` and `pnpm server`: build what is stale (turbo skips what it has cached), then run the
// embedded backend in the foreground. `start` also serves the built console and seeds demo data;
// arguments after the script name go to opsdeck-server unchanged (`pnpm start --port 9000`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [mode = 'start', ...serverArgs] = process.argv.slice(2);
const withConsole = mode === 'start';
const consoleDir = join(root, 'apps/console/dist');

const filters = ['--filter=@opsdeck/server'];
if (withConsole && existsSync(join(root, 'apps/console/package.json')))
  filters.push('--filter=@opsdeck/console');

console.log(
  `Building ${filters.map((f) => f.slice('--filter='.length)).join(' and ')} (cached when nothing changed)...`,
);
// turbo's own launcher rather than `pnpm exec turbo`: a second pnpm costs a start of its own
// (about half a second of CPU) on every start, when turbo then finds both builds cached.
const turbo = createRequire(join(root, 'package.json')).resolve('turbo/bin/turbo');
const build = spawnSync(
  process.execPath,
  [turbo, 'run', 'build', ...filters, '--output-logs=errors-only'],
  { cwd: root, stdio: 'inherit' },
);
if (build.status !== 0) {
  console.error('Build failed; see the errors above.');
  process.exit(build.status ?? 1);
}

const args = [join(root, 'apps/server/dist/cli.js'), ...serverArgs];
if (
  withConsole &&
  existsSync(join(consoleDir, 'index.html')) &&
  !serverArgs.some((a) => a.startsWith('--console-dir'))
) {
  args.push('--console-dir', consoleDir);
}

const child = spawn(process.execPath, args, { cwd: root, stdio: ['inherit', 'pipe', 'inherit'] });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// The server logs JSON lines for machines; a person starting it wants the address and the sign-in.
let demoSignIn = false;
createInterface({ input: child.stdout }).on('line', (line) => {
  process.stdout.write(`${line}\n`);
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return;
  }
  if (typeof entry.msg === 'string' && entry.msg.includes('demo sign-in')) demoSignIn = true;
  if (entry.msg === 'listening' && typeof entry.url === 'string') {
    const shown = entry.url.replace('//127.0.0.1', '//localhost');
    console.log(`\n  Opsdeck is running at ${shown}${withConsole ? '' : ' (API only)'}`);
    if (demoSignIn) {
      console.log(
        `  Demo sign-in: admin@local (also editor@, viewer@, commander@, responder@, guest@local), password ${process.env.OPSDECK_DEMO_PASSWORD || 'opsdeck-demo'}`,
      );
    }
    console.log('  Stop with Ctrl+C.\n');
  }
});
