import { defineE2EConfig } from '../../vitest.shared.ts';

// The packed packages in a scratch app outside the workspace: npm install, tsc, vite build and
// Chromium take minutes, not seconds.
export default defineE2EConfig({ test: { testTimeout: 600_000, hookTimeout: 300_000 } });
