import { definePackageConfig } from '../../vitest.shared.ts';

// End to end: the built server (dist/cli.js) in its own process, driven in Debian's Chromium by pages
// of another origin. One file, one server, one browser: the suite must stay fast on a 2-core machine.
export default definePackageConfig(
  {
    test: {
      include: ['e2e/**/*.e2e.test.ts'],
      environment: 'node',
      testTimeout: 60_000,
      hookTimeout: 120_000,
      fileParallelism: false,
    },
  },
  { report: 'vitest-e2e' },
);
