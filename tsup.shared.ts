// The build every publishable package shares: ESM, one file per entry point. Declarations are not
// generated here: `build:types` (scripts/dist-types.mjs) copies the ones the typecheck emitted.
import { defineConfig, type Options } from 'tsup';

export function definePackageBuild(entry: Record<string, string>, extra: Options = {}) {
  return defineConfig({
    entry,
    format: ['esm'],
    dts: false,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    treeshake: true,
    splitting: true,
    ...extra,
  });
}
