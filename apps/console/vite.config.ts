import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { precompress } from './scripts/precompress.ts';
import { routePreloads } from './scripts/routePreloads.ts';
import { styledComponentIds } from './scripts/styledComponentIds.ts';
import { authModeFrom } from './src/app/authMode.ts';
import { sourceResolve } from '../../vitest.shared.ts';

const sourcemapWanted = () => ['1', 'true'].includes(process.env.OPSDECK_SOURCEMAP ?? '');

/** Libraries and ui parts only a few pages open (CodeMirror, the Ory SDK, QR): each its own chunk. */
const heavyLazy =
  /codemirror|@lezer|@ory|qrcode|js-yaml|@clerk|CodeEditor|TotpQrCode|[\\/]validation/;
const formPart = (id: string) =>
  /[\\/]node_modules[\\/](formik|yup|lodash-es|property-expr|tiny-case|toposort|js-yaml|diff)[\\/]/.test(
    id,
  ) || /[\\/]packages[\\/](ui[\\/]src[\\/]forms|contracts[\\/]src[\\/]form)[\\/]/.test(id);
const sharedPart = (id: string) =>
  /[\\/](node_modules|packages[\\/](ui|api-client|rbac|extensions))[\\/]/.test(id) &&
  !heavyLazy.test(id) &&
  !formPart(id);

/**
 * The first load as two chunks besides the entry instead of ~45 small ones (over HTTP/1.1's six
 * connections a cold page waited ~13 round trips for them): the libraries every page runs, and the
 * app's own shell (rolldown makes it the entry chunk itself). The rest is rolldown's automatic
 * chunking, with the parts the lazy pages share gathered into one.
 */
const chunkGroups = [
  { name: 'vendor', tags: ['$initial' as const], test: /[\\/]node_modules[\\/]/, priority: 2 },
  { name: 'shell', tags: ['$initial' as const], priority: 1 },
  // The list and overlay parts the lazy pages share: one chunk a page loads with its own, rather
  // than a dozen of a few hundred bytes each. The heavy lazy parts stay apart. It picks before
  // forms, so the basics the form fields use (Select, icons) stay here.
  { name: 'parts', test: sharedPart, minShareCount: 2, priority: 1 },
  // Forms, YAML and diffs (ui's fields, Formik, Yup, js-yaml, diff): only the pages that edit or
  // compare load them, not the lists a first visit opens. In parts, their 170 KB were parsed and
  // their top-level code run on every page's first load (scripts/size-check.mjs keeps it so).
  { name: 'forms', test: formPart, minShareCount: 2 },
];

// The console is served from the server's root with an SPA fallback, so asset URLs are absolute
// (a relative base would break on deep links such as /settings/users/42). Workspace packages are read
// from source through the @opsdeck/source condition, so no package build comes first.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The first screen as apps/server renders it (src/entry-server.tsx): one bundle for Node with every
 * library in it, so the server imports it from the build alone, under dist/.opsdeck, which the
 * server never serves.
 */
const serverRenderBuild = {
  ...sourceResolve,
  base: '/',
  plugins: [react(), styledComponentIds(repoRoot)],
  // React's and styled-components' production code, whatever NODE_ENV the server runs under (Vite
  // leaves process.env to the runtime in a server build; unset, React rendered its development
  // build: twice the time, spent on checks and owner stacks).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { ...sourceResolve.ssr, noExternal: true as const, target: 'node' as const },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist/.opsdeck/ssr',
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
    // One file: the server imports it afresh for each build (a query on its URL), which a chunk
    // importing the entry back would not follow, leaving it two copies of every module.
    rolldownOptions: { output: { codeSplitting: false } },
  },
};

export default defineConfig(({ mode, isSsrBuild }) => {
  // A hosted build without its key (or an unknown provider) fails here, not in a user's browser.
  authModeFrom(loadEnv(mode, import.meta.dirname, 'VITE_'));
  if (isSsrBuild) return serverRenderBuild;
  return {
    ...sourceResolve,
    base: '/',
    // Brotli and gzip made once here; the server picks one per request (apps/server/src/http/console.ts),
    // and names the chunks of the page it serves index.html for from routePreloads' table.
    // Styled components get ids from their place in the source, the same in the server render's build.
    plugins: [react(), styledComponentIds(repoRoot), precompress(), routePreloads()],
    // The budget that matters is the gzip size of the first load (scripts/size-check.mjs, 300 KB);
    // the lazy CodeMirror chunk is over Vite's raw 500 kB warning by design.
    // Source maps publish the source next to the app: only when asked for (OPSDECK_SOURCEMAP=1).
    build: {
      outDir: 'dist',
      sourcemap: sourcemapWanted(),
      chunkSizeWarningLimit: 700,
      rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
    },
    server: {
      proxy: {
        // `pnpm dev` points this at the embedded server; the browser sees one origin, so the session
        // cookie set by /api/.ory travels with every /api call as it does in production.
        '/api': { target: process.env.OPSDECK_API ?? 'http://127.0.0.1:8080', changeOrigin: false },
      },
    },
  };
});
