import { definePackageConfig } from '../../vitest.shared.ts';

// The story/axe test renders a 100,000-row table story; on a shared 2-core box under load that
// can take longer than vitest's default 5 s without anything being wrong.
export default definePackageConfig({
  test: { environment: 'jsdom', setupFiles: ['./vitest.setup.ts'], testTimeout: 30_000 },
});
