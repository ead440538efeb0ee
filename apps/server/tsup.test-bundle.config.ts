import { defineConfig } from 'tsup';

// What the tests that spawn a bundled CLI build (src/testing/bundle.ts): the workspace packages
// bundled from their source as the server's own build does (tsup.config.ts), so those tests need
// no package built first; one entry and out-dir given by each test.
export default defineConfig({
  format: ['esm'],
  target: 'node20',
  dts: false,
  noExternal: [/^@opsdeck\//],
  esbuildOptions(options) {
    options.conditions = ['@opsdeck/source'];
  },
});
