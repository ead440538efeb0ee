import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The machine running tests is shared (CI runs three suites at once): waitFor and findBy get 10 s
// rather than the 1 s default before failing; a passing wait returns at once.
configure({ asyncUtilTimeout: 10_000 });

// The files share their worker's jsdom (isolate: false in vitest.config.ts), and Testing Library
// only unmounts between tests by itself when vitest globals are on: they are off here.
afterEach(() => {
  cleanup();
});
