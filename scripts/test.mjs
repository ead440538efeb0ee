// README's test command (`pnpm test`): every check and suite of the workspace through turbo, then
// one closing line (scripts/test-summary.mjs). The console's journeys (its `test:journeys`) are the
// longest task and wait mostly on the browser, so they must start early: in one turbo run their
// builds queued behind the unit suites that have no dependencies and held every slot, and the
// journeys began 11 minutes in and ended the run alone (issue 31). Turbo has no task priority, so:
//   1. the builds the journeys serve (turbo caches them, and leaves the files on disk alone when a
//      later run hits that cache);
//   2. at once, side by side: the journeys, and every other task in one turbo run.
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
const [journeys, rest] = await Promise.all([
  turbo('test:journeys', '--filter=@opsdeck/console'),
  turbo(
    ...['lint', 'format:check', 'typecheck', 'test', 'publint', 'attw', 'build-storybook'],
    ...['size', 'knip', 'changeset:check', 'test:e2e'],
    '--concurrency=3',
    '--continue',
  ),
]);
const summary = await run(process.execPath, ['scripts/test-summary.mjs']);
process.exitCode = [built, journeys, rest, summary].every((code) => code === 0) ? 0 : 1;
