import { configDefaults } from 'vitest/config';
import { definePackageConfig } from '../../vitest.shared.ts';

// e2e/ needs built server and app plus Chromium: it runs with `test:e2e`, not here.
export default definePackageConfig({
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 30_000,
    exclude: [...configDefaults.exclude, 'e2e/**'],
  },
});
