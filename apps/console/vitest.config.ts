import { configDefaults } from 'vitest/config';
import { definePackageConfig } from '../../vitest.shared.ts';

// Pure modules are tested in node; component tests opt into jsdom with a file comment.
// e2e/ needs the built server and console plus Chromium: it runs with `test:journeys`, not here.
// The files share their worker's environment and module graph (isolate: false): each component
// test imports the whole console (every feature's pages), and doing that afresh per file was most
// of the suite's CPU (issue 31). vitest.setup.ts unmounts what each test rendered.
export default definePackageConfig({
  test: {
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    // styled-components adds each rule with insertRule (as in production) instead of appending
    // text to its <style>, which made jsdom parse the whole sheet again for every new rule.
    env: { SC_DISABLE_SPEEDY: 'false' },
    testTimeout: 30_000,
    isolate: false,
    exclude: [...configDefaults.exclude, 'e2e/**'],
  },
});
