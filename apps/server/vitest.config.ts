import { defaultServerConditions } from 'vite';
import { configDefaults } from 'vitest/config';
import { definePackageConfig, sourceCondition } from '../../vitest.shared.ts';

export default definePackageConfig({
  // The global setup (src/testing/globalSetup.ts) migrates a PGlite, so it imports the services,
  // which import the workspace packages: it reads them from source as the test files do.
  environments: {
    __vitest__: { resolve: { conditions: [sourceCondition, ...defaultServerConditions] } },
  },
  test: {
    environment: 'node',
    globalSetup: ['./src/testing/globalSetup.ts'],
    setupFiles: ['./src/testing/setup.ts'],
    // PGlite boots in seconds and seeds take a while on a shared 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Three files at a time: many wait on a subprocess, a socket or PostgreSQL rather than a core
    // (two workers kept about one core busy, and the suite was the test run's last task).
    maxWorkers: 3,
    // A worker keeps the module graph between test files instead of importing the server again for
    // each (about 2.5 s of CPU a file). Files start their own databases and servers; what a module
    // keeps for the process (a cache, the canary runner's own origin) must not leak into the next.
    isolate: false,
    // e2e/ needs the built server and Chromium: it runs with `test:e2e`, not here.
    exclude: [...configDefaults.exclude, 'e2e/**'],
  },
});
