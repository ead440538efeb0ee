// The catalog pages' benchmark (issue 16): apps/server with N generated configs (--configs, two
// changes each) serving the built console, opened in Debian's Chromium. For each size: a search
// typed into the list key by key (each keystroke until the rows of that prefix are painted), a
// config's detail opened by a click on its row, the changes page's first rows, and, where the seed
// has its 2,000-pod hub (10k configs and up), the hub's relationships: the graph, "Show more" and
// the virtualised list scrolled to its end. Then the JS heap. Prints a table, the ratios against
// the first size, the targets, then one JSON line keyed by N.
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import {
  measureSizes,
  noopFrameMs,
  percentile,
  round,
  startBenchServer,
  timeUntil,
} from '../../../scripts/bench/browserBench.mjs';

const sizes = (process.env.CATALOG_BROWSER_BENCH_SIZES ?? '1000,100000').split(',').map(Number);
const consoleDir = fileURLToPath(new URL('../dist', import.meta.url));
// The list's search waits this long after a keystroke before it fetches (@opsdeck/ui's
// SEARCH_DEBOUNCE_MS, spec §9); a keystroke can never paint its rows sooner.
const debounceMs = 400;
const listRow = '[data-testid="catalog-list"] [data-testid="ui-data-table-row"]';
const changesRow = '[data-testid="catalog-changes"] [data-testid="ui-data-table-row"]';
const graphNode = '[data-testid="catalog-relationships-node"]';
const relatedRow =
  '[data-testid="catalog-relationships"] [data-slot="data-table-virtual-body"] [data-index]';
const relatedScroll = '[data-testid="catalog-relationships"] [data-slot="data-table-virtual-body"]';
const detailOpens = 12;

/** `promise`, or an error naming `what` after a minute: a step that never paints fails the run. */
function settled(promise, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing painted after 60 s`)), 60_000);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** timeUntil (browserBench.mjs), failing after a minute. */
const painted = (what, page, act, done) => settled(timeUntil(page, act, done), what);

// In the page: each keystroke's time, and for the list's searches, the changes and the
// relationships rpc, when the request left and when its reply had been read.
function instrument() {
  const bench = (window.__catalogBench = {
    keyAt: 0,
    searches: {},
    calls: { changes: [], related: [] },
  });
  addEventListener('keydown', (event) => (bench.keyAt = event.timeStamp), true);
  // The list request's search term, from its `or=(name.ilike.*term*,…)` tree. Its count, asked
  // apart once the rows are in (`limit=0`), is not the rows a keystroke waits for.
  const searchOf = (url) => {
    if (!url.includes('/api/db/configs?')) return undefined;
    const params = new URL(url, location.href).searchParams;
    if (params.get('limit') === '0') return undefined;
    const or = params.get('or') ?? '';
    return /^\(name\.ilike\."?\*(.*?)\*"?,/.exec(or)?.[1];
  };
  const kindOf = (url) =>
    url.includes('/api/catalog/changes')
      ? 'changes'
      : url.includes('/rpc/related_configs_recursive')
        ? 'related'
        : undefined;
  const originalFetch = window.fetch;
  window.fetch = async function (input, init) {
    const url = typeof input === 'string' ? input : (input.url ?? String(input));
    const sentAt = performance.now();
    const response = await originalFetch.call(this, input, init);
    const term = searchOf(url);
    const kind = kindOf(url);
    if (term === undefined && kind === undefined) return response;
    const body = await response.clone().json();
    const readAt = performance.now();
    if (term !== undefined)
      bench.searches[term] = { sentAt, readAt, names: body.map((row) => row.name ?? row.id) };
    else bench.calls[kind].push({ sentAt, readAt });
    return response;
  };
}

/** In the page: ms from the last keydown until the list shows `term`'s rows and has painted. */
function rowsPaintedAfterKey(term) {
  const bench = window.__catalogBench;
  const matches = () => {
    const reply = bench.searches[term];
    if (!reply) return false;
    const shown = [
      ...document.querySelectorAll(
        '[data-testid="catalog-list"] [data-testid="ui-data-table-row"]',
      ),
    ].map((row) => row.querySelector('td a')?.textContent ?? '');
    if (reply.names.length === 0)
      return (
        document.querySelector(
          '[data-testid="catalog-list"] [data-testid="ui-data-table-empty"]',
        ) !== null
      );
    return shown.length === reply.names.length && shown.every((name, i) => name === reply.names[i]);
  };
  return new Promise((resolve) => {
    let frame = 0;
    const done = () => {
      if (!matches()) return false;
      observer.disconnect();
      cancelAnimationFrame(frame);
      requestAnimationFrame(() =>
        setTimeout(() => {
          const paintedAt = performance.now();
          const reply = bench.searches[term];
          resolve({
            keyMs: paintedAt - bench.keyAt,
            keyToRequestMs: reply.sentAt - bench.keyAt,
            requestMs: reply.readAt - reply.sentAt,
            replyToPaintMs: paintedAt - reply.readAt,
          });
        }, 0),
      );
      return true;
    };
    const observer = new MutationObserver(done);
    observer.observe(document, { attributes: true, childList: true, subtree: true });
    // Identical rows for two prefixes change nothing in the DOM: look on every frame as well.
    const poll = () => {
      if (!done()) frame = requestAnimationFrame(poll);
    };
    frame = requestAnimationFrame(poll);
  });
}

/** A name from the generated configs of `type` present at every size (the lowest numbers). */
async function generatedName(url, type, prefix) {
  const reply = await fetch(
    `${url}/api/db/configs?select=name&type=eq.${type}&name=like.${prefix}*&order=name.asc&limit=1`,
  );
  const [row] = await reply.json();
  if (!row) throw new Error(`no generated ${type}`);
  return row.name;
}

async function hubId(url) {
  const reply = await fetch(`${url}/api/db/configs?select=id&name=eq.bench-hub-node`);
  const [row] = await reply.json();
  return row?.id;
}

/** Type `term` key by key as a user would; per keystroke, the time until its rows are painted. */
async function typeSearch(page, term) {
  const samples = [];
  const input = page.locator('[data-testid="catalog-list"] input[type="search"]');
  await input.focus();
  for (let length = 1; length <= term.length; length++) {
    const pending = page.evaluate(rowsPaintedAfterKey, term.slice(0, length));
    await page.keyboard.press(term[length - 1]);
    samples.push(
      await settled(pending, `the rows of "${term.slice(0, length)}"`).catch(async (error) => {
        // What the page shows instead, to tell a lost keystroke from a reply never painted.
        const state = await page.evaluate(() => ({
          url: location.search,
          input: document.querySelector('[data-testid="catalog-list"] input[type="search"]')?.value,
          searches: Object.keys(window.__catalogBench.searches),
          rows: document.querySelectorAll(
            '[data-testid="catalog-list"] [data-testid="ui-data-table-row"]',
          ).length,
        }));
        throw new Error(`${error.message}; the page: ${JSON.stringify(state)}`);
      }),
    );
  }
  // Back to the whole list for the next journey.
  await input.fill('');
  await page.waitForFunction(
    () => !new URLSearchParams(location.search).toString().includes('search'),
  );
  return samples;
}

const pushPath = (path) =>
  `history.pushState(null, '', '${path}'); dispatchEvent(new PopStateEvent('popstate'))`;

async function measure(browser, size) {
  const startedAt = Date.now();
  const server = await startBenchServer(consoleDir, ['--checks', '30', '--configs', String(size)]);
  console.error(`${size}: server seeded in ${Math.round((Date.now() - startedAt) / 1000)} s`);
  try {
    const terms = [
      await generatedName(server.url, 'Kubernetes::Pod', 'pod-0'),
      await generatedName(server.url, 'Kubernetes::Deployment', 'deployment-0'),
    ];
    const hub = await hubId(server.url);
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(instrument);
    // The flat list (not grouped by type), so a search narrows rows already on screen.
    await page.goto(`${server.url}/catalog?groupBy=none`);
    await page.waitForSelector(listRow, { timeout: 120_000 });

    // (a) Search: every keystroke of two names (no shared prefix, so no answer comes from cache).
    const keys = [];
    for (const term of terms) keys.push(...(await typeSearch(page, term)));
    console.error(`${size}: ${keys.length} keystrokes measured; opening configs`);
    // CATALOG_BENCH_KEYS=1 prints each keystroke's times, to see which ones make the tail.
    if (process.env.CATALOG_BENCH_KEYS) {
      const prefixes = terms.flatMap((term) => [...term].map((_, i) => term.slice(0, i + 1)));
      keys.forEach((key, i) =>
        console.error(
          `  ${prefixes[i]?.padEnd(18)} key ${Math.round(key.keyMs)} request ${Math.round(key.keyToRequestMs)}+${Math.round(key.requestMs)} reply→paint ${Math.round(key.replyToPaintMs)}`,
        ),
      );
    }
    await page.waitForSelector(listRow);

    // (b) Detail: a click on a row of the list → the config's header painted, then back.
    const opens = [];
    for (let index = 0; index < detailOpens; index++) {
      await page.waitForFunction(
        (selector) => document.querySelectorAll(selector).length > 12,
        listRow,
      );
      const name = await page.locator(listRow).nth(index).locator('td a').first().textContent();
      opens.push(
        await painted(
          'a config header',
          page,
          `document.querySelectorAll('${listRow}')[${index}].click()`,
          `return document.querySelector('[data-testid="catalog-config-header"] h2')?.textContent === ${JSON.stringify(name)}`,
        ),
      );
      await page.goBack();
    }
    await page.waitForSelector(listRow);
    console.error(`${size}: ${opens.length} configs opened; changes page next`);

    // (c) The changes page (the last 7 days of 2 changes per config) by an in-app navigation.
    const changesMs = await painted(
      'the changes page',
      page,
      `window.__navAt = performance.now(); ${pushPath('/catalog/changes')}`,
      `return document.querySelectorAll('${changesRow}').length > 0`,
    );
    const { changesCall, changesNavAt } = await page.evaluate(() => ({
      changesCall: window.__catalogBench.calls.changes.at(-1),
      changesNavAt: window.__navAt,
    }));

    // (d) The hub's relationships: graph, "Show more", the list to its end.
    let related;
    if (hub) {
      related = await measureRelationships(page, hub);
      console.error(`${size}: relationships of the hub measured`);
    }

    const frameMs = await noopFrameMs(page);
    const heap = await page.evaluate(() => performance.memory.usedJSHeapSize);
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heapAfterGc = await page.evaluate(() => performance.memory.usedJSHeapSize);
    await context.close();

    const keyMs = keys.map((sample) => sample.keyMs);
    return {
      keystrokes: keys.length,
      keyP50Ms: round(percentile(keyMs, 50)),
      keyP95Ms: round(percentile(keyMs, 95)),
      keyP95MinusDebounceMs: round(percentile(keyMs, 95) - debounceMs),
      keyToRequestP95Ms: round(
        percentile(
          keys.map((sample) => sample.keyToRequestMs),
          95,
        ),
      ),
      keyRequestP95Ms: round(
        percentile(
          keys.map((sample) => sample.requestMs),
          95,
        ),
      ),
      keyReplyToPaintP50Ms: round(
        percentile(
          keys.map((sample) => sample.replyToPaintMs),
          50,
        ),
      ),
      keyReplyToPaintP95Ms: round(
        percentile(
          keys.map((sample) => sample.replyToPaintMs),
          95,
        ),
      ),
      detailP50Ms: round(percentile(opens, 50)),
      detailP95Ms: round(percentile(opens, 95)),
      detailFirstMs: round(opens[0]),
      changesMs: round(changesMs),
      // Until the changes are asked for, the request, its reply → the rows painted.
      changesSentMs: changesCall ? round(changesCall.sentAt - changesNavAt) : null,
      changesRequestMs: changesCall ? round(changesCall.readAt - changesCall.sentAt) : null,
      changesReplyToPaintMs: changesCall
        ? round(changesNavAt + changesMs - changesCall.readAt)
        : null,
      ...related,
      heapMB: round(heap / 1024 / 1024),
      heapAfterGcMB: round(heapAfterGc / 1024 / 1024),
      frameMs: round(frameMs),
    };
  } finally {
    await server.stop();
  }
}

async function measureRelationships(page, hub) {
  const graphMs = await painted(
    'the graph',
    page,
    `window.__navAt = performance.now(); ${pushPath(`/catalog/${hub}/relationships?soft=true`)}`,
    `return document.querySelectorAll('${graphNode}').length > 0`,
  );
  const { relatedCall, navAt } = await page.evaluate(() => ({
    relatedCall: window.__catalogBench.calls.related.at(-1),
    navAt: window.__navAt,
  }));
  const graphNodes = await page.locator(graphNode).count();
  const relatedConfigs = Number(
    (await page.getByText(/^\d+ configs$/).textContent())?.split(' ')[0] ?? 0,
  );
  const showMoreMs = await painted(
    'Show more',
    page,
    `window.__nodes = document.querySelectorAll('${graphNode}').length; [...document.querySelectorAll('button')].find((button) => button.textContent === 'Show more').click()`,
    `return document.querySelectorAll('${graphNode}').length > window.__nodes`,
  );
  const listMs = await painted(
    'the list view',
    page,
    `[...document.querySelectorAll('button')].find((button) => button.textContent === 'Show all as a list').click()`,
    `return document.querySelectorAll('${relatedRow}').length > 0`,
  );
  // Scroll the list to its end in 40 jumps; each until the rows at the new offset are painted.
  const steps = [];
  const { scrollHeight, clientHeight } = await page.$eval(relatedScroll, (element) => ({
    scrollHeight: element.scrollHeight,
    clientHeight: element.clientHeight,
  }));
  const jumps = 40;
  for (let step = 1; step <= jumps; step++) {
    const top = Math.round(((scrollHeight - clientHeight) * step) / jumps);
    steps.push(
      await painted(
        'a scroll step',
        page,
        `window.__top = ${top}; document.querySelector('${relatedScroll}').scrollTop = ${top}`,
        // A rendered row sits in the viewport at the new offset.
        `const frame = document.querySelector('${relatedScroll}'); const box = frame.getBoundingClientRect(); return [...frame.querySelectorAll('[data-index]')].some((row) => { const r = row.getBoundingClientRect(); return r.bottom > box.top + 40 && r.top < box.bottom; }) && frame.scrollTop >= window.__top - 1`,
      ),
    );
  }
  const lastRow = await page.$$eval(relatedRow, (rows) =>
    Math.max(...rows.map((row) => Number(row.getAttribute('data-index')))),
  );
  const domRows = await page.locator(relatedRow).count();
  return {
    relatedConfigs,
    graphMs: round(graphMs),
    // The graph's time: until the walk is asked for, the walk itself, its reply → the graph painted.
    graphRpcSentMs: relatedCall ? round(relatedCall.sentAt - navAt) : null,
    graphRpcMs: relatedCall ? round(relatedCall.readAt - relatedCall.sentAt) : null,
    graphReplyToPaintMs: relatedCall ? round(navAt + graphMs - relatedCall.readAt) : null,
    graphNodes,
    showMoreMs: round(showMoreMs),
    listMs: round(listMs),
    scrollStepP50Ms: round(percentile(steps, 50)),
    scrollStepP95Ms: round(percentile(steps, 95)),
    scrollStepMaxMs: round(Math.max(...steps)),
    listLastRowReached: lastRow + 1,
    listDomRows: domRows,
  };
}

const results = await measureSizes(chromium, sizes, measure, 'configs');

const columns = [
  'keyP50Ms',
  'keyP95Ms',
  'keyP95MinusDebounceMs',
  'keyRequestP95Ms',
  'detailP50Ms',
  'detailP95Ms',
  'changesMs',
  'changesRequestMs',
  'heapMB',
];
const relationshipColumns = [
  'relatedConfigs',
  'graphMs',
  'graphRpcSentMs',
  'graphRpcMs',
  'graphReplyToPaintMs',
  'showMoreMs',
  'listMs',
  'scrollStepP95Ms',
  'listLastRowReached',
];
const print = (names) => {
  console.log(['configs', ...names].map((c) => c.padStart(22)).join(''));
  for (const size of sizes)
    console.log(
      [String(size), ...names.map((c) => String(results[size][c] ?? '-'))]
        .map((c) => c.padStart(22))
        .join(''),
    );
};
print(columns);
if (sizes.some((size) => results[size].graphMs !== undefined)) {
  console.log('\nrelationships of bench-hub-node (seeded from 10000 configs on)');
  print(relationshipColumns);
}
const first = results[sizes[0]];
console.log(
  `\nratios (baseline: the ${sizes[0]}-config run; one painted no-op frame in the same page)`,
);
const ratio = (r, key) => `x${(r[key] / first[key]).toFixed(1)}`;
for (const size of sizes) {
  const r = results[size];
  console.log(
    `${String(size).padStart(7)}: keystroke → rows p95 ${ratio(r, 'keyP95Ms')} (minus the debounce ${ratio(r, 'keyP95MinusDebounceMs')}),` +
      ` detail p95 ${ratio(r, 'detailP95Ms')}, changes ${ratio(r, 'changesMs')}, heap ${ratio(r, 'heapMB')}` +
      ` (frame ${r.frameMs} ms)`,
  );
}
console.log(
  `targets (100000 configs, 200000 changes): keystroke → rows <= 200 ms p95 after the ${debounceMs} ms debounce` +
    ` (keyP95MinusDebounceMs), detail <= 400 ms, JS heap <= 150 MB`,
);
console.log(JSON.stringify(results));
