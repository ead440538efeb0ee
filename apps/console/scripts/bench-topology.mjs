// The topology pages' benchmark (issue 13): apps/server with N generated components (--components)
// serving the built console, opened in Debian's Chromium. For each size: the index's first cards
// painted (a cold load, and from the sidebar in the running app), a filter change painted, and a
// ~N/10-child component opened by an in-app navigation.
// Prints a table, the ratios against the first size and against one painted no-op frame measured in
// the same page, the targets, then one JSON line keyed by N.
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import {
  measureSizes,
  noopFrameMs,
  round,
  startBenchServer,
  timeUntil,
} from '../../../scripts/bench/browserBench.mjs';

const sizes = (process.env.TOPOLOGY_BENCH_SIZES ?? '100,5000').split(',').map(Number);
const consoleDir = fileURLToPath(new URL('../dist', import.meta.url));
const card = '[data-testid="topology-card"]';

// In the page: when the topology reply has been read, and when the first card is painted after it.
function instrument() {
  const marks = (window.__topologyBench = { replyRead: 0, firstCards: 0, replies: 0 });
  for (const name of ['json', 'text']) {
    const original = Response.prototype[name];
    Response.prototype[name] = async function (...args) {
      const value = await original.apply(this, args);
      if (this.url.includes('/api/topology')) {
        marks.replies += 1;
        marks.replyRead ||= performance.now();
      }
      return value;
    };
  }
  const observer = new MutationObserver(() => {
    if (
      marks.replyRead &&
      !marks.firstCards &&
      document.querySelector('[data-testid="topology-card"]')
    ) {
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => (marks.firstCards = performance.now()), 0));
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** The biggest group of the generated estate (the index reply lists each group's child ids). */
async function biggestGroup(url) {
  const reply = await fetch(`${url}/api/canary/api/topology?depth=2&sortBy=name`);
  const estate = (await reply.json()).components.find((node) => node.name === 'bench-estate');
  let best = { id: '', children: -1 };
  for (const group of estate?.components ?? []) {
    const children = group.children?.length ?? 0;
    if (children > best.children) best = { id: group.id, children };
  }
  if (best.children <= 0) throw new Error('the generated estate has no groups with children');
  return best;
}

async function measure(browser, size) {
  const server = await startBenchServer(consoleDir, [
    '--checks',
    '120',
    '--components',
    String(size),
  ]);
  try {
    const group = await biggestGroup(server.url);
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(instrument);
    await page.goto(`${server.url}/topology`);
    await page.waitForFunction(() => window.__topologyBench.firstCards > 0, null, {
      timeout: 120_000,
    });
    const { replyRead, firstCards } = await page.evaluate(() => window.__topologyBench);
    console.error(`${size}: index painted; filter next`);

    // A filter change: Hide passing, from the click to (a) the cards of the tree in hand painted
    // filtered (the page filters what it has at once: the count of cards changes) and (b) the
    // refetched reply read and painted, the page no longer busy.
    const count = '[data-testid=topology-count]';
    const filterMs = await timeUntil(
      page,
      `window.__before = location.search; window.__count = document.querySelector('${count}')?.textContent; window.__replies = window.__topologyBench.replies; window.__filtered = 0; window.__filterStart = performance.now(); document.querySelector('[data-testid=topology-filters] [role=switch], [role=switch]').click()`,
      `if (!window.__filtered && location.search !== window.__before && document.querySelector('${count}')?.textContent !== window.__count) {
         window.__filtered = -1;
         requestAnimationFrame(() => setTimeout(() => (window.__filtered = performance.now()), 0));
       }
       return location.search !== window.__before && window.__topologyBench.replies > window.__replies && document.querySelector('[data-testid=topology-index]')?.getAttribute('aria-busy') === 'false'`,
    );
    // No change in the count (nothing passing to hide): the filtered view is the refetched one.
    await page.waitForFunction(() => window.__filtered !== -1);
    const filteredMs = await page.evaluate(
      (total) => (window.__filtered > 0 ? window.__filtered - window.__filterStart : total),
      filterMs,
    );
    console.error(`${size}: filter painted; opening a group of ${group.children}`);
    // Open the biggest group as a link would: the router follows history (pushState + popstate).
    const openMs = await timeUntil(
      page,
      `history.pushState(null, '', '/topology/${encodeURIComponent(group.id)}'); dispatchEvent(new PopStateEvent('popstate'))`,
      // From 60 cards the grid draws only the lines in view: done when its cards (all, or the
      // first screenful of a virtualised grid that says it holds them all) are painted.
      `return document.querySelectorAll('${card}').length >= ${group.children} || document.querySelector('[aria-setsize="${group.children}"] ${card}') !== null`,
    );
    const frameMs = await noopFrameMs(page);

    // How an operator usually arrives: the app already up on another page (Health), then the
    // sidebar's Dashboard link, in a fresh page so nothing of the topology is cached.
    const other = await context.newPage();
    await other.goto(`${server.url}/health`);
    await other.waitForSelector('[data-testid="console-sidebar"] a[href="/topology"]', {
      timeout: 120_000,
    });
    // Up means the health page painted its rows; not 'networkidle', which a console holding its
    // live event stream open never reaches.
    await other.waitForSelector('.health-table-row', { timeout: 120_000 });
    await other.waitForTimeout(500);
    const inAppIndexMs = await timeUntil(
      other,
      'document.querySelector(\'[data-testid="console-sidebar"] a[href="/topology"]\').click()',
      `return document.querySelector('${card}') !== null`,
    );
    await other.close();
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    await context.close();
    return {
      navToCardsMs: round(firstCards),
      replyToCardsMs: round(firstCards - replyRead),
      inAppIndexMs: round(inAppIndexMs),
      filteredMs: round(filteredMs),
      filterMs: round(filterMs),
      openGroupMs: round(openMs),
      groupChildren: group.children,
      heapMB: round(usedSize / 1024 / 1024),
      frameMs: round(frameMs),
    };
  } finally {
    await server.stop();
  }
}

const results = await measureSizes(chromium, sizes, measure, 'components');
const columns = [
  'navToCardsMs',
  'replyToCardsMs',
  'inAppIndexMs',
  'filteredMs',
  'filterMs',
  'openGroupMs',
  'groupChildren',
  'heapMB',
];
console.log(['components', ...columns].map((c) => c.padStart(15)).join(''));
for (const size of sizes)
  console.log(
    [String(size), ...columns.map((c) => String(results[size][c]))]
      .map((c) => c.padStart(15))
      .join(''),
  );
const first = results[sizes[0]];
console.log(
  `\nratios (baselines: the ${sizes[0]}-component run; one painted no-op frame in the same page)`,
);
for (const size of sizes) {
  const r = results[size];
  console.log(
    `${String(size).padStart(6)}: first cards x${(r.navToCardsMs / first.navToCardsMs).toFixed(1)},` +
      ` in-app index x${(r.inAppIndexMs / first.inAppIndexMs).toFixed(1)},` +
      ` filtered x${(r.filteredMs / first.filteredMs).toFixed(1)},` +
      ` filter x${(r.filterMs / first.filterMs).toFixed(1)} (x${(r.filterMs / r.frameMs).toFixed(1)} of a ${r.frameMs} ms frame),` +
      ` open group x${(r.openGroupMs / first.openGroupMs).toFixed(1)} of ${sizes[0]} components`,
  );
}
console.log(
  'targets (5000 components): index first cards <= 300 ms (navToCardsMs: a cold load from navigation start, the app included; inAppIndexMs: from the sidebar link in the running app), filter change painted <= 100 ms (filteredMs: the cards in hand filtered; filterMs: the refetched reply painted), open a 500-child component <= 400 ms',
);
console.log(JSON.stringify(results));
