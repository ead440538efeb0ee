// A published package's declarations, `build:types` (run in the package): the typecheck already
// emits a .d.ts per source file to .opsdeck/types/src (tsconfig.check.json, project references), so
// they are copied next to the JavaScript tsup built (dist mirrors src) rather than generated a second
// time by tsup's declaration bundler, which was most of a build's CPU (issue 31). The relative imports
// in them keep their .ts extensions, which TypeScript resolves to the .d.ts beside them.
import { cpSync, existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const from = path.resolve('.opsdeck/types/src');
const to = path.resolve('dist');
if (!existsSync(from) || !existsSync(to)) {
  console.error(`build:types: needs ${from} (typecheck) and ${to} (build)`);
  process.exit(1);
}

let copied = 0;
(function copy(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) copy(file);
    else if (name.endsWith('.d.ts')) {
      cpSync(file, path.join(to, path.relative(from, file)));
      copied += 1;
    }
  }
})(from);
if (copied === 0) {
  console.error(`build:types: no declarations in ${from}`);
  process.exit(1);
}
