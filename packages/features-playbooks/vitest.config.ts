import { definePackageConfig } from '../../vitest.shared.ts';

// The files share their worker's jsdom and module graph (isolate: false): a fresh environment and a
// fresh import of React, the ui kit and the pages for every file was most of the suite's CPU
// (issue 31). vitest.setup.ts unmounts what each test rendered.
export default definePackageConfig({
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    // styled-components adds each rule with insertRule (as in production) instead of appending
    // text to its <style>, which made jsdom parse the whole sheet again for every new rule.
    env: { SC_DISABLE_SPEEDY: 'false' },
    isolate: false,
  },
});
