import { definePackageConfig } from '../../vitest.shared.ts';

// End to end: the built server with demo data serving the built console, driven in Debian's Chromium.
// One file, one server, one browser: the suite must stay fast on a 2-core machine.
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
