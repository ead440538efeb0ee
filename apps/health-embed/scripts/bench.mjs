// The health page benchmark: apps/server with N demo checks serving the built console and this
// standalone page, each opened in Debian's Chromium (HEALTH_BENCH_TARGET=console or embed measures
// one). Prints a table per page, the ratios against baselines measured in the same run (one painted
// frame of a no-op DOM change in the same page, the first size, and the embed for the console: the
// same health page without the console's shell, so a tail the console adds shows as its ratio),
// then one JSON line keyed by page and N. Timings are measured inside the page (performance.now
// and animation frames), not across the automation protocol.
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

const sizes = (process.env.HEALTH_BENCH_SIZES ?? '1000,10000,50000').split(',').map(Number);
const keystrokes = 20;
const pages = {
  console: {
    dir: fileURLToPath(new URL('../../console/dist', import.meta.url)),
    path: '/health?hidePassing=false',
  },
  // HEALTH_BENCH_EMBED_DIR: another build of the embed (e.g. the main branch's) to compare with.
  embed: {
    dir: process.env.HEALTH_BENCH_EMBED_DIR ?? fileURLToPath(new URL('../dist', import.meta.url)),
    path: '/?hidePassing=false',
  },
};
const only = process.env.HEALTH_BENCH_TARGET;
if (only !== undefined && !(only in pages))
  throw new Error(`HEALTH_BENCH_TARGET must be console or embed, not ${only}`);
const targets = only ? [only] : ['console', 'embed'];

// In the page: when the summary body has been parsed, and when the first row is painted after it.
function instrument() {
  const marks = (window.__healthBench = { summaryParsed: 0, firstRows: 0, jsonParseMs: 0 });
  // The summary's JSON.parse, the first step of data → first rows (the only body this large).
  const parse = JSON.parse;
  JSON.parse = function (text, ...rest) {
    if (typeof text !== 'string' || text.length < 100_000) return parse.call(this, text, ...rest);
    const start = performance.now();
    const value = parse.call(this, text, ...rest);
    if (!marks.firstRows) marks.jsonParseMs += performance.now() - start;
    return value;
  };
  const json = Response.prototype.json;
  const text = Response.prototype.text;
  const track = (method) =>
    async function (...args) {
      const value = await method.apply(this, args);
      if (!marks.summaryParsed && this.url.includes('/api/summary'))
        marks.summaryParsed = performance.now();
      return value;
    };
  Response.prototype.json = track(json);
  Response.prototype.text = track(text);
  // The page writes the view it rendered as data-* attributes on its root: a change there, plus
  // one frame, is the change painted. Navigation time is when the URL was written.
  for (const method of ['pushState', 'replaceState']) {
    const original = history[method];
    history[method] = function (...args) {
      marks.lastNav = performance.now();
      return original.apply(this, args);
    };
  }
  new MutationObserver((records) => {
    if (records.some((record) => record.attributeName === 'data-search')) {
      requestAnimationFrame(() => setTimeout(() => (marks.searchPainted = performance.now()), 0));
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-search'] });
  const observer = new MutationObserver(() => {
    if (
      marks.summaryParsed &&
      !marks.firstRows &&
      document.querySelector('[data-testid="health-row"]')
    ) {
      requestAnimationFrame(() => setTimeout(() => (marks.firstRows = performance.now()), 0));
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

async function measure(browser, size, target) {
  const { dir, path: pagePath } = pages[target];
  const server = await startBenchServer(dir, ['--checks', String(size)]);
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(instrument);
    await page.goto(`${server.url}${pagePath}`);
    await page.waitForFunction(() => window.__healthBench.firstRows > 0, null, {
      timeout: 120_000,
    });
    const { summaryParsed, firstRows, jsonParseMs } = await page.evaluate(
      () => window.__healthBench,
    );

    // Keystrokes: each commits to the URL after the 400 ms debounce; a sample is the page's work
    // from that commit to the matching rows painted (the debounce itself is not counted).
    const search = page.getByTestId('health-search');
    await search.focus();
    const query = 'api-http-1'.split('');
    const samples = [];
    let typed = '';
    for (let i = 0; i < keystrokes; i++) {
      const key = i < query.length ? query[i] : 'Backspace';
      typed = key === 'Backspace' ? typed.slice(0, -1) : typed + key;
      await page.evaluate(() => (window.__healthBench.searchPainted = 0));
      await page.keyboard.press(key);
      await page.waitForFunction(
        (value) =>
          document.querySelector('[data-testid=health-page]')?.getAttribute('data-search') ===
            value && window.__healthBench.searchPainted > 0,
        typed,
      );
      samples.push(
        await page.evaluate(
          () => window.__healthBench.searchPainted - window.__healthBench.lastNav,
        ),
      );
    }

    await page.getByRole('combobox', { name: 'Group By' }).click();
    const groupSwitchMs = await timeUntil(
      page,
      "[...document.querySelectorAll('[role=option]')].find((o) => o.textContent.trim() === 'Type').click()",
      "return document.querySelector('[data-testid=health-page]').getAttribute('data-group-by') === 'type'",
    );
    const tabSwitchMs = await timeUntil(
      page,
      "document.querySelectorAll('[role=tab]')[1].click()",
      "return document.querySelector('[data-testid=health-page]').getAttribute('data-tab') !== ''",
    );
    const modalOpenMs = await timeUntil(
      page,
      "document.querySelector('[data-testid=health-row] [role=rowheader] button').click()",
      "return !!document.querySelector('[data-testid=check-modal]')",
    );
    // Baseline: the same page paints a DOM change that no component reacts to.
    const frameMs = await noopFrameMs(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    await context.close();
    return {
      firstRowsMs: round(firstRows - summaryParsed),
      jsonParseMs: round(jsonParseMs),
      keystrokeP50Ms: round(percentile(samples, 50)),
      keystrokeP95Ms: round(percentile(samples, 95)),
      groupSwitchMs: round(groupSwitchMs),
      tabSwitchMs: round(tabSwitchMs),
      modalOpenMs: round(modalOpenMs),
      heapMB: round(usedSize / 1024 / 1024),
      frameMs: round(frameMs),
    };
  } finally {
    await server.stop();
  }
}

// Each size measures the console and the embed one after the other, so both see the same load.
const results = Object.fromEntries(targets.map((target) => [target, {}]));
const bySize = await measureSizes(
  chromium,
  sizes,
  async (browser, size) => {
    const measured = {};
    for (const target of targets) measured[target] = await measure(browser, size, target);
    return measured;
  },
  'checks',
);
for (const size of sizes)
  for (const target of targets) results[target][size] = bySize[size][target];

const columns = [
  'firstRowsMs',
  'jsonParseMs',
  'keystrokeP50Ms',
  'keystrokeP95Ms',
  'groupSwitchMs',
  'tabSwitchMs',
  'modalOpenMs',
  'heapMB',
];
for (const target of targets) {
  const ofTarget = results[target];
  console.log(`\n${target} (${pages[target].path})`);
  console.log(['checks', ...columns].map((c) => c.padStart(15)).join(''));
  for (const size of sizes)
    console.log(
      [String(size), ...columns.map((c) => String(ofTarget[size][c]))]
        .map((c) => c.padStart(15))
        .join(''),
    );
  const first = ofTarget[sizes[0]];
  console.log(
    `ratios (baseline: one painted no-op frame in the same page; and the ${sizes[0]}-check run)`,
  );
  for (const size of sizes) {
    const r = ofTarget[size];
    console.log(
      `${String(size).padStart(6)}: keystroke p95 x${(r.keystrokeP95Ms / r.frameMs).toFixed(1)} of a frame (${r.frameMs} ms),` +
        ` first rows x${(r.firstRowsMs / first.firstRowsMs).toFixed(1)} and keystroke p50 x${(r.keystrokeP50Ms / first.keystrokeP50Ms).toFixed(1)} of ${sizes[0]} checks`,
    );
  }
}
if (targets.length === 2) {
  console.log(
    '\nconsole against embed (the same page without the shell), measured in the same run',
  );
  for (const size of sizes) {
    const c = results.console[size];
    const e = results.embed[size];
    console.log(
      `${String(size).padStart(6)}: keystroke p95 x${(c.keystrokeP95Ms / e.keystrokeP95Ms).toFixed(1)} (${c.keystrokeP95Ms} / ${e.keystrokeP95Ms} ms),` +
        ` first rows x${(c.firstRowsMs / e.firstRowsMs).toFixed(1)} (${c.firstRowsMs} / ${e.firstRowsMs} ms)`,
    );
  }
}
if (sizes.includes(10_000))
  for (const target of targets)
    console.log(
      `${target}: 10k data → first rows ${results[target][10_000].firstRowsMs} ms (target <= 150 ms, issue 31), of which JSON.parse ${results[target][10_000].jsonParseMs} ms`,
    );
console.log(
  'targets: 10k first rows <= 300 ms, group switch <= 100 ms, heap <= 150 MB; keystroke p95 <= 50 ms at 10k and 50k (issue 40)',
);
console.log(JSON.stringify(results));
