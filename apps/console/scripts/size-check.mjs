// The console's first load against its budget (issue 6/7: 300 KB gzip, issue 31: 235 KB, then
// 225 KB once the first load became one vendor chunk and the entry, at 216 KB); routes, auth pages and CodeMirror load later and are not
// counted. Also: the default (Kratos) build carries no hosted SDK, its first load not the Ory SDK
// (sign-in pages load it), and the route table the server names each page's chunks from lists the
// console's main pages with chunks of the build, the first load is at most four files (it was ~45
// small chunks, ~13 round trips over HTTP/1.1's six connections), and a main page's chunks are at
// most MAX_PAGE_FILES, none of them CodeMirror.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkInitialJs, initialJsFiles } from '../../../scripts/size-check.mjs';

// routePreloads.ts writes it (ROUTE_PRELOADS_FILE); apps/server's console handler reads it.
const ROUTE_PRELOADS_FILE = '.opsdeck/route-preloads.json';
const dist = process.env.CONSOLE_DIST ?? new URL('../dist/', import.meta.url).pathname;
let ok = checkInitialJs(dist, Number(process.env.CONSOLE_BUDGET_KB ?? 225), 'console');
const MAX_INITIAL_FILES = 4;
const MAX_PAGE_FILES = 12;

const initialFiles = initialJsFiles(dist);
if (initialFiles.size > MAX_INITIAL_FILES) {
  console.error(
    `size-check: the first load is ${initialFiles.size} files, over ${MAX_INITIAL_FILES} (vite.config.ts chunkGroups)`,
  );
  ok = false;
}
// CodeMirror's own class names, as no other code of the build spells them.
const withCodeMirror = (file) =>
  /cm-gutters|cm-scroller/.test(readFileSync(join(dist, file), 'utf8'));

// The Ory SDK's own calls, as the minifier leaves them (method names survive).
const withOry = [...initialFiles].filter((file) =>
  /createBrowserLoginFlow|updateLoginFlow/.test(readFileSync(join(dist, file), 'utf8')),
);
if (withOry.length > 0) {
  console.error(`size-check: the first load carries the Ory SDK in ${withOry.join(', ')}`);
  ok = false;
}

const table = join(dist, ROUTE_PRELOADS_FILE);
const routes = existsSync(table) ? JSON.parse(readFileSync(table, 'utf8')) : [];
for (const page of ['health', 'topology', 'catalog', 'incidents']) {
  const files = routes.find((route) => route.path === page)?.files ?? [];
  const missing = files.filter((file) => !existsSync(join(dist, file)));
  if (files.length > MAX_PAGE_FILES) {
    console.error(`size-check: /${page} needs ${files.length} chunks, over ${MAX_PAGE_FILES}`);
    ok = false;
  }
  const heavy = [...initialFiles, ...files.filter((file) => !missing.includes(file))].filter(
    withCodeMirror,
  );
  if (heavy.length > 0) {
    console.error(`size-check: /${page}'s first load carries CodeMirror in ${heavy.join(', ')}`);
    ok = false;
  }
  // Formik (its option names survive minification): forms load with the pages that edit.
  const withForms = [...initialFiles, ...files.filter((file) => !missing.includes(file))].filter(
    (file) => readFileSync(join(dist, file), 'utf8').includes('validateOnBlur'),
  );
  if (withForms.length > 0) {
    console.error(`size-check: /${page}'s first load carries Formik in ${withForms.join(', ')}`);
    ok = false;
  }
  if (files.length === 0 || missing.length > 0) {
    console.error(
      `size-check: ${ROUTE_PRELOADS_FILE} names no chunks for /${page}${missing.length ? ` (missing: ${missing.join(', ')})` : ''}`,
    );
    ok = false;
  }
}
// main.tsx compares VITE_OPSDECK_AUTH literally so the bundler drops the hosted branch entirely,
// not even a lazy chunk.
if (process.env.VITE_OPSDECK_AUTH !== 'hosted') {
  const withClerk = readdirSync(join(dist, 'assets')).filter(
    (name) =>
      name.endsWith('.js') &&
      /@clerk\/|clerk\.accounts|ClerkProvider/.test(
        readFileSync(join(dist, 'assets', name), 'utf8'),
      ),
  );
  if (withClerk.length > 0) {
    console.error(
      `size-check: the Kratos build contains hosted SDK code in ${withClerk.join(', ')}`,
    );
    ok = false;
  }
}
if (!ok) process.exit(1);
