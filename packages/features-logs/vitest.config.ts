import { definePackageConfig } from '../../vitest.shared.ts';

// The files share their worker's jsdom and module graph (isolate: false): a fresh environment and a
// fresh import of React, the ui kit and the pages for every file was most of the suite's CPU
// (issue 31). vitest.setup.ts unmounts what each test rendered.
export default definePackageConfig({
  test: { environment: 'jsdom', setupFiles: ['./vitest.setup.ts'], isolate: false },
});
