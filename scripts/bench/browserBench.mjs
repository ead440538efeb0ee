// What the browser benchmarks share: apps/server's built CLI on a free 127.0.0.1 port serving a built
// console, Debian's Chromium, and in-page timing (performance.now and animation frames, not the
// automation protocol's round trips).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

// BENCH_SERVER_CLI benches another build of the server (e.g. a copy of the one before a change).
const cli =
  process.env.BENCH_SERVER_CLI ??
  fileURLToPath(new URL('../../apps/server/dist/cli.js', import.meta.url));

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--enable-precise-memory-info',
];

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The demo server in memory with `seedOptions` (e.g. `['--checks', '1000']`), serving `consoleDir`
 * with authentication off (the built-in admin): no sign-in step in the numbers. `{ auth: 'basic' }`
 * keeps sign-in on, for a bench that measures the signed-in boot (its session checks included).
 */
export async function startBenchServer(consoleDir, seedOptions, { auth = 'disabled' } = {}) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      cli,
      '--memory',
      '--seed',
      'demo',
      ...seedOptions,
      '--port',
      String(port),
      '--auth',
      auth,
      '--console-dir',
      consoleDir,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      log += chunk;
      if (log.includes('"listening"')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${log}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * In the page: run `act`, then resolve with the ms until `done()` holds (checked on every DOM change)
 * and the next frame has painted.
 */
export async function timeUntil(page, act, done) {
  return page.evaluate(
    ([actSource, doneSource]) =>
      new Promise((resolve) => {
        const doneFn = new Function(doneSource);
        const start = performance.now();
        const finish = () =>
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
        const observer = new MutationObserver(() => {
          if (!doneFn()) return;
          observer.disconnect();
          finish();
        });
        observer.observe(document, { attributes: true, childList: true, subtree: true });
        new Function(actSource)();
      }),
    [act, done],
  );
}

/** The same page painting a DOM change no component reacts to: the frame every timing includes. */
export async function noopFrameMs(page, samples = 5) {
  const frames = [];
  for (let i = 0; i < samples; i++)
    frames.push(
      await timeUntil(
        page,
        'document.body.dataset.benchNoop = String(Math.random())',
        'return true',
      ),
    );
  return percentile(frames, 50);
}

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

export const round = (n) => Math.round(n * 10) / 10;

/**
 * Debian's Chromium (launched by the app's own playwright-core `chromium`) once for the whole run,
 * `measure(browser, size)` for each size in order (the first is the baseline the ratios divide by);
 * resolves with the results keyed by size.
 */
export async function measureSizes(chromium, sizes, measure, what) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: chromiumArgs,
  });
  const results = {};
  try {
    for (const size of sizes) {
      results[size] = await measure(browser, size);
      console.error(`measured ${size} ${what}`);
    }
  } finally {
    await browser.close();
  }
  return results;
}
