import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { slotsEntry } from './slotsEntry.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;

// `import type` needs the TypeScript parser, as the repo's own lint runs it.
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});

const healthSlots = '/repo/packages/features-health/src/slots.ts';
const shellSlots = '/repo/packages/extensions/src/shell/slots.ts';

tester.run('slots-entry', slotsEntry, {
  valid: [
    { filename: healthSlots, code: "import { createComponentSlot } from '@opsdeck/extensions';" },
    { filename: healthSlots, code: "import { z } from 'zod';" },
    { filename: healthSlots, code: "import type { healthRoutes } from './routes.ts';" },
    { filename: healthSlots, code: "import { type CheckSummary } from '@opsdeck/api-client';" },
    { filename: healthSlots, code: "export type { CheckRef } from './model/checkRef.ts';" },
    { filename: shellSlots, code: "export { shellSlots } from './slots.ts';" },
    // Any other file of a feature may import what it likes (the layering rule judges those).
    {
      filename: '/repo/packages/features-health/src/routes.ts',
      code: "import { isTimeRangeShortForm } from '@opsdeck/ui/time-range';",
    },
  ],
  invalid: [
    {
      filename: healthSlots,
      code: "import { CheckModal } from './CheckModal/CheckModal.tsx';",
      errors: [{ messageId: 'valueImport' }],
    },
    {
      filename: healthSlots,
      code: "import { Activity } from '@opsdeck/ui';",
      errors: [{ messageId: 'valueImport' }],
    },
    {
      filename: healthSlots,
      code: "export { healthRoutes } from './routes.ts';",
      errors: [{ messageId: 'valueImport' }],
    },
    {
      filename: shellSlots,
      code: "import { createElement } from 'react';",
      errors: [{ messageId: 'valueImport' }],
    },
    {
      filename: healthSlots,
      code: "const page = () => import('./pages.tsx');",
      errors: [{ messageId: 'valueImport' }],
    },
  ],
});
