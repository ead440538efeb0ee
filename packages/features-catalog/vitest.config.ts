import { configDefaults } from 'vitest/config';
import { definePackageConfig } from '../../vitest.shared.ts';

// Most files share their worker's jsdom and module graph (isolate: false): a fresh environment and
// a fresh import of React, the ui kit and the pages for every file was most of the suite's CPU
// (issue 31). vitest.setup.ts unmounts what each test rendered. SpecPage keeps a fresh one: it
// mocks the code editor's module to hold its import back, which must not reach the other files.
const isolated = ['src/ConfigPage/SpecPage.test.tsx'];

export default definePackageConfig({
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    // styled-components adds each rule with insertRule (as in production) instead of appending
    // text to its <style>, which made jsdom parse the whole sheet again for every new rule.
    env: { SC_DISABLE_SPEEDY: 'false' },
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          isolate: false,
          exclude: [...configDefaults.exclude, '**/.opsdeck/**', ...isolated],
        },
      },
      { extends: true, test: { name: 'isolated', include: isolated } },
    ],
  },
});
