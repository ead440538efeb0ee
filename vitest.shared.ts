// One place that tells Vite/Vitest to read workspace packages from source (the "@opsdeck/source"
// export condition), so tests never need a build of their dependencies, and that every package
// writes a JSON report for the workspace-wide summary (scripts/test-summary.mjs).
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig, mergeConfig, type ViteUserConfig as UserConfig } from 'vitest/config';

export const sourceCondition = '@opsdeck/source';

export const sourceResolve = {
  resolve: { conditions: [sourceCondition, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [sourceCondition, ...defaultServerConditions] } },
} satisfies UserConfig;

export function definePackageConfig(config: UserConfig = {}): UserConfig {
  return mergeConfig(
    defineConfig({
      ...sourceResolve,
      test: {
        reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
        passWithNoTests: true,
      },
    }),
    defineConfig(config),
  );
}
