import { definePackageConfig } from '../../vitest.shared.ts';

// Contracts run in Node: the server and the GitOps loader load them without a DOM.
export default definePackageConfig({ test: { environment: 'node' } });
