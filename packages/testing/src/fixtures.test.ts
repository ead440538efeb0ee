import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findWorkspaceRoot,
  fixturePath,
  fixturesDirectory,
  mainCheckoutOf,
  readFixture,
  readJsonFixture,
} from './fixtures.ts';

describe('fixtures', () => {
  it('finds shared/fixtures beside the workspace root that holds pnpm-workspace.yaml', () => {
    const root = findWorkspaceRoot();
    expect(existsSync(join(root, 'pnpm-workspace.yaml'))).toBe(true);
    // Beside the checkout, or, in a linked git worktree kept elsewhere, beside its main checkout.
    const main = mainCheckoutOf(root);
    expect(fixturesDirectory()).toBe(
      join(
        existsSync(join(root, '..', 'shared', 'fixtures')) || !main ? root : main,
        '..',
        'shared',
        'fixtures',
      ),
    );
    // From deep inside another package the answer is the same.
    expect(findWorkspaceRoot(join(root, 'packages', 'testing', 'src'))).toBe(root);
  });

  it("names a linked git worktree's main checkout, and nothing for a plain checkout", () => {
    const scratch = mkdtempSync(join(tmpdir(), 'opsdeck-worktree-'));
    try {
      writeFileSync(join(scratch, '.git'), 'gitdir: /srv/main/.git/worktrees/feature\n');
      expect(mainCheckoutOf(scratch)).toBe('/srv/main');
      rmSync(join(scratch, '.git'));
      mkdirSync(join(scratch, '.git'));
      expect(mainCheckoutOf(scratch)).toBeUndefined();
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('resolves, reads and parses a fixture', () => {
    const path = fixturePath('mission-control/expectations/check_status_summary.json');
    expect(
      path.endsWith(
        join('shared', 'fixtures', 'mission-control', 'expectations', 'check_status_summary.json'),
      ),
    ).toBe(true);
    expect(
      readFixture('mission-control/expectations/check_status_summary.json')
        .trimStart()
        .startsWith('['),
    ).toBe(true);
    const checks = readJsonFixture<Array<{ name: string }>>(
      'mission-control/expectations/check_status_summary.json',
    );
    expect(checks.length).toBeGreaterThan(0);
    expect(typeof checks[0]?.name).toBe('string');
  });

  it('resolves a folder too', () => {
    expect(readdirSync(fixturePath('kratos-flows'))).toContain('login');
  });

  it('fails at the call with a missing fixture, an absolute path or one leaving the folder', () => {
    expect(() => fixturePath('mission-control/nope.json')).toThrow(
      /no fixture mission-control\/nope.json/,
    );
    expect(() => fixturePath('/etc/passwd')).toThrow(/not \/etc\/passwd/);
    expect(() => fixturePath('../STYLE.md')).toThrow(/outside shared\/fixtures/);
    expect(() => readJsonFixture('README.md')).toThrow(/is not JSON/);
  });
});
