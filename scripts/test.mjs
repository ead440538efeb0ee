// README's test command (`pnpm test`): every check and suite of the workspace through turbo, then
// one closing line (scripts/test-summary.mjs). The console's journeys (its `test:journeys`) are the
// longest task and wait mostly on the browser, so they must start early: in one turbo run their
// builds queued behind the unit suites that have no dependencies and held every slot, and the
// journeys began 11 minutes in and ended the run alone (issue 31). Turbo has no task priority, so:
//   1. the builds the journeys serve (turbo caches them, and leaves the files on disk alone when a
//      later run hits that cache);
//   2. at once, side by side: the journeys; the server's unit suite (the other long task); and
//      every other task in one turbo run, then the server's type check and end-to-end suite.
// Every task still runs, and a failure anywhere fails the command after the closing line.
import { spawn } from 'node:child_process';

const run = (command, args) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.once('error', () => resolve(1));
    child.once('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
const turbo = (...args) =>
  run('pnpm', ['exec', 'turbo', 'run', ...args, '--output-logs=errors-only']);

const journeysBuilt = ['@opsdeck/console', '@opsdeck/server'].map((name) => `--filter=${name}`);
const built = await turbo('build', 'build:e2e-hosted', ...journeysBuilt);
const server = '@opsdeck/server';
const [journeys, serverSuite, rest] = await Promise.all([
  turbo('test:journeys', '--filter=@opsdeck/console'),
  // The server's unit suite is the longest of the turbo run (~10 minutes at three workers), and in
  // that run it started when turbo got to it (7.7 minutes in): it starts now, with its lint.
  turbo('test', 'lint', `--filter=${server}`, '--continue'),
  (async () => {
    const others = await turbo(
      ...['lint', 'format:check', 'typecheck', 'test', 'publint', 'attw', 'build-storybook'],
      ...['size', 'knip', 'changeset:check', 'test:e2e'],
      `--filter=!${server}`,
      '--concurrency=2',
      '--continue',
    );
    // The server's checks that wait on other packages' type checks (turbo has them cached by now).
    const serverRest = await turbo('typecheck', 'test:e2e', `--filter=${server}`, '--continue');
    return Math.max(others, serverRest);
  })(),
]);
const summary = await run(process.execPath, ['scripts/test-summary.mjs']);
process.exitCode = [built, journeys, serverSuite, rest, summary].every((code) => code === 0)
  ? 0
  : 1;
