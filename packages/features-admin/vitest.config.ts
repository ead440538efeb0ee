import { definePackageConfig } from '../../vitest.shared.ts';

export default definePackageConfig({
  test: { environment: 'jsdom', setupFiles: ['./vitest.setup.ts'] },
});
