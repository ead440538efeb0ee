import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../scripts/changeset-check.mjs', import.meta.url));
let repo: string;

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@local', ...args], { cwd: repo });
const write = async (file: string, text: string) => {
  await mkdir(path.dirname(path.join(repo, file)), { recursive: true });
  await writeFile(path.join(repo, file), text);
};
const commit = (message: string) => {
  git('add', '-A');
  git('commit', '-qm', message);
};
const check = () => {
  const result = spawnSync(process.execPath, [script, repo], { encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
};
const changeset = (name: string, pkg: string) =>
  write(`.changeset/${name}.md`, `---\n'${pkg}': minor\n---\n\nWhat changed.\n`);

beforeEach(async () => {
  repo = await mkdtemp(path.join(tmpdir(), 'opsdeck-changeset-check-'));
  git('init', '-q');
  await write('.changeset/README.md', '# Changesets\n');
  await write(
    'packages/ui/package.json',
    JSON.stringify({ name: '@opsdeck/ui', version: '0.1.0' }),
  );
  await write('packages/ui/src/Button.tsx', 'export const a = 1;\n');
  await write(
    'packages/testing/package.json',
    JSON.stringify({ name: '@opsdeck/testing', private: true }),
  );
  await write('packages/testing/src/index.ts', 'export const b = 1;\n');
  commit('start');
});
afterEach(() => rm(repo, { recursive: true, force: true }));

it('fails a never-released package with source and no changeset, naming it; private ones pass', async () => {
  const { ok, output } = check();
  expect(ok).toBe(false);
  expect(output).toContain('@opsdeck/ui');
  expect(output).not.toContain('@opsdeck/testing');
  await changeset('ui-first', '@opsdeck/ui');
  expect(check().ok).toBe(true);
});

it('after a release (CHANGELOG written, changesets used up) passes until the source changes again', async () => {
  await write('packages/ui/CHANGELOG.md', '# @opsdeck/ui\n\n## 0.2.0\n');
  commit('version packages');
  expect(check().ok).toBe(true);

  await write('packages/ui/src/Button.test.tsx', 'test\n');
  await write('packages/ui/src/Button.stories.tsx', 'story\n');
  commit('tests and stories ship nothing');
  expect(check().ok).toBe(true);

  await write('packages/ui/src/Button.tsx', 'export const a = 2;\n');
  commit('ui: a change');
  expect(check()).toMatchObject({ ok: false, output: expect.stringContaining('Button.tsx') });
  // Uncommitted work counts too, so the check says so before the commit.
  await changeset('ui-change', '@opsdeck/ui');
  expect(check().ok).toBe(true);
});

it('a changeset for another package does not cover this one', async () => {
  await changeset('rbac-only', '@opsdeck/rbac');
  expect(check().ok).toBe(false);
});
