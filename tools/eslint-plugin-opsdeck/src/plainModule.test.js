import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { plainModule } from './plainModule.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const server = [{ onlyOpsdeck: ['@opsdeck/contracts', '@opsdeck/api-client/health/schemas'] }];

tester.run('plain-module', plainModule, {
  valid: [
    { code: "import { z } from 'zod/mini';" },
    { code: "import { looseObject } from '../looseObject.ts';" },
    { code: "import { playbookContract } from '@opsdeck/contracts';", options: server },
    {
      code: "import { checkSummaryQuerySchema } from '@opsdeck/api-client/health/schemas';",
      options: server,
    },
    { code: "export { x } from './x.ts';" },
  ],
  invalid: [
    {
      code: "import { queryOptions } from '@tanstack/react-query';",
      errors: [{ messageId: 'react' }],
    },
    { code: "import { useState } from 'react';", errors: [{ messageId: 'react' }] },
    { code: "import { jsx } from 'react/jsx-runtime';", errors: [{ messageId: 'react' }] },
    { code: "export { useCan } from '@opsdeck/rbac/react';", errors: [{ messageId: 'react' }] },
    { code: "const q = import('@tanstack/query-core');", errors: [{ messageId: 'react' }] },
    {
      code: "import { checkSummaryQuery } from '@opsdeck/api-client/health';",
      options: server,
      errors: [{ messageId: 'notPlain' }],
    },
  ],
});
