import { configDefaults } from 'vitest/config';
import { definePackageConfig } from '../../vitest.shared.ts';

// Most files share their worker's jsdom and module graph (isolate: false): a fresh environment and
// a fresh import of React, styled-components and the components for each of 62 files was half the
// suite's CPU (issue 31: 210 s → 110 s). Testing Library's cleanup (vitest.setup.ts) unmounts
// between tests. Two files keep a fresh one: LazyCodeEditor's tests assert that the editor's module
// is imported cold, only once a code field needs it, and DataTableParts walks the history with
// role queries that grow slower with every stylesheet the earlier files left in the shared document.
const isolated = ['src/forms/LazyCodeEditor.test.tsx', 'src/DataTable/DataTableParts.test.tsx'];

// The story/axe test renders a 100,000-row table story; on a shared 2-core box under load that
// can take longer than vitest's default 5 s without anything being wrong.
export default definePackageConfig({
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 30_000,
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
