// One place that tells Vite/Vitest to read workspace packages from source (the "@opsdeck/source"
// export condition), so tests never need a build of their dependencies, and that every package
// writes a JSON report for the workspace-wide summary (scripts/test-summary.mjs).
import { defaultClientConditions, defaultServerConditions } from 'vite';
import {
  configDefaults,
  defineConfig,
  mergeConfig,
  type ViteUserConfig as UserConfig,
} from 'vitest/config';

export const sourceCondition = '@opsdeck/source';

export const sourceResolve = {
  resolve: { conditions: [sourceCondition, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [sourceCondition, ...defaultServerConditions] } },
} satisfies UserConfig;

/**
 * `report` names the JSON file under test-results/ (default `vitest`); a second suite of the same
 * package, such as end-to-end tests, passes its own name so the two reports add up instead of one
 * overwriting the other.
 */
export function definePackageConfig(
  config: UserConfig = {},
  { report = 'vitest' }: { report?: string } = {},
): UserConfig {
  return mergeConfig(
    defineConfig({
      ...sourceResolve,
      test: {
        reporters: ['default', ['json', { outputFile: `test-results/${report}.json` }]],
        // No passWithNoTests: a package whose test glob matches nothing fails instead of going green.
        // .opsdeck/ holds scratch copies and builds; a test file in there is not the package's.
        exclude: [...configDefaults.exclude, '**/.opsdeck/**'],
        // Component tests against real servers share two cores with every other package's run under
        // turbo; Vitest's 5 s default is a timing assertion in disguise. Speed lives in `pnpm bench`.
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    }),
    defineConfig(config),
  );
}

/**
 * An end-to-end suite: the e2e folder's `*.e2e.test.ts` files against a built server in Debian's Chromium, one file
 * at a time (each starts its own server and browser on a 2-core machine), reported as `vitest-e2e`.
 */
export function defineE2EConfig(config: UserConfig = {}): UserConfig {
  return definePackageConfig(
    mergeConfig(
      defineConfig({
        test: {
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      }),
      defineConfig(config),
    ),
    { report: 'vitest-e2e' },
  );
}
