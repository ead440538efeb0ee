import { definePackageBuild } from '../../tsup.shared.ts';

// The migrations are read at runtime from beside the bundled code, so they are copied into dist.
export default definePackageBuild(
  { index: 'src/index.ts', cli: 'src/cli.ts', bench: 'src/bench/bench.ts' },
  { onSuccess: 'rm -rf dist/migrations && cp -r src/db/migrations dist/migrations' },
);
