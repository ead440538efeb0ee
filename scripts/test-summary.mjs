// Prints one closing line for the whole workspace ("tests: N passed, N failed"), summed from the
// JSON report each package's Vitest run writes, so CI and people see the real count at the end.
// Nothing may go missing on the way: a suite that failed before its tests ran (a beforeAll, an
// import) counts its tests as failed, not skipped; a package with a `test` script must leave a
// report with tests in it (a package without tests on purpose has no `test` script); and what a
// run left out (test-results/warnings.json, such as the PostgreSQL suites) is printed, and said again
// at the end of the closing line, which stays `tests: N passed, N failed, N skipped` up to there.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
let passed = 0;
let failed = 0;
let skipped = 0;
/** Every test's time, for the ten slowest printed above the count (a slow test shows when it lands). */
const timings = [];
/**
 * Tests per database engine, from the suite names `describe.each(testDatabases(...))` gives (`… on
 * pglite`, `… on 'postgres'`): most server suites run on PGlite only, some on both (issue 31).
 */
const engineTests = { pglite: 0, postgres: 0 };
const engineName = / on '?(pglite|postgres)\b/;
const problems = [];
const warnings = [];
/** What the run left out, in a few words each, for the closing line. */
const leftOut = [];

/**
 * Vitest's JSON report marks the tests of a suite whose hook failed as skipped, and a file that
 * failed to load has no tests at all; only the file's status says it failed. Such a file's
 * unrun tests are failures (at least one for the file).
 */
function countReport(report, where) {
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (typeof test.duration === 'number')
        timings.push({
          ms: test.duration,
          name: `${path.relative(root, file.name)} > ${test.fullName ?? test.title}`,
        });
      const engine = engineName.exec(test.fullName ?? '')?.[1];
      if (engine && test.status === 'passed') engineTests[engine] += 1;
    }
    const statuses = (file.assertionResults ?? []).map((test) => test.status);
    if (file.status !== 'failed' || statuses.includes('failed')) continue;
    const unrun = statuses.filter((status) => status === 'skipped' || status === 'pending').length;
    skipped -= unrun;
    failed += Math.max(unrun, 1);
    const name = path.relative(root, file.name);
    const what =
      statuses.length === 0 ? 'failed to load' : `failed before its tests ran (${unrun} not run)`;
    const reason = file.message?.split('\n')[0];
    problems.push(`${where}: ${name} ${what}${reason ? `: ${reason}` : ''}`);
  }
  // Test files and tests seen: zero means the run found nothing to run.
  return (report.numTotalTests ?? 0) + (report.testResults?.length ?? 0);
}

for (const group of ['packages', 'apps', 'tools']) {
  const groupDir = path.join(root, group);
  if (!existsSync(groupDir)) continue;
  for (const name of readdirSync(groupDir)) {
    const pkgDir = path.join(groupDir, name);
    const manifest = path.join(pkgDir, 'package.json');
    if (!existsSync(manifest)) continue;
    if (!JSON.parse(readFileSync(manifest, 'utf8')).scripts?.test) continue;
    const where = `${group}/${name}`;
    const resultsDir = path.join(pkgDir, 'test-results');
    if (!existsSync(path.join(resultsDir, 'vitest.json'))) {
      problems.push(`${where}: no test report (test-results/vitest.json)`);
      continue;
    }
    // vitest.json is the unit run; vitest-<suite>.json are further suites (end to end). Each must
    // have found something to run.
    for (const file of readdirSync(resultsDir).filter((f) => /^vitest(-[\w-]+)?\.json$/.test(f))) {
      const seen = countReport(
        JSON.parse(readFileSync(path.join(resultsDir, file), 'utf8')),
        where,
      );
      if (seen === 0)
        problems.push(
          `${where}: test-results/${file} ran no tests (does its test glob match nothing?)`,
        );
    }
    const warningsFile = path.join(resultsDir, 'warnings.json');
    // Each warning is a string, or {text, summary} whose summary ends the closing line.
    if (existsSync(warningsFile))
      for (const warning of JSON.parse(readFileSync(warningsFile, 'utf8'))) {
        const text = typeof warning === 'string' ? warning : warning.text;
        warnings.push(`${where}: ${text}`);
        leftOut.push(
          typeof warning === 'string' || !warning.summary
            ? `${where} left tests out`
            : warning.summary,
        );
      }
  }
}

for (const line of [...warnings, ...problems]) console.log(line);
// The ten slowest tests come first, so the count stays the output's closing line (CI reads it there).
if (timings.length > 0) {
  console.log('slowest tests (hooks not included):');
  for (const { ms, name } of timings.sort((a, b) => b.ms - a.ms).slice(0, 10))
    console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
}
if (engineTests.pglite + engineTests.postgres > 0)
  console.log(
    `database suites: ${engineTests.pglite} tests passed on PGlite, ${engineTests.postgres} on PostgreSQL (apps/server/src/testing/databases.ts says which run on both)`,
  );
const notRun = [...new Set(leftOut)];
console.log(
  `tests: ${passed} passed, ${failed} failed, ${skipped} skipped${notRun.length > 0 ? ` — ${notRun.join('; ')}` : ''}`,
);
process.exit(failed > 0 || problems.length > 0 || passed === 0 ? 1 : 0);
