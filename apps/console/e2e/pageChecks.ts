// What the journeys share: a suite's server and browser, a signed-in page, axe in the page, and
// sideways overflow.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { testIds } from '../src/testIds.ts';
import { sharedBrowser, sharedServerUrl } from './serverProcess.ts';
import { signInThroughForm } from './signIn.ts';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * The suite's shared `pnpm start`-like server and Chromium for a file's journeys (its contexts
 * closed after the last test), and test-results/{area}/ for its screenshots.
 */
export function journeySuite(area: string) {
  const started: { browser?: Browser } = {};
  const shotsDir = fileURLToPath(new URL(`../test-results/${area}/`, import.meta.url));
  beforeAll(async () => {
    mkdirSync(shotsDir, { recursive: true });
    started.browser = await sharedBrowser();
  });
  afterAll(async () => {
    await started.browser?.close();
  });
  return {
    shotsDir,
    /** A new page of its own context, signed in as `email` and landed on `then`. */
    signedIn: (email: string, then: string, width?: number) =>
      signedInPage(started.browser!, sharedServerUrl(), email, then, width),
  };
}

/**
 * A new page of its own context, signed in as `email` (demo password) and landed on `then`. On the
 * shared server it carries the session e2e/globalSetup.ts signed in once for that person; elsewhere
 * it signs in through the form.
 */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  email: string,
  then: string,
  width = 1440,
): Promise<Page> {
  const session = baseURL === sharedServerUrl() ? inject('consoleSessions')[email] : undefined;
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: width < 640 ? 844 : 900 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  if (session) {
    await context.addCookies(session);
    await page.goto(then);
    await page.getByTestId(testIds.userMenu.trigger).waitFor();
  } else await signInThroughForm(page, email, then);
  return page;
}

/** WCAG 2.1 A and AA rules of axe-core, run in the page (evaluated: the CSP stays on). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map(
      (violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((n) => n.target))}`,
    );
  });
}

/** What is wider than the screen: the document or the shell's scrolling main region. */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate((mainId) => {
    const found: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > window.innerWidth) found.push(`page ${root.scrollWidth}px wide`);
    const main = document.querySelector<HTMLElement>(`[data-testid="${mainId}"]`);
    if (main && main.scrollWidth > main.clientWidth)
      found.push(`main region ${main.scrollWidth}px wide in ${main.clientWidth}px`);
    return found;
  }, testIds.shell.main);
}

/**
 * The page's requests from now on, to wait for a positive sign before a negative assertion where no
 * sibling would be drawn: `quiet()` resolves once none has been in flight for `quietMs`, so every
 * lazily loaded chunk and the data it asked for have arrived, and what is not drawn by then is not
 * coming. Call it before the action that starts the loading.
 */
export function watchRequests(page: Page) {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const settle = (request: unknown) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', (request) => {
    // The console's live change stream stays open by design: it is not a request still to land.
    if (request.headers()['accept']?.includes('text/event-stream')) return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return {
    async quiet(quietMs = 500, timeoutMs = 20_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline)
          throw new Error(
            `the page kept ${inFlight.size} request(s) in flight for ${timeoutMs} ms`,
          );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
