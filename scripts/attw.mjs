// `attw` (a root task): @arethetypeswrong on every published package, as `attw --pack <package>
// --profile esm-only` did in each package, in one process. Sixteen CLI starts cost 66 s of CPU in CI,
// mostly node, npm and TypeScript starting up again (issue 31); here npm packs every package in one
// run and TypeScript loads once. A subpath exported under the @opsdeck/source condition alone (a
// feature's ./testing/stand-in) is not published, so it is not checked, as --exclude-entrypoints did.
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
import { getExitCode } from '@arethetypeswrong/cli/internal/getExitCode';
import { typed, untyped } from '@arethetypeswrong/cli/internal/render';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The esm-only profile: CommonJS consumers are not supported, so their resolutions do not fail.
const options = { format: 'ascii', ignoreRules: [], ignoreResolutions: ['node10', 'node16-cjs'] };

const readManifest = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
const packages = readdirSync('packages')
  .map((name) => path.join('packages', name))
  .filter((dir) => !readManifest(dir).private);

const sourceOnly = (manifest) =>
  Object.entries(manifest.exports ?? {})
    .filter(
      ([, target]) =>
        typeof target === 'object' && Object.keys(target).join() === '@opsdeck/source',
    )
    .map(([subpath]) => subpath);

const destination = mkdtempSync(path.join(tmpdir(), 'opsdeck-attw-'));
let failed = 0;
try {
  const packed = JSON.parse(
    execFileSync(
      'npm',
      ['pack', '--json', '--pack-destination', destination, ...packages.map((dir) => `./${dir}`)],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    ),
  );
  const tarballs = new Map(packed.map(({ name, filename }) => [name, filename]));
  for (const dir of packages) {
    const manifest = readManifest(dir);
    const tarball = readFileSync(path.join(destination, tarballs.get(manifest.name)));
    const analysis = await checkPackage(createPackageFromTarballData(new Uint8Array(tarball)), {
      excludeEntrypoints: sourceOnly(manifest),
    });
    console.log(`\n${dir}`);
    console.log(analysis.types ? await typed(analysis, options) : untyped(analysis));
    if (getExitCode(analysis, options) !== 0) failed += 1;
  }
} finally {
  rmSync(destination, { recursive: true, force: true });
}
if (failed > 0) {
  console.error(`attw: ${failed} of ${packages.length} packages have wrong types`);
  process.exitCode = 1;
}
