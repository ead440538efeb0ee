import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sourceResolve } from '../../vitest.shared.ts';

// Relative base: the built files work from any path of any static host. Workspace packages are
// read from source through the @opsdeck/source condition, so no package build comes first.
export default defineConfig({
  ...sourceResolve,
  base: './',
  plugins: [react()],
  // Source maps publish the source next to the page: only when asked for (OPSDECK_SOURCEMAP=1).
  // No modulepreload polyfill (~0.6 KB in the entry): every browser the build targets loads the
  // modules by their imports anyway; one without modulepreload only loses the early fetch hint.
  build: {
    outDir: 'dist',
    sourcemap: ['1', 'true'].includes(process.env.OPSDECK_SOURCEMAP ?? ''),
    modulePreload: { polyfill: false },
  },
});
