// The walk of issue 29's "Done when": every page the sidebar offers and each area's detail pages (a
// real id from the API) as admin, responder and viewer, at 1440 px (light and dark) and 390 px
// (light). No page may show a stack trace, raw SQL or PostgREST error text, a "Not found" heading on
// a known route, sideways overflow of the document, or throw an uncaught error. Then malformed ids
// on each detail route: each shows a "Not found"-style message with no raw error.
// A page is checked once its requests have gone quiet and no skeleton or loading row is left; a
// resize re-checks the same page in place (no reload), which keeps the walk short. Admin opens every
// page by a full load, as a shared link does; responder and viewer move between them inside the app,
// as a person does after signing in (a reload per page was a third of their walk's CPU), so each
// page is walked both from a cold start and from the page before it. Screenshots (JPEG: a PNG of
// every page cost a sixth of the walk's CPU) of every page × role × width go to test-results/walk/
// for review.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { uiTestIds } from '@opsdeck/ui/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest';
import { testIds } from '../src/testIds.ts';
import { signedInPage, watchRequests } from './pageChecks.ts';
import { sharedBrowser, sharedServerUrl } from './serverProcess.ts';

const shotsDir = fileURLToPath(new URL('../test-results/walk/', import.meta.url));
const heightFor = (width: number) => (width < 640 ? 844 : 900);

let browser: Browser;
beforeAll(async () => {
  mkdirSync(shotsDir, { recursive: true });
  browser = await sharedBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Real ids of each area's detail pages, read from the API as admin. */
interface Ids {
  check: string;
  component: string;
  config: string;
  incident: string;
  playbook: string;
  run: string;
  scraper: string;
  send: string;
  rule: string;
}

async function firstId(page: Page, query: string): Promise<string> {
  const response = await page.request.get(`/api/db/${query}`);
  expect(response.status(), query).toBe(200);
  const rows = (await response.json()) as { id: string }[];
  expect(rows.length, `no row for ${query}`).toBeGreaterThan(0);
  return rows[0]!.id;
}

async function readIds(page: Page): Promise<Ids> {
  // A config with recorded changes, so its tabs have something to show.
  const [changed] = (await (
    await page.request.get(
      '/api/db/config_changes?select=config_id&diff=not.is.null&order=created_at.desc&limit=1',
    )
  ).json()) as { config_id: string }[];
  return {
    check: await firstId(page, 'checks?select=id&deleted_at=is.null&order=name&limit=1'),
    component: await firstId(
      page,
      'components?select=id&deleted_at=is.null&parent_id=not.is.null&order=name&limit=1',
    ),
    config: changed!.config_id,
    incident: await firstId(page, 'incidents?select=id&order=created_at.desc&limit=1'),
    playbook: await firstId(page, 'playbooks?select=id&deleted_at=is.null&order=name&limit=1'),
    run: await firstId(page, 'playbook_runs?select=id&order=created_at.desc&limit=1'),
    scraper: await firstId(page, 'config_scrapers?select=id&deleted_at=is.null&limit=1'),
    send: await firstId(page, 'notification_send_history?select=id&order=created_at.desc&limit=1'),
    rule: await firstId(page, 'notifications?select=id&deleted_at=is.null&limit=1'),
  };
}

/** The known routes each role walks besides its sidebar's: each area's detail pages. */
function detailPages(ids: Ids): Record<string, string> {
  return {
    'check-modal': `/health?checkId=${ids.check}`,
    'health-cards': '/health?layout=card',
    component: `/topology/${ids.component}`,
    'component-view': `/view/topology/${ids.component}`,
    'catalog-list': '/catalog?groupBy=none',
    config: `/catalog/${ids.config}`,
    'config-changes': `/catalog/${ids.config}/changes`,
    'config-insights': `/catalog/${ids.config}/insights`,
    'config-relationships': `/catalog/${ids.config}/relationships`,
    'config-playbooks': `/catalog/${ids.config}/playbooks`,
    'config-checks': `/catalog/${ids.config}/checks`,
    'catalog-changes': '/catalog/changes',
    'catalog-insights': '/catalog/insights',
    scrapers: '/catalog/scrapers',
    scraper: `/catalog/scrapers/${ids.scraper}`,
    incident: `/incidents/${ids.incident}`,
    playbook: `/playbooks/${ids.playbook}`,
    runs: '/playbooks/runs',
    run: `/playbooks/runs/${ids.run}`,
    notifications: '/notifications',
    send: `/notifications?id=${ids.send}`,
    rules: '/notifications/rules',
    rule: `/notifications/rules?edit=${ids.rule}`,
    silences: '/notifications/silences?silences.state.filter=all',
    trace: '/notifications/trace',
    profile: '/profile-settings',
  };
}

/**
 * Waits until the page has settled: no request in flight for a while, no page loader, skeleton or
 * loading row left. A page still loading after that is a finding of its own. `expect` is the
 * running test's (the role walks run side by side).
 */
async function settle(
  page: Page,
  requests: ReturnType<typeof watchRequests>,
  expect: ExpectStatic,
): Promise<string[]> {
  try {
    await requests.quiet(400, 15_000);
  } catch (error) {
    return [(error as Error).message];
  }
  const loading = page.locator(
    [
      `[data-testid="${testIds.shell.pageLoader}"]`,
      `[data-testid="${testIds.shell.bootLoader}"]`,
      `[data-testid^="ui-skeleton-"]`,
      `[data-testid="${uiTestIds.dataTable.loading}"]`,
    ].join(','),
  );
  try {
    await expect.poll(() => loading.count(), { timeout: 10_000 }).toBe(0);
  } catch {
    return ['still loading after 10 s'];
  }
  return [];
}

/** Raw error text a person must never see. */
const rawErrors: Array<[string, RegExp]> = [
  ['a stack frame', /^\s*at\s+\S.*(\(|:\d+:\d+)/m],
  ['a bundle URL with line and column', /\/assets\/[\w.-]+\.js:\d+:\d+/],
  ['an Error: line with a stack under it', /\b\w*Error: .*\n\s*at\s/],
  ['PostgreSQL "invalid input syntax"', /invalid input syntax/i],
  ['a PostgREST error code', /\bPGRST\d+/],
  ['a PostgreSQL relation error', /relation "[^"]*" does not exist/i],
  ['a PostgreSQL syntax error', /syntax error at or near/i],
  ['a PostgreSQL constraint message', /violates [\w ]*constraint/i],
  ['a bare "An error occurred"', /^An error occurred\.?$/m],
];

/** What is wrong on the page as it is now, at this width: each problem named. */
async function pageProblems(page: Page): Promise<string[]> {
  const found: string[] = [];
  const text = await page.evaluate(() => document.body.innerText);
  for (const [name, pattern] of rawErrors) {
    const match = pattern.exec(text);
    if (match) found.push(`shows ${name}: ${JSON.stringify(match[0].trim().slice(0, 120))}`);
  }
  const notFound = await page
    .locator('h1, h2, h3, [role=heading], [data-testid="' + testIds.header.title + '"]')
    .filter({ hasText: /^\s*Not found\s*$/i })
    .count();
  if (notFound > 0) found.push('has a "Not found" heading');
  // Right after a resize the layout may take a frame or two to follow (a media query re-rendering
  // the shell): what still overflows after a second is what a person sees.
  let overflow: string | undefined;
  const deadline = Date.now() + 1_000;
  do {
    overflow = await page.evaluate(() => {
      const root = document.scrollingElement!;
      if (root.scrollWidth <= window.innerWidth + 1) return undefined;
      const past = [...document.body.querySelectorAll<HTMLElement>('*')]
        .filter((part) => {
          if (part.getBoundingClientRect().right <= window.innerWidth + 1) return false;
          // Inside a frame that scrolls or clips sideways it is not what widens the page.
          for (let at = part.parentElement; at && at !== document.body; at = at.parentElement)
            if (getComputedStyle(at).overflowX !== 'visible') return false;
          return true;
        })
        .slice(-3)
        .map(
          (part) =>
            `${part.tagName.toLowerCase()}${part.dataset.testid ? `[${part.dataset.testid}]` : ''}` +
            ` (${Math.round(part.getBoundingClientRect().right)}px)`,
        );
      return `the page is ${root.scrollWidth}px wide in ${window.innerWidth}px: ${past.join(', ')}`;
    });
    if (overflow === undefined) break;
    await page.waitForTimeout(100);
  } while (Date.now() < deadline);
  if (overflow) found.push(overflow);
  return found;
}

/**
 * Opens `path` in the running app the way its own links do (React Router follows the history
 * entry a popstate announces), without reloading the page.
 */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const state = window.history.state as { idx?: number } | null;
    window.history.pushState(
      { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (state?.idx ?? 0) + 1 },
      '',
      to,
    );
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

/** How a role's walk moves from page to page: a full load each time, or inside the app. */
const fullLoads: Record<string, boolean> = { admin: true, responder: false, viewer: false };

/**
 * A role's walk: one context and one page, every page at 1440 px (light and dark) and 390 px.
 * `expect` is the walk's own test's: the three roles walk side by side.
 */
async function walk(role: string, ids: () => Ids, expect: ExpectStatic): Promise<string[]> {
  const page = await signedInPage(browser, sharedServerUrl(), `${role}@local`, '/health', 1440);
  const problems: string[] = [];
  let where = '';
  page.on('pageerror', (error) => problems.push(`${where}: uncaught ${error.message}`));
  // A server error behind any page is a finding even when the page hides it well.
  page.on('response', (response) => {
    if (response.status() >= 500)
      problems.push(
        `${where}: ${response.request().method()} ${response.url()} → ${response.status()}`,
      );
  });
  const requests = watchRequests(page);
  try {
    await settle(page, requests, expect);
    // Every page the sidebar offers this role, then the detail pages.
    const sidebarLinks = await page
      .getByTestId(testIds.sidebar.root)
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
      );
    expect(sidebarLinks.length, `${role}'s sidebar`).toBeGreaterThan(3);
    const pages: Record<string, string> = {};
    for (const path of sidebarLinks) {
      // The /logs page is built by another engineer: walked once it is in the build.
      pages[path.replace(/^\//, '').replace(/\//g, '-') || 'root'] = path;
    }
    Object.assign(pages, detailPages(ids()));

    for (const [name, path] of Object.entries(pages)) {
      for (const width of [1440, 390]) {
        where = `${role} ${path} @${width}`;
        await page.setViewportSize({ width, height: heightFor(width) });
        if (width === 1440) {
          await page.emulateMedia({ colorScheme: 'light' });
          if (fullLoads[role]) await page.goto(path);
          else {
            await navigateInApp(page, path);
            // The app followed: the sidebar marks the page it moved to (a walk that stayed on one
            // page would pass every check below without looking at the others).
            if (path !== '/' && sidebarLinks.includes(path))
              await expect
                .poll(
                  () =>
                    page
                      .getByTestId(testIds.sidebar.root)
                      .locator('a[aria-current="page"]')
                      .evaluateAll((links) =>
                        links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
                      ),
                  { message: `${where}: the sidebar does not mark ${path}` },
                )
                .toContain(path);
          }
        }
        problems.push(
          ...(await settle(page, requests, expect)).map((problem) => `${where}: ${problem}`),
        );
        problems.push(...(await pageProblems(page)).map((problem) => `${where}: ${problem}`));
        // A known route in the build: never the shell's not-found, unauthorized or disabled page
        // (what a role may not open is not offered to it), and no toast of a failure.
        for (const id of [
          testIds.pages.unauthorized,
          testIds.pages.disabled,
          testIds.pages.notFound,
        ])
          if (await page.getByTestId(id).count()) problems.push(`${where}: shows ${id}`);
        for (const toast of await page.getByTestId(uiTestIds.toast.item).allInnerTexts())
          if (/error|fail|could not|unexpected/i.test(toast))
            problems.push(`${where}: toast ${JSON.stringify(toast.slice(0, 120))}`);
        await page.screenshot({
          path: `${shotsDir}${name}-${role}-${width}-light.jpg`,
          quality: 80,
        });
        if (width === 1440) {
          // Dark at one width: switched in place, as the OS would.
          await page.emulateMedia({ colorScheme: 'dark' });
          problems.push(
            ...(await pageProblems(page)).map((problem) => `${where} dark: ${problem}`),
          );
          await page.screenshot({
            path: `${shotsDir}${name}-${role}-${width}-dark.jpg`,
            quality: 80,
          });
          await page.emulateMedia({ colorScheme: 'light' });
        }
      }
    }
  } finally {
    await page.context().close();
  }
  return problems;
}

describe('the walk of every page as admin, responder and viewer at 1440 and 390 px', () => {
  let ids: Ids;
  beforeAll(async () => {
    const page = await signedInPage(browser, sharedServerUrl(), 'admin@local', '/health');
    ids = await readIds(page);
    await page.context().close();
  });

  it('has checks that catch what they look for (a stack trace, raw SQL, a Not found heading, overflow)', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.setContent(
      '<style>body { margin: 0 }</style><h1>Not found</h1><pre>TypeError: x is undefined\n    at render (http://127.0.0.1/assets/index-abc.js:1:2)</pre>' +
        '<p>invalid input syntax for type uuid: "garbage"</p><div style="width: 600px">wide</div>',
    );
    const found = await pageProblems(page);
    await context.close();
    expect(found.map((problem) => problem.replace(/:.*$/, ''))).toEqual([
      'shows a stack frame',
      'shows a bundle URL with line and column',
      'shows an Error',
      'shows PostgreSQL "invalid input syntax"',
      'has a "Not found" heading',
      'the page is 600px wide in 390px',
    ]);
  });

  // The three roles walk side by side, each in its own context of the shared browser: they only
  // read, and while one waits for its page's requests to go quiet the others use the second core
  // (one after another they were the suite's longest stretch, admin's full loads most of it).
  it.concurrent.for(['admin', 'responder', 'viewer'])(
    'shows every page to %s without a raw error, a wrong "Not found" or sideways overflow',
    // About 40 pages, each at two widths and in both schemes: a minute on a quiet machine, more
    // beside other suites and the other roles' walks.
    { timeout: 300_000 },
    async (role, { expect }) => {
      expect(await walk(role, () => ids, expect)).toEqual([]);
    },
  );

  it('answers each malformed or unknown id with a "Not found"-style message, never a raw error', async () => {
    const page = await signedInPage(browser, sharedServerUrl(), 'admin@local', '/health');
    const problems: string[] = [];
    let where = '';
    page.on('pageerror', (error) => problems.push(`${where}: uncaught ${error.message}`));
    const requests = watchRequests(page);
    const badIds: Record<string, string> = {
      'bad-check': '/health?checkId=garbage',
      'bad-incident': '/incidents/not-a-uuid',
      'bad-config': '/catalog/garbage',
      'bad-playbook': '/playbooks/garbage',
      'bad-run': '/playbooks/runs/garbage',
      'bad-scraper': '/catalog/scrapers/garbage',
      'bad-component': '/topology/garbage',
      'bad-send': '/notifications?id=garbage',
      // Well-formed ids of nothing: not found either, not an error.
      'missing-incident': '/incidents/00000000-0000-4000-8000-000000000000',
      'missing-config': '/catalog/00000000-0000-4000-8000-000000000000',
    };
    try {
      for (const [name, path] of Object.entries(badIds)) {
        where = path;
        await page.goto(path);
        problems.push(
          ...(await settle(page, requests, expect)).map((problem) => `${where}: ${problem}`),
        );
        const text = await page.evaluate(() => document.body.innerText);
        for (const [what, pattern] of rawErrors) {
          const match = pattern.exec(text);
          if (match)
            problems.push(
              `${where}: shows ${what}: ${JSON.stringify(match[0].trim().slice(0, 120))}`,
            );
        }
        const said = await page
          .getByText(/^\s*Not found\s*$/i)
          .or(page.getByTestId(uiTestIds.errorPage.notFound))
          .count();
        if (said === 0) problems.push(`${where}: says nothing like "Not found"`);
        const errorToasts = await page
          .getByTestId(uiTestIds.toast.item)
          .filter({ hasText: /error|fail/i })
          .count();
        if (errorToasts > 0) problems.push(`${where}: ${errorToasts} error toast(s)`);
        await page.screenshot({ path: `${shotsDir}${name}-admin-1440-light.jpg`, quality: 80 });
      }
    } finally {
      await page.context().close();
    }
    expect(problems).toEqual([]);
  });
});
