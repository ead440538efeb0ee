// The embed's first load against its budget (issue 7: 120 KB gzip): what index.html loads. The rows
// chunk is requested on the first render, in parallel with the summary it waits for, and the modal
// chunk on demand; both are listed with their sizes but not counted.
import { checkInitialJs } from '../../../scripts/size-check.mjs';

const dist = new URL('../dist/', import.meta.url).pathname;
if (!checkInitialJs(dist, Number(process.env.HEALTH_EMBED_BUDGET_KB ?? 120), 'health-embed')) process.exit(1);
