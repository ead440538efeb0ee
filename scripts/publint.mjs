// `publint` (a root task): publint --strict on every published package, in one process. Run in each
// package, publint started node and then pnpm to list what `pnpm pack` ships, sixteen times (issue
// 31); here one `pnpm pack` run packs them all and publint reads each tarball, as its CLI does when
// given one: the files and package.json that pnpm would publish.
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const readManifest = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
const published = readdirSync('packages')
  .map((name) => readManifest(path.join('packages', name)))
  .filter((manifest) => !manifest.private)
  .map((manifest) => manifest.name);

const destination = mkdtempSync(path.join(tmpdir(), 'opsdeck-publint-'));
let failed = 0;
try {
  const packed = JSON.parse(
    execFileSync(
      'pnpm',
      [
        '--recursive',
        ...published.map((name) => `--filter=${name}`),
        'pack',
        '--json',
        '--pack-destination',
        destination,
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    ),
  );
  const tarballs = new Map(packed.map(({ name, filename }) => [name, filename]));
  for (const name of published) {
    const tarball = readFileSync(tarballs.get(name));
    const { messages, pkg } = await publint({
      strict: true,
      pack: {
        tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.length),
      },
    });
    console.log(`${name}: ${messages.length === 0 ? 'all good' : `${messages.length} messages`}`);
    for (const message of messages)
      console.log(`  ${message.type}: ${formatMessage(message, pkg)}`);
    // strict reports warnings as errors; an error fails, as it made the CLI exit 1.
    if (messages.some(({ type }) => type === 'error')) failed += 1;
  }
} finally {
  rmSync(destination, { recursive: true, force: true });
}
if (failed > 0) {
  console.error(`publint: ${failed} of ${published.length} packages have errors`);
  process.exitCode = 1;
}
