// The shared fixtures (real recordings from Mission Control, Kratos and canary-checker) live in
// ../shared beside the checkout, not in the repo: tests read them in place, never copy them.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This file's directory on disk. Vite may serve it as `/@fs/…` under jsdom; the prefix is not on disk. */
function ownDirectory(): string {
  const url = import.meta.url;
  const path = url.startsWith('file:')
    ? fileURLToPath(url)
    : decodeURIComponent(url.replace(/^\/@fs/, ''));
  return dirname(path);
}

/** The directory holding pnpm-workspace.yaml, walking up from `start`. */
export function findWorkspaceRoot(start: string = ownDirectory()): string {
  let directory = resolve(start);
  for (;;) {
    if (existsSync(join(directory, 'pnpm-workspace.yaml'))) return directory;
    const parent = dirname(directory);
    if (parent === directory) throw new Error(`no pnpm-workspace.yaml above ${start}`);
    directory = parent;
  }
}

let fixturesRoot: string | undefined;

/**
 * The main checkout of a linked git worktree (its `.git` is a file `gitdir: <main>/.git/worktrees/<name>`),
 * else undefined.
 */
export function mainCheckoutOf(root: string): string | undefined {
  const dotGit = join(root, '.git');
  if (!existsSync(dotGit) || !statSync(dotGit).isFile()) return undefined;
  const gitdir = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1]?.trim();
  const match = gitdir ? /^(.*)[\\/]\.git[\\/]worktrees[\\/][^\\/]+$/.exec(gitdir) : null;
  return match?.[1];
}

/**
 * `<workspace root>/../shared/fixtures`: the same answer in /work/<checkout> or a CI clone; in a linked
 * git worktree kept elsewhere, the one beside its main checkout.
 */
export function fixturesDirectory(): string {
  if (fixturesRoot === undefined) {
    const root = findWorkspaceRoot();
    let candidate = resolve(root, '..', 'shared', 'fixtures');
    const main = existsSync(candidate) ? undefined : mainCheckoutOf(root);
    if (main) candidate = resolve(main, '..', 'shared', 'fixtures');
    if (!existsSync(candidate)) {
      throw new Error(
        `the shared fixtures are missing: expected ${candidate} (shared/ sits beside the checkout)`,
      );
    }
    fixturesRoot = candidate;
  }
  return fixturesRoot;
}

/**
 * The absolute path of a fixture, e.g. `fixturePath('mission-control/expectations/check_status_summary.json')`.
 * A directory works too (`fixturePath('kratos-flows')`). A missing file or a path leaving the fixtures
 * folder throws, so a typo fails at the line that made it rather than as an empty read later.
 */
export function fixturePath(relativePath: string): string {
  if (isAbsolute(relativePath))
    throw new Error(`fixturePath takes a path inside shared/fixtures, not ${relativePath}`);
  const root = fixturesDirectory();
  const path = resolve(root, normalize(relativePath));
  if (path !== root && !path.startsWith(root + sep))
    throw new Error(`${relativePath} is outside shared/fixtures`);
  if (!existsSync(path)) throw new Error(`no fixture ${relativePath} (looked for ${path})`);
  return path;
}

/** A fixture's text (UTF-8). */
export function readFixture(relativePath: string): string {
  return readFileSync(fixturePath(relativePath), 'utf8');
}

/** A JSON fixture, parsed. The type is the caller's claim; parse it with a schema where that matters. */
export function readJsonFixture<T = unknown>(relativePath: string): T {
  const text = readFixture(relativePath);
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new Error(`fixture ${relativePath} is not JSON: ${(error as Error).message}`);
  }
}
