import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The machine running tests is shared with every other package's run; waitFor/findBy get more than
// the 1 s default before they fail.
configure({ asyncUtilTimeout: 5000 });

// The files share their worker's jsdom (isolate: false in vitest.config.ts), and Testing Library
// only unmounts between tests by itself when vitest globals are on: they are off here.
afterEach(() => {
  cleanup();
});
