import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { layering } from './layering.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

const inHealth = '/repo/packages/features-health/src/HealthPage.tsx';

tester.run('layering', layering, {
  valid: [
    { filename: inHealth, code: "import { Button } from '@opsdeck/ui';" },
    { filename: inHealth, code: "import { useCan } from '@opsdeck/rbac/react';" },
    { filename: inHealth, code: "import { filterChecks } from './filter';" },
    { filename: inHealth, code: "import { x } from '../lib/x';" },
    // An app composes features: that is its job.
    {
      filename: '/repo/apps/console/src/routes.tsx',
      code: "import { HealthPage } from '@opsdeck/features-health';",
    },
    {
      filename: '/repo/apps/console/src/routes.tsx',
      code: "import { IncidentsPage } from '@opsdeck/features-incidents';",
    },
    { filename: '/repo/packages/features-health/src/a.ts', code: "export { x } from './x';" },
    // @opsdeck/testing from tests, test helpers, browser suites and the package itself.
    {
      filename: '/repo/packages/features-health/src/HealthPage/HealthPage.test.tsx',
      code: "import { createFakeBackend } from '@opsdeck/testing';",
    },
    {
      filename: '/repo/packages/api-client/src/client.test.ts',
      code: "import { json } from '@opsdeck/testing';",
    },
    {
      filename: '/repo/packages/features-health/src/testing/healthServer.test.helper.ts',
      code: "import { fixturePath } from '@opsdeck/testing';",
    },
    {
      filename: '/repo/packages/auth/src/react/pages.test.helper.tsx',
      code: "import { readJsonFixture } from '@opsdeck/testing';",
    },
    {
      filename: '/repo/apps/console/e2e/console.e2e.test.ts',
      code: "import { fixturePath } from '@opsdeck/testing';",
    },
    {
      filename: '/repo/apps/console/e2e/server.ts',
      code: "import { fixturePath } from '@opsdeck/testing';",
    },
    {
      filename: '/repo/packages/testing/src/index.ts',
      code: "export { json } from './fakeBackend.ts';",
    },
    // Another feature's `/slots` entry (ids and types only) is how a feature fills its slots.
    { filename: inHealth, code: "import { catalogSlots } from '@opsdeck/features-catalog/slots';" },
  ],
  invalid: [
    {
      filename: inHealth,
      code: "import { x } from '@opsdeck/features-catalog/slots/more';",
      errors: [{ messageId: 'featureToFeature' }],
    },
    // …and never from code that ships, whatever the import form.
    {
      filename: inHealth,
      code: "import { createFakeBackend } from '@opsdeck/testing';",
      errors: [{ messageId: 'testingInSource' }],
    },
    {
      filename: '/repo/packages/features-health/src/testing/renderHealth.tsx',
      code: "export { fixturePath } from '@opsdeck/testing';",
      errors: [{ messageId: 'testingInSource' }],
    },
    {
      filename: '/repo/apps/console/src/main.tsx',
      code: "const t = import('@opsdeck/testing');",
      errors: [{ messageId: 'testingInSource' }],
    },
    {
      // Named like a test but not one: the suffix must end the name.
      filename: '/repo/packages/ui/src/test.helpers.ts',
      code: "import { expectNoAxeViolations } from '@opsdeck/testing';",
      errors: [{ messageId: 'testingInSource' }],
    },
    {
      filename: '/repo/apps/console/vitest.setup.ts',
      code: "import '@opsdeck/testing';",
      errors: [{ messageId: 'testingInSource' }],
    },
    {
      filename: inHealth,
      code: "import { AttachEvidence } from '@opsdeck/features-incidents';",
      errors: [{ messageId: 'featureToFeature' }],
    },
    {
      filename: inHealth,
      code: "export * from '@opsdeck/features-catalog/react';",
      errors: [{ messageId: 'featureToFeature' }],
    },
    {
      filename: inHealth,
      code: "const m = import('@opsdeck/features-playbooks');",
      errors: [{ messageId: 'featureToFeature' }],
    },
    {
      filename: '/repo/apps/console/src/main.tsx',
      code: "import { Modal } from '@opsdeck/ui/src/Modal';",
      errors: [{ messageId: 'deepSrc' }],
    },
    {
      filename: inHealth,
      code: "import { createAuthorizer } from '../../rbac/src/authorizer';",
      errors: [{ messageId: 'crossPackagePath' }],
    },
    {
      filename: '/repo/apps/health-embed/src/main.tsx',
      code: "import { App } from '../../console/src/App';",
      errors: [{ messageId: 'crossPackagePath' }],
    },
  ],
});
