// The build every publishable package shares: ESM + declarations, one file per entry point.
import { defineConfig, type Options } from 'tsup';

export function definePackageBuild(entry: Record<string, string>, extra: Options = {}) {
  return defineConfig({
    entry,
    format: ['esm'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    treeshake: true,
    splitting: true,
    ...extra,
  });
}
