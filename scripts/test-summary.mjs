// Prints one closing line for the whole workspace ("tests: N passed, N failed"), summed from the
// JSON report each package's Vitest run writes, so CI and people see the real count at the end.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];

for (const group of ['packages', 'apps', 'tools']) {
  const groupDir = path.join(root, group);
  if (!existsSync(groupDir)) continue;
  for (const name of readdirSync(groupDir)) {
    const pkgDir = path.join(groupDir, name);
    const manifest = path.join(pkgDir, 'package.json');
    if (!existsSync(manifest)) continue;
    if (!JSON.parse(readFileSync(manifest, 'utf8')).scripts?.test) continue;
    const resultsDir = path.join(pkgDir, 'test-results');
    if (!existsSync(path.join(resultsDir, 'vitest.json'))) {
      missing.push(`${group}/${name}`);
      continue;
    }
    // vitest.json is the unit run; vitest-<suite>.json are further suites (end to end).
    for (const file of readdirSync(resultsDir).filter((f) => /^vitest(-[\w-]+)?\.json$/.test(f))) {
      const json = JSON.parse(readFileSync(path.join(resultsDir, file), 'utf8'));
      passed += json.numPassedTests ?? 0;
      failed += json.numFailedTests ?? 0;
      skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    }
  }
}

if (missing.length) console.log(`no test report from: ${missing.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
