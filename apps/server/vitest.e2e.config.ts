import { defineE2EConfig } from '../../vitest.shared.ts';

// End to end: the built server (dist/cli.js) in its own process, driven in Chromium by pages of another origin.
export default defineE2EConfig();
