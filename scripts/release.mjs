// `pnpm release --dry-run`: prints the version each published package would go out at, from the
// pending changesets, and changes nothing. `pnpm release`: builds the packages and publishes the
// versions a `pnpm changeset version` commit set (changesets skips those already on the registry).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });

if (!process.argv.includes('--dry-run')) {
  run('pnpm', ['turbo', 'run', 'build', 'build:types', '--filter=./packages/*']);
  run('pnpm', ['changeset', 'publish']);
  process.exit(0);
}

// changeset status writes its plan where it is told: outside the tree, so nothing changes here.
const scratch = mkdtempSync(path.join(tmpdir(), 'opsdeck-release-'));
try {
  const planFile = path.join(scratch, 'plan.json');
  execFileSync('pnpm', ['changeset', 'status', '--output', planFile], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const { releases } = JSON.parse(readFileSync(planFile, 'utf8'));
  const published = releases.filter((release) => {
    const manifest = path.join(root, 'packages', release.name.split('/')[1], 'package.json');
    try {
      return !JSON.parse(readFileSync(manifest, 'utf8')).private;
    } catch {
      return false;
    }
  });
  if (published.length === 0)
    console.log('release (dry run): no pending changesets, nothing to publish');
  for (const release of published)
    console.log(
      `release (dry run): ${release.name} ${release.oldVersion} -> ${release.newVersion} (${release.type})`,
    );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
