import { definePackageConfig } from '../../vitest.shared.ts';

// The release scripts' tests (scripts/changeset-check.mjs) on scratch git repositories; the
// consumer test itself is the e2e suite (vitest.e2e.config.ts).
export default definePackageConfig({
  test: { include: ['test/**/*.test.ts'], environment: 'node' },
});
