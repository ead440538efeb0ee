import { defineE2EConfig } from '../../vitest.shared.ts';

// End to end: the built server with demo data serving the built console, in Chromium; one server
// and one browser for all journey files (e2e/globalSetup.ts).
export default defineE2EConfig({ test: { globalSetup: ['e2e/globalSetup.ts'] } });
