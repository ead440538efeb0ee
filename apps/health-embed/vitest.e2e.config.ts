import { definePackageConfig } from '../../vitest.shared.ts';

// End to end: the built server with demo data serving the built embed, driven in Debian's Chromium.
export default definePackageConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
}, { report: 'vitest-e2e' });
