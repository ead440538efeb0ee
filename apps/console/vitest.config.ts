import { configDefaults } from 'vitest/config';
import { definePackageConfig } from '../../vitest.shared.ts';

// Pure modules are tested in node; component tests opt into jsdom with a file comment.
// e2e/ needs the built server and console plus Chromium: it runs with `test:e2e`, not here.
export default definePackageConfig({
  test: {
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 30_000,
    exclude: [...configDefaults.exclude, 'e2e/**'],
  },
});
