// The workspace's closing line (scripts/test-summary.mjs) over a workspace made up here: when the
// server's global setup could not run the PostgreSQL suites, the line that a green run ends on says
// so after the counts, and the counts keep their parseable form.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresWarning } from './globalSetup.ts';

const script = fileURLToPath(new URL('../../../../scripts/test-summary.mjs', import.meta.url));
const countsLine = /^tests: (\d+) passed, (\d+) failed, (\d+) skipped/;

let workspace: string;
afterEach(() => rmSync(workspace, { recursive: true, force: true }));

interface AssertionResult {
  fullName: string;
  status: 'passed' | 'failed' | 'skipped';
  duration: number;
}

function serverPackage(warnings?: unknown[], assertionResults: AssertionResult[] = []) {
  workspace = mkdtempSync(join(tmpdir(), 'opsdeck-summary-'));
  const dir = join(workspace, 'apps', 'server');
  mkdirSync(join(dir, 'test-results'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts: { test: 'vitest run' } }));
  writeFileSync(
    join(dir, 'test-results', 'vitest.json'),
    JSON.stringify({
      numPassedTests: 3,
      numFailedTests: 0,
      numPendingTests: 1,
      numTotalTests: 4,
      testResults: [{ name: join(dir, 'a.test.ts'), status: 'passed', assertionResults }],
    }),
  );
  if (warnings) writeFileSync(join(dir, 'test-results', 'warnings.json'), JSON.stringify(warnings));
}

const lastLine = () => {
  const run = spawnSync(process.execPath, [script, workspace], { encoding: 'utf8' });
  return { status: run.status, lines: run.stdout.trim().split('\n') };
};

describe('the closing line of pnpm test', () => {
  it('says the PostgreSQL suites did not run after the counts, which stay parseable', () => {
    const warning = postgresWarning('PostgreSQL is not installed');
    serverPackage([warning]);
    const { status, lines } = lastLine();
    const last = lines.at(-1)!;
    expect(last).toMatch(countsLine);
    expect(countsLine.exec(last)!.slice(1)).toEqual(['3', '0', '1']);
    expect(last).toContain('PostgreSQL suites did not run (set TEST_DATABASE_URL');
    // The whole reason is printed above it.
    expect(lines).toContain(`apps/server: ${warning.text}`);
    // A local run without PostgreSQL passes (CI fails in the global setup instead).
    expect(status).toBe(0);
  });

  it('ends on the bare counts when nothing was left out', () => {
    serverPackage();
    expect(lastLine().lines.at(-1)).toBe('tests: 3 passed, 0 failed, 1 skipped');
  });

  it('counts the tests of each database engine above the closing line', () => {
    const passed = (fullName: string): AssertionResult => ({
      fullName,
      status: 'passed',
      duration: 5,
    });
    serverPackage(undefined, [
      passed("HTTP layer of /api on 'pglite' refuses a write of another origin"),
      passed("GET /api/db on 'pglite' reads a row"),
      passed("GET /api/db on 'postgres' reads a row"),
      passed('the outbound address policy refuses 10.0.0.1'),
      { fullName: "GET /api/db on 'postgres' pages", status: 'skipped', duration: 0 },
    ]);
    const { lines } = lastLine();
    expect(lines).toContain(
      'database suites: 2 tests passed on PGlite, 1 on PostgreSQL (apps/server/src/testing/databases.ts says which run on both)',
    );
    expect(lines.at(-1)).toMatch(countsLine);
  });
});
