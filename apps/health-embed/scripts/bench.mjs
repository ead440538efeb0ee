// The health page benchmark: apps/server with N demo checks serving the built console (or, with
// HEALTH_BENCH_TARGET=embed, this standalone page), opened in Debian's Chromium. Prints a table, the
// ratios against baselines measured in the same run (one painted frame of a no-op DOM change in the
// same page, and the first size), then one JSON line keyed by N. Timings are measured inside the
// page (performance.now and animation frames), not across the automation protocol.
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
const target = process.env.HEALTH_BENCH_TARGET ?? 'console';
if (target !== 'console' && target !== 'embed')
  throw new Error(`HEALTH_BENCH_TARGET must be console or embed, not ${target}`);
const consoleDir = fileURLToPath(
  new URL(target === 'console' ? '../../console/dist' : '../dist', import.meta.url),
);
const pagePath = target === 'console' ? '/health?hidePassing=false' : '/?hidePassing=false';

// In the page: when the summary body has been parsed, and when the first row is painted after it.
function instrument() {
  const marks = (window.__healthBench = { summaryParsed: 0, firstRows: 0 });
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

async function measure(browser, size) {
  const server = await startBenchServer(consoleDir, ['--checks', String(size)]);
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(instrument);
    await page.goto(`${server.url}${pagePath}`);
    await page.waitForFunction(() => window.__healthBench.firstRows > 0, null, {
      timeout: 120_000,
    });
    const { summaryParsed, firstRows } = await page.evaluate(() => window.__healthBench);

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

const results = await measureSizes(chromium, sizes, measure, 'checks');
const columns = [
  'firstRowsMs',
  'keystrokeP50Ms',
  'keystrokeP95Ms',
  'groupSwitchMs',
  'tabSwitchMs',
  'modalOpenMs',
  'heapMB',
];
console.log(['checks', ...columns].map((c) => c.padStart(15)).join(''));
for (const size of sizes)
  console.log(
    [String(size), ...columns.map((c) => String(results[size][c]))]
      .map((c) => c.padStart(15))
      .join(''),
  );
const first = results[sizes[0]];
console.log(
  `\nratios (baseline: one painted no-op frame in the same page; and the ${sizes[0]}-check run)`,
);
for (const size of sizes) {
  const r = results[size];
  console.log(
    `${String(size).padStart(6)}: keystroke p95 x${(r.keystrokeP95Ms / r.frameMs).toFixed(1)} of a frame (${r.frameMs} ms),` +
      ` first rows x${(r.firstRowsMs / first.firstRowsMs).toFixed(1)} and keystroke p50 x${(r.keystrokeP50Ms / first.keystrokeP50Ms).toFixed(1)} of ${sizes[0]} checks`,
  );
}
console.log(
  'targets: 10k first rows <= 300 ms, keystroke p95 <= 50 ms, group switch <= 100 ms, heap <= 150 MB; 50k keystroke p95 <= 150 ms',
);
console.log(`target page: ${target} (${pagePath})`);
console.log(JSON.stringify(results));
