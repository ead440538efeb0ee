// Issue 32 §1: the server process loads no React and no TanStack Query. It imports only the plain
// entries of the shared packages (schemas, calls, contracts); query options and hooks live in
// other entries. The CLI's bundle is built with its metafile, which lists every module its imports
// reach, whether or not tree-shaking kept their code: what a source run (`pnpm dev`) would load.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const REACT_OR_QUERY = /node_modules\/(react|react-dom|scheduler|@tanstack\/[^/]+)\//;

describe('the server process', () => {
  it('reaches no module of react or @tanstack from its entry', () => {
    mkdirSync(join(packageDir, 'node_modules/.cache'), { recursive: true });
    const outDir = mkdtempSync(join(packageDir, 'node_modules/.cache/no-react-'));
    try {
      execFileSync(
        'npx',
        [
          'tsup',
          'src/cli.ts',
          '--config',
          'tsup.test-bundle.config.ts',
          '--out-dir',
          outDir,
          '--metafile',
        ],
        { cwd: packageDir, stdio: 'ignore' },
      );
      const metafile = JSON.parse(readFileSync(join(outDir, 'metafile-esm.json'), 'utf8')) as {
        inputs: Record<string, unknown>;
      };
      const inputs = Object.keys(metafile.inputs);
      expect(
        inputs.some(
          (path) => path.includes('@opsdeck/contracts') || path.includes('packages/contracts/'),
        ),
      ).toBe(true);
      expect(inputs.filter((path) => REACT_OR_QUERY.test(path))).toEqual([]);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
