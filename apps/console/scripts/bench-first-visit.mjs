// The console's first visit (issue 31): apps/server with the demo seed and sign-in on, serving the
// built console, opened in Debian's Chromium. For health, topology, catalog and incidents: the cold
// first data (a fresh browser context with an empty cache, signed in by a stored session cookie so
// sign-in is not measured; from navigation start until the page's first data rows are painted) and
// the warm navigation (the app up on another page, then the sidebar's link; from the click until the
// same rows are painted), p50 of a few runs each, and their ratio.
// FIRST_VISIT_RUNS sets the runs (default 5), FIRST_VISIT_PAGES a subset (health,catalog); FIRST_VISIT_TRACE=1 also prints, for one cold load of
// /health, the request waterfall and the main thread's script work per chunk (Chromium's trace).
// Prints a table, the target, then one JSON line keyed by page.
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import {
  chromiumArgs,
  percentile,
  round,
  startBenchServer,
  timeUntil,
} from '../../../scripts/bench/browserBench.mjs';

const runs = Number(process.env.FIRST_VISIT_RUNS ?? 5);
// FIRST_VISIT_DIST benches another build of the console (e.g. one made from main, for comparison).
const consoleDir =
  process.env.FIRST_VISIT_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));
const targetMs = 300;

// Each page's first data rows, and the page the warm navigation starts from.
const allPages = [
  { name: 'health', path: '/health', rows: '.health-table-row', from: '/incidents' },
  { name: 'topology', path: '/topology', rows: '[data-testid="topology-card"]', from: '/health' },
  {
    name: 'catalog',
    path: '/catalog',
    rows: '[data-testid="catalog-list"] [data-testid="ui-data-table-row"]',
    from: '/health',
  },
  {
    name: 'incidents',
    path: '/incidents',
    rows: 'main [data-testid="ui-data-table-row"]',
    from: '/health',
  },
];

const only = process.env.FIRST_VISIT_PAGES?.split(',');
const pages = allPages.filter((page) => !only || only.includes(page.name));

/** The rows of `page` are in the document and `page`'s path is the current one. */
const rowsShown = (page) =>
  `location.pathname === ${JSON.stringify(page.path)} && document.querySelector(${JSON.stringify(page.rows)}) !== null`;

// In the page, from its first script on: the time (from navigation start) the rows are painted.
function instrument([shown]) {
  const marks = (window.__firstVisit = { rows: 0 });
  const isShown = new Function(`return ${shown}`);
  const observer = new MutationObserver(() => {
    if (marks.rows || !isShown()) return;
    marks.rows = -1;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (marks.rows = performance.now()), 0));
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** `admin@local`'s cookies after signing in through the console's own sign-in page. */
async function signedInState(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}/login?return_to=%2Fhealth`);
  await page.getByLabel('E-Mail').fill('admin@local');
  await page.getByLabel('Password', { exact: true }).fill('opsdeck-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForSelector('.health-table-row', { timeout: 60_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

const newContext = (browser, state) =>
  browser.newContext({ storageState: state, viewport: { width: 1440, height: 900 } });

/** A cold load of `page` in a fresh context: ms from navigation start to its rows painted. */
async function coldLoad(browser, state, url, page, trace) {
  const context = await newContext(browser, state);
  try {
    const tab = await context.newPage();
    await tab.addInitScript(instrument, [rowsShown(page)]);
    // Profiled, the tab is on the origin first: the profiler stays with the renderer it started in.
    if (trace) await tab.goto(`${url}/api/about`);
    const cdp = trace ? await context.newCDPSession(tab) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await tab.goto(`${url}${page.path}`);
    await tab.waitForFunction(() => window.__firstVisit.rows > 0, null, { timeout: 60_000 });
    const ms = await tab.evaluate(() => window.__firstVisit.rows);
    // Whether apps/server rendered the page's first screen into the HTML (it falls back to the
    // plain page past its render budget, so under load some cold loads are not).
    const { serverRendered, documentMs } = await tab.evaluate(() => ({
      serverRendered: document.getElementById('opsdeck-render') !== null,
      documentMs: performance.getEntriesByType('navigation')[0].responseEnd,
    }));
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      const resources = await tab.evaluate(() => ({
        navigation: performance.getEntriesByType('navigation').map((entry) => entry.toJSON())[0],
        resources: performance.getEntriesByType('resource').map((entry) => entry.toJSON()),
      }));
      printTrace(page, ms, resources, profile);
    }
    return { ms, serverRendered, documentMs };
  } finally {
    await context.close();
  }
}

/** The app up on `page.from`, then the sidebar's link to `page`: ms from the click to its rows. */
async function warmNavigation(browser, state, url, page) {
  const context = await newContext(browser, state);
  try {
    const tab = await context.newPage();
    await tab.goto(`${url}${page.from}`);
    const link = `[data-testid="console-sidebar"] a[href="${page.path}"]`;
    await tab.waitForSelector(link, { timeout: 60_000 });
    await tab.waitForFunction(
      (path) =>
        location.pathname === path &&
        document.querySelector('.health-table-row, main [data-testid="ui-data-table-row"]'),
      page.from,
      { timeout: 60_000 },
    );
    await tab.waitForTimeout(300);
    return await timeUntil(
      tab,
      `document.querySelector(${JSON.stringify(link)}).click()`,
      `return ${rowsShown(page)}`,
    );
  } finally {
    await context.close();
  }
}

const short = (name) => name.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '?…');

/** The request waterfall and the main thread's time per chunk and function of one cold load. */
function printTrace(page, ms, { navigation, resources }, profile) {
  console.log(`\ntrace: cold ${page.path}, rows painted at ${round(ms)} ms`);
  console.log(
    `  document: request ${round(navigation.requestStart)}, response ${round(navigation.responseEnd)}, DOMContentLoaded ${round(navigation.domContentLoadedEventEnd)}`,
  );
  console.log('  start    end    bytes  request');
  for (const entry of resources.sort((a, b) => a.startTime - b.startTime))
    console.log(
      `  ${String(round(entry.startTime)).padStart(5)} ${String(round(entry.responseEnd)).padStart(6)} ${String(entry.encodedBodySize).padStart(8)}  ${short(entry.name)} (${entry.initiatorType})`,
    );
  // The main thread's time by script (V8's sampling profiler: self time of the functions of each
  // chunk), and the functions that took most.
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const byUrl = new Map();
  const byFunction = new Map();
  for (const [id, ms] of self) {
    const { callFrame } = byId.get(id);
    const where = callFrame.url ? short(callFrame.url) : `(${callFrame.functionName || 'program'})`;
    byUrl.set(where, (byUrl.get(where) ?? 0) + ms);
    const name = `${callFrame.functionName || '(anonymous)'} ${where}:${callFrame.lineNumber}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log('  main thread self time by script (ms):');
  for (const [where, ms] of top(byUrl, 15))
    console.log(`  ${String(round(ms)).padStart(8)}  ${where}`);
  console.log('  by function (ms):');
  for (const [name, ms] of top(byFunction, Number(process.env.FIRST_VISIT_TOP ?? 20)))
    console.log(`  ${String(round(ms)).padStart(8)}  ${name}`);
}

const server = await startBenchServer(consoleDir, [], { auth: 'basic' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
const results = {};
try {
  const state = await signedInState(browser, server.url);
  if (process.env.FIRST_VISIT_TRACE === '1')
    await coldLoad(browser, state, server.url, pages[0], true);
  for (const page of pages) {
    const cold = [];
    const warm = [];
    let rendered = 0;
    const documents = [];
    // Interleaved, so load from elsewhere on the machine weighs on both alike.
    for (let i = 0; i < runs; i++) {
      const load = await coldLoad(browser, state, server.url, page, false);
      cold.push(load.ms);
      if (load.serverRendered) rendered += 1;
      documents.push(load.documentMs);
      warm.push(await warmNavigation(browser, state, server.url, page));
    }
    const coldMs = percentile(cold, 50);
    const warmMs = percentile(warm, 50);
    results[page.name] = {
      coldMs: round(coldMs),
      warmMs: round(warmMs),
      ratio: round(coldMs / warmMs),
      serverRendered: `${rendered}/${runs}`,
      // The document's last byte: with a server render, the rows paint soon after it.
      documentMs: round(percentile(documents, 50)),
      cold: cold.map(round),
      warm: warm.map(round),
    };
    console.error(`measured ${page.name}`);
  }
} finally {
  await browser.close();
  await server.stop();
}

const columns = ['coldMs', 'warmMs', 'ratio', 'documentMs', 'serverRendered'];
console.log(`\nfirst visit, p50 of ${runs} runs`);
console.log(['page', ...columns].map((c) => c.padStart(16)).join(''));
for (const page of pages)
  console.log(
    [page.name, ...columns.map((c) => String(results[page.name][c]))]
      .map((c) => c.padStart(16))
      .join(''),
  );
console.log(
  `target: coldMs <= ${targetMs} for each page (a fresh context, empty cache, signed in: navigation start to the first data rows painted); warmMs is the same rows from the sidebar in the running app, and ratio is cold / warm in this run`,
);
console.log(JSON.stringify(results));
