import { defineE2EConfig } from '../../vitest.shared.ts';

// End to end: the built server with demo data serving the built embed, in Chromium.
export default defineE2EConfig();
