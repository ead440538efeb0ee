// Change-to-paint (issue 38): apps/server with ~1,000 checks serving the built console, /health open
// in Debian's Chromium with one check's row on screen. LIVE_BENCH_WRITES (30) times, the page writes
// that check's status through the server (PATCH /api/db/checks) and times, in the page, until the
// row's status has been repainted (a MutationObserver on the row, then the next frame): the change
// stream's event, the summary's refetch and the render. The baseline, measured in the same run and
// page: the same write until its event arrives on a stream of the page's own (delivery alone).
// Then the server's memory (RSS) with 200 event streams open against idle. Prints p50/p95, the
// ratio to the baseline, the targets, and one JSON line.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import {
  chromiumArgs,
  percentile,
  round,
  startBenchServer,
} from '../../../scripts/bench/browserBench.mjs';

const checks = Number(process.env.LIVE_BENCH_CHECKS ?? 1000);
const writes = Number(process.env.LIVE_BENCH_WRITES ?? 30);
const streamCount = Number(process.env.LIVE_BENCH_STREAMS ?? 200);
const consoleDir = fileURLToPath(new URL('../dist', import.meta.url));

const rssMegabytes = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** An event stream held open from Node; resolves once the server has answered it. */
function openStream(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${url}/api/events`,
      { headers: { Accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200)
          reject(new Error(`/api/events answered ${response.statusCode}`));
        response.on('data', () => undefined);
        response.on('error', () => undefined);
        resolve(request);
      },
    );
    request.on('error', reject);
  });
}

// In the page: write the check's status, and time until `done` (the row repainted, or the stream's
// event seen) holds and the next frame has painted.
async function timeWrite(page, checkId, status, until) {
  return page.evaluate(
    ([id, next, what]) =>
      new Promise((resolve, reject) => {
        const bench = window.__liveBench;
        const start = performance.now();
        const finish = () =>
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
        const timer = setTimeout(() => reject(new Error(`${what}: nothing after 30 s`)), 30_000);
        if (what === 'event') {
          bench.onEvent = (event) => {
            if (event.table !== 'checks' || !event.ids?.includes(id)) return;
            bench.onEvent = undefined;
            clearTimeout(timer);
            resolve(performance.now() - start);
          };
        } else {
          const row = document.querySelector(`[data-testid="health-row"][data-check-id="${id}"]`);
          const painted = () =>
            document
              .querySelector(`[data-testid="health-row"][data-check-id="${id}"] [role="img"]`)
              ?.getAttribute('aria-label') === next;
          const observer = new MutationObserver(() => {
            if (!painted()) return;
            observer.disconnect();
            clearTimeout(timer);
            finish();
          });
          // The row, or the list around it should the row be drawn anew.
          observer.observe(row?.parentElement ?? document.body, {
            attributes: true,
            childList: true,
            subtree: true,
          });
        }
        void fetch(`/api/db/checks?id=eq.${encodeURIComponent(id)}`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json', Prefer: 'return=minimal' },
          body: JSON.stringify({ status: next }),
        }).then((reply) => {
          if (!reply.ok) reject(new Error(`the write answered ${reply.status}`));
        });
      }),
    [checkId, status, until],
  );
}

const server = await startBenchServer(consoleDir, ['--checks', String(checks)]);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
let result;
try {
  const listed = await fetch(
    `${server.url}/api/db/checks?select=id,name,status&deleted_at=is.null&order=name&limit=1`,
  );
  const [check] = await listed.json();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const opened = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/events' &&
      (response.headers()['content-type'] ?? '').startsWith('text/event-stream'),
  );
  await page.goto(
    `${server.url}/health?hidePassing=false&groupBy=none&search=${encodeURIComponent(check.name)}`,
  );
  await page.locator(`[data-testid="health-row"][data-check-id="${check.id}"]`).waitFor();
  await opened;
  await page.locator('[data-testid="console-header-live"][data-mode="live"]').waitFor();
  // The baseline's own stream, beside the console's.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const bench = (window.__liveBench = {});
        const source = new EventSource('/api/events');
        source.addEventListener('open', resolve);
        source.addEventListener('change', (message) => bench.onEvent?.(JSON.parse(message.data)));
      }),
  );
  // Keep the pointer off the list: over it, a reorder would wait for it to leave.
  await page.mouse.move(0, 0);
  let status = check.status === 'unhealthy' ? 'unhealthy' : 'healthy';
  const flip = () => (status = status === 'healthy' ? 'unhealthy' : 'healthy');
  const paints = [];
  const events = [];
  for (let i = 0; i < writes; i += 1) {
    events.push(await timeWrite(page, check.id, flip(), 'event'));
    // Let the page's own refetch of that write land before the next one is timed.
    await page
      .locator(
        `[data-testid="health-row"][data-check-id="${check.id}"] [role="img"][aria-label="${status}"]`,
      )
      .waitFor();
    await sleep(300);
    paints.push(await timeWrite(page, check.id, flip(), 'paint'));
    await sleep(300);
  }
  await context.close();

  // The server's memory with the streams open, against idle (the console's closed).
  await sleep(1000);
  const idle = rssMegabytes(server.pid);
  const streams = [];
  for (let i = 0; i < streamCount; i += 1) streams.push(await openStream(server.url));
  await sleep(2000);
  const open = rssMegabytes(server.pid);
  for (const stream of streams) stream.destroy();

  const p50 = percentile(paints, 50);
  const p95 = percentile(paints, 95);
  const base50 = percentile(events, 50);
  result = {
    checks,
    writes,
    paintP50: round(p50),
    paintP95: round(p95),
    deliveryP50: round(base50),
    deliveryP95: round(percentile(events, 95)),
    ratioP50: round(p50 / Math.max(base50, 0.1)),
    streams: streamCount,
    rssIdleMb: round(idle),
    rssStreamsMb: round(open),
    rssAboveIdleMb: round(open - idle),
  };
} finally {
  await browser.close();
  await server.stop();
}

console.log(
  `\nchange-to-paint: /health with ${result.checks} checks, ${result.writes} status writes`,
);
console.log(
  `  write → row repainted   p50 ${result.paintP50} ms, p95 ${result.paintP95} ms (target p95 <= 1000 ms)`,
);
console.log(
  `  write → event delivered p50 ${result.deliveryP50} ms, p95 ${result.deliveryP95} ms (the baseline)`,
);
console.log(`  repaint / delivery (p50) ${result.ratioP50}×`);
console.log(
  `  server RSS with ${result.streams} event streams: ${result.rssStreamsMb} MB, +${result.rssAboveIdleMb} MB above idle ${result.rssIdleMb} MB (target <= 50 MB)`,
);
console.log(JSON.stringify({ live: result }));
