import { definePackageConfig } from '../../vitest.shared.ts';

// The backend and fixture helpers run in node; the axe test opts into jsdom with a file comment.
export default definePackageConfig({ test: { environment: 'node' } });
