// The embed's first load against its budget (issue 7: 120 KB gzip): what index.html loads. The rows
// chunk is requested on the first render, in parallel with the summary it waits for, and the modal
// chunk on demand; both are listed with their sizes but not counted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkInitialJs, initialJsFiles } from '../../../scripts/size-check.mjs';

const dist = new URL('../dist/', import.meta.url).pathname;
if (!checkInitialJs(dist, Number(process.env.HEALTH_EMBED_BUDGET_KB ?? 120), 'health-embed'))
  process.exit(1);

// Issue 18 #10: the PostgREST grammar (the db query builder and its parser, ~10 KB minified) loads
// with the rows and the modal, which use it, not with the first paint; its error class names it.
const withGrammar = [...initialJsFiles(dist)].filter((file) =>
  readFileSync(join(dist, file), 'utf8').includes('PostgrestParseError'),
);
if (withGrammar.length > 0) {
  console.error(
    `size-check: health-embed's first paint loads the PostgREST grammar (${withGrammar.join(', ')}): import @opsdeck/api-client/db only from lazily loaded code`,
  );
  process.exit(1);
}
