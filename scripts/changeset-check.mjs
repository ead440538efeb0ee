// Fails when a published package's shipped source changed since its last release and no pending
// changeset names it. A package's last release is the last commit that changed its CHANGELOG.md
// (`changeset version` writes it and deletes the changesets it used); before its first release,
// the whole history counts. Compared with the working tree, so it works on a clean clone of main in
// CI and before a commit alike. Needs the full history (not a shallow clone).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
// Git's empty tree: diffing against it lists every file.
const emptyTree = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

if (git('rev-parse', '--is-shallow-repository') === 'true') {
  console.error('changeset check: a shallow clone hides the last release; fetch the full history');
  process.exit(1);
}

/** Files a tarball leaves out (package.json "files" negations): they change nothing published. */
const notShipped = /\.(test|test-d|stories)\.[cm]?[jt]sx?$|\.test\.helper\.[jt]sx?$/;

/** Package names each pending changeset bumps, from their front matter. */
function pendingChangesets() {
  const dir = path.join(root, '.changeset');
  const named = new Set();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md')) {
    const front = readFileSync(path.join(dir, file), 'utf8').match(/^---\n([\s\S]*?)\n---/);
    for (const [, name] of front?.[1].matchAll(/^\s*['"]?([^'":]+)['"]?\s*:/gm) ?? [])
      named.add(name.trim());
  }
  return named;
}

const pending = pendingChangesets();
const missing = [];
for (const entry of readdirSync(path.join(root, 'packages')).sort()) {
  const dir = path.join('packages', entry);
  const manifestFile = path.join(root, dir, 'package.json');
  if (!existsSync(manifestFile)) continue;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  if (manifest.private) continue;
  const released = git('log', '-1', '--format=%H', '--', `${dir}/CHANGELOG.md`);
  const changed = git('diff', '--name-only', released || emptyTree, '--', `${dir}/src`)
    .split('\n')
    .filter((file) => file && !notShipped.test(file));
  if (changed.length > 0 && !pending.has(manifest.name))
    missing.push(
      `${manifest.name}: ${changed.length} source file(s) changed since ${
        released ? `its release in ${released.slice(0, 10)}` : 'the start (never released)'
      } with no changeset (e.g. ${changed.slice(0, 3).join(', ')}); run \`pnpm changeset\``,
    );
}

for (const line of missing) console.error(line);
if (missing.length > 0) process.exit(1);
console.log(`changeset check: every changed package has a changeset (${pending.size} pending)`);
