import { configure } from '@testing-library/react';

// The machine running tests is shared (CI runs three suites at once): waitFor and findBy get 10 s
// rather than the 1 s default before failing; a passing wait returns at once.
configure({ asyncUtilTimeout: 10_000 });
