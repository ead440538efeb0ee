import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The machine running tests is shared; waitFor/findBy get more than the 1 s default before failing.
configure({ asyncUtilTimeout: 10_000 });

// The files share their worker's environment (isolate: false in vitest.config.ts), and Testing
// Library only unmounts between tests by itself when vitest globals are on: they are off here.
afterEach(() => {
  cleanup();
  // What the console keeps in storage (the sidebar's state, the palette's recents, the last looked
  // at) does not reach the next file; the files that use it clear it before each of their tests.
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
