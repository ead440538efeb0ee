import { configDefaults } from 'vitest/config';
import { definePackageConfig } from '../../vitest.shared.ts';

export default definePackageConfig({
  test: {
    environment: 'node',
    globalSetup: ['./src/testing/globalSetup.ts'],
    // PGlite boots in seconds and seeds take a while on a shared 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
    // e2e/ needs the built server and Chromium: it runs with `test:e2e`, not here.
    exclude: [...configDefaults.exclude, 'e2e/**'],
  },
});
