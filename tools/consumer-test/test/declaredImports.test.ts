import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { undeclaredImports } from '../e2e/declaredImports.ts';

let dir: string;
afterEach(() => rm(dir, { recursive: true, force: true }));

it('names each undeclared package a dist file imports, and nothing a package may import', async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'opsdeck-declared-'));
  await mkdir(path.join(dir, 'dist/sub'), { recursive: true });
  const manifest = {
    name: '@opsdeck/x',
    dependencies: { luxon: '^3' },
    peerDependencies: { react: '^19' },
  };
  await writeFile(path.join(dir, 'package.json'), JSON.stringify(manifest));
  await writeFile(
    path.join(dir, 'dist/index.js'),
    [
      "import { DateTime } from 'luxon';",
      "import { useState } from 'react';",
      "import { readFile } from 'node:fs';",
      "import path from 'path';",
      "import { a } from './chunk.js';",
      "import { b } from '@opsdeck/x/sub';",
      "export { c } from 'js-yaml';",
      "import {\n  d,\n  e\n} from '@tanstack/react-table/build';",
      "const later = () => import('diff');",
      'const text = "take it from \'nowhere\'";',
      "import 'side-effect';",
    ].join('\n'),
  );
  await writeFile(path.join(dir, 'dist/sub/index.d.ts'), "import type { X } from 'yup';\n");
  expect(await undeclaredImports(dir)).toEqual([
    'dist/index.js: @tanstack/react-table/build',
    'dist/index.js: diff',
    'dist/index.js: js-yaml',
    'dist/index.js: side-effect',
    'dist/sub/index.d.ts: yup',
  ]);
});
