// The first screen rendered by apps/server (issue 31's first visit): a signed-in browser that has
// told the server its view (the opsdeck_view cookie main.tsx writes) gets /health with its first
// rows in the HTML, and the console hydrates that markup: no mismatch, no console error, and the
// page answers a filter and Back as the browser-rendered one does, in the light theme and the dark.
// The journeys' shared server renders nothing on the server (e2e/globalSetup.ts), so this file
// starts one that always does: a render budget no load on the machine runs past.
import type { Browser, Cookie, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthTestIds } from '@opsdeck/features-health/testing';
import { testIds } from '../src/testIds.ts';
import { sharedBrowser, startServer, type RunningServer } from './serverProcess.ts';
import { signInThroughForm } from './signIn.ts';

const VIEW_COOKIE = 'opsdeck_view';
const search = 'Search by name, description, or endpoint';

let server: RunningServer;
let browser: Browser;
/** admin@local's session cookies, without the view cookie. */
let session: Cookie[];

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ args: ['--render-budget', '60000'] }),
    sharedBrowser(),
  ]);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signInThroughForm(page, 'admin@local', '/health');
  const cookies = await context.cookies();
  // The console reports its view as it starts; the session alone is kept for the tests to vary it.
  expect(cookies.find((cookie) => cookie.name === VIEW_COOKIE)?.value).toBe('light.docked');
  session = cookies.filter((cookie) => cookie.name !== VIEW_COOKIE);
  await context.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const cookieHeader = (cookies: Pick<Cookie, 'name' | 'value'>[]) =>
  cookies.map(({ name, value }) => `${name}=${value}`).join('; ');

/** The document as a browser navigating to `path` gets it, with `cookies`. */
async function documentFor(path: string, cookies: Pick<Cookie, 'name' | 'value'>[]) {
  const response = await fetch(`${server.url}${path}`, {
    headers: { Accept: 'text/html', Cookie: cookieHeader(cookies) },
  });
  expect(response.status).toBe(200);
  return { html: await response.text(), headers: response.headers };
}

/** The markup inside the root element, up to the render's data. */
const rootMarkup = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));

/** The page's console errors and warnings and uncaught errors (a hydration mismatch is one), as they come. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

describe("the server's render of a console page", () => {
  it("holds /health's first rows for an admin's session, and only the plain page without one", async () => {
    const view = { name: VIEW_COOKIE, value: 'light.docked' };
    const summary = await fetch(`${server.url}/api/canary/api/summary`, {
      headers: { Cookie: cookieHeader(session) },
    });
    expect(summary.status).toBe(200);
    const summaryText = await summary.text();

    const signedIn = await documentFor('/health', [...session, view]);
    const markup = rootMarkup(signedIn.html);
    // The rows in the markup itself, each naming a check the API gives this session.
    const names = [
      ...markup.matchAll(/data-testid="health-row"[^>]*><div[^>]*><button[^>]*>([^<]+)<\/button>/g),
    ].map((match) => match[1]!);
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(summaryText).toContain(`"name":"${name}"`);
    expect(signedIn.html).toContain('<script type="application/json" id="opsdeck-render">');
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect(signedIn.headers.get('vary')).toContain('Cookie');

    // No session: the page as the console serves it to everyone, no data in it.
    const signedOut = await documentFor('/health', [view]);
    expect(signedOut.html).toContain('<div id="root"></div>');
    expect(signedOut.html).not.toContain('opsdeck-render');
    expect(names.some((name) => signedOut.html.includes(name))).toBe(false);

    // A session whose browser never said how it shows the console: the plain page too.
    expect((await documentFor('/health', session)).html).toContain('<div id="root"></div>');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`is hydrated in the ${theme} theme: no mismatch or console error, a filter and Back work`, async () => {
      const context = await browser.newContext({
        baseURL: server.url,
        colorScheme: theme,
        viewport: { width: 1440, height: 900 },
      });
      try {
        await context.addCookies([
          ...session,
          { name: VIEW_COOKIE, value: `${theme}.docked`, url: server.url },
        ]);
        const page = await context.newPage();
        const problems = consoleProblems(page);
        // The first row as the HTML parser makes it, before any script runs.
        await page.addInitScript(() => {
          const observer = new MutationObserver(() => {
            const row = document.querySelector('[data-testid="health-row"]');
            if (!row) return;
            (window as { serverRow?: Element }).serverRow = row;
            observer.disconnect();
          });
          observer.observe(document, { childList: true, subtree: true });
        });
        const response = await page.goto('/health');
        expect(await response!.text()).toContain('id="opsdeck-render"');
        const rows = page.getByTestId(healthTestIds.page.row);
        await rows.first().waitFor();
        // Hydrated, not drawn again: React takes over the server's element itself.
        await page.waitForFunction(() => {
          const row = (window as { serverRow?: Element }).serverRow;
          return row?.isConnected && Object.keys(row).some((key) => key.startsWith('__reactFiber'));
        });
        const brightness = await page.evaluate(() => {
          const [r, g, b] = getComputedStyle(document.body)
            .backgroundColor.match(/\d+/g)!
            .map(Number);
          return (r! + g! + b!) / 3;
        });
        expect(brightness > 128).toBe(theme === 'light');

        // Interactive: a keystroke in the search filters the server's rows.
        const before = await rows.count();
        await page.getByPlaceholder(search).fill('dns');
        await expect
          .poll(async () =>
            (await rows.locator('[role=rowheader] button').allTextContents()).every((name) =>
              name.toLowerCase().includes('dns'),
            ),
          )
          .toBe(true);
        expect(await rows.count()).toBeLessThan(before);

        // In-app navigation and Back.
        await page.getByTestId(testIds.sidebar.root).locator('a[href="/topology"]').click();
        await page.waitForURL((url) => url.pathname === '/topology');
        await page.goBack();
        await page.waitForURL((url) => url.pathname === '/health' && url.search.includes('dns'));
        await rows.first().waitFor();
        expect(await page.getByPlaceholder(search).inputValue()).toBe('dns');
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('hydrates /topology, /catalog and /incidents with their rows and no console error', async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1440, height: 900 },
    });
    try {
      await context.addCookies([
        ...session,
        { name: VIEW_COOKIE, value: 'light.docked', url: server.url },
      ]);
      const pages = [
        { path: '/topology', rows: '[data-testid="topology-card"]', row: 'topology-card' },
        {
          path: '/catalog',
          rows: '[data-testid="catalog-list"] [data-testid="ui-data-table-row"]',
          row: 'ui-data-table-row',
        },
        {
          path: '/incidents',
          rows: 'main [data-testid="ui-data-table-row"]',
          row: 'ui-data-table-row',
        },
      ];
      for (const { path, rows, row } of pages) {
        const page = await context.newPage();
        const problems = consoleProblems(page);
        const response = await page.goto(path);
        const html = await response!.text();
        expect(html, path).toContain('id="opsdeck-render"');
        // The first rows are in the HTML itself.
        expect(rootMarkup(html), path).toContain(`data-testid="${row}"`);
        await page.locator(rows).first().waitFor();
        // Hydrated: the app answers (the sidebar's link to health goes there in the app).
        await page.getByTestId(testIds.sidebar.root).locator('a[href="/health"]').click();
        await page.getByTestId(healthTestIds.page.row).first().waitFor();
        expect(problems, path).toEqual([]);
        await page.close();
      }
    } finally {
      await context.close();
    }
  });
});
