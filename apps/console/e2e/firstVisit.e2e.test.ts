// A cold first visit (issue 31): a fresh context with an empty cache, signed in by its cookie. The
// page's first load is a handful of files rather than the ~86 requests it was, and the first request
// of /health and /topology is the one the server's <link rel=preload as=fetch> asked for with the
// document, not fetched a second time by the app (a preload the app's request does not match to the
// byte is wasted, and shows here as a second entry). Times are the bench's (bench-first-visit.mjs).
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPage } from './pageChecks.ts';
import { sharedBrowser, sharedServerUrl } from './serverProcess.ts';

let browser: Browser;
let session: BrowserContextOptions['storageState'];
beforeAll(async () => {
  browser = await sharedBrowser();
  const page = await signedInPage(browser, sharedServerUrl(), 'admin@local', '/settings/users');
  session = await page.context().storageState();
  await page.context().close();
});
afterAll(async () => {
  await browser?.close();
});

interface Fetched {
  path: string;
  initiator: string;
}

/** `path` opened cold until `rows` show; what the page fetched, as Resource Timing saw it. */
async function coldLoad(path: string, rows: string): Promise<{ page: Page; fetched: Fetched[] }> {
  const context = await browser.newContext({
    baseURL: sharedServerUrl(),
    storageState: session,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(path);
  await page.locator(rows).first().waitFor();
  const fetched = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => {
      const url = new URL(entry.name);
      return {
        path: `${url.pathname}${url.search}`,
        initiator: (entry as PerformanceResourceTiming).initiatorType,
      };
    }),
  );
  return { page, fetched };
}

const scripts = (fetched: Fetched[]) =>
  fetched.filter(({ path }) => path.startsWith('/assets/') && path.endsWith('.js'));

describe('a cold first visit', () => {
  it("loads /health in a few files, its summary served by the document's preload", async () => {
    const { page, fetched } = await coldLoad('/health', '.health-table-row');
    // The entry, the runtime, the vendor chunk, and the page's own few (it was ~80).
    expect(
      scripts(fetched).length,
      scripts(fetched)
        .map(({ path }) => path)
        .join('\n'),
    ).toBeLessThanOrEqual(14);
    expect(fetched.filter(({ path }) => path.startsWith('/api/canary/api/summary'))).toEqual([
      { path: '/api/canary/api/summary', initiator: 'link' },
    ]);
    for (const session of ['/api/auth/whoami', '/api/properties'])
      expect(fetched.filter(({ path }) => path === session)).toEqual([
        { path: session, initiator: 'link' },
      ]);
    await page.context().close();
  });

  it("serves /topology's tree from the document's preload", async () => {
    const { page, fetched } = await coldLoad('/topology', '[data-testid="topology-card"]');
    const trees = fetched.filter(({ path }) => path.startsWith('/api/canary/api/topology'));
    expect(trees).toHaveLength(1);
    expect(trees[0]!.initiator).toBe('link');
    await page.context().close();
  });

  it('fetches the page itself when its URL has a query that may change the request', async () => {
    const { page, fetched } = await coldLoad('/health?search=a', '.health-table-row');
    expect(
      fetched
        .filter(({ path }) => path.startsWith('/api/canary/api/summary'))
        .map(({ initiator }) => initiator),
    ).toEqual(['fetch']);
    await page.context().close();
  });
});
