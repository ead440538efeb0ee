// The resilient shell in Chromium against apps/server (issue 33 #5): with the server stopped, every
// page not yet visited keeps the shell and says "Connection lost — retrying" instead of going
// blank; when the server comes back on the same address, the banner goes and each page loads,
// without a reload. Screenshots go to test-results/resilience/.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testIds } from '../src/testIds.ts';
import { signedInPage } from './pageChecks.ts';
import { sharedBrowser, startServer, type RunningServer } from './serverProcess.ts';

const shotsDir = fileURLToPath(new URL('../test-results/resilience/', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'opsdeck-resilience-'));
const started: { server?: RunningServer; browser?: Browser } = {};

beforeAll(async () => {
  mkdirSync(shotsDir, { recursive: true });
  [started.server, started.browser] = await Promise.all([
    startServer({ dataDir, checks: 50 }),
    sharedBrowser(),
  ]);
}, 120_000);
afterAll(async () => {
  await started.browser?.close();
  await started.server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Follows a sidebar link in the app (hidden ones in a closed group too): no page load. */
async function follow(page: Page, href: string) {
  await page.evaluate(
    ({ href, item }) =>
      document
        .querySelector<HTMLAnchorElement>(`a[data-testid="${item}"][href="${href}"]`)!
        .click(),
    { href, item: testIds.sidebar.item },
  );
  await page.waitForURL((url) => url.pathname === href);
}

const mainText = (page: Page) => page.getByTestId(testIds.shell.main).innerText();

describe('the console with its server stopped', () => {
  it('shows the banner on every page not yet visited, and recovers each without a reload', async () => {
    const page = await signedInPage(
      started.browser!,
      started.server!.url,
      'admin@local',
      '/health',
    );
    await page.getByRole('table').first().waitFor();
    const hrefs = await page
      .getByTestId(testIds.sidebar.item)
      .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href')!))]);
    const others = hrefs.filter((href) => href !== '/health');
    expect(others.length).toBeGreaterThan(3);
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));

    const port = Number(new URL(started.server!.url).port);
    await started.server!.stop();
    const banner = page.getByTestId(testIds.shell.connectionLost);
    for (const href of others) {
      await follow(page, href);
      await banner.waitFor({ timeout: 15_000 });
      expect(await banner.innerText()).toBe('Connection lost — retrying…');
      // Never blank: the shell stays, and the page's place says what happened (or waits).
      await page.getByTestId(testIds.shell.root).waitFor();
      await page.getByTestId(testIds.sidebar.root).waitFor();
      expect((await mainText(page)).trim()).not.toBe('');
      await page.screenshot({
        path: `${shotsDir}down${href.replaceAll('/', '-')}.jpg`,
        quality: 80,
      });
    }

    started.server = await startServer({ dataDir, checks: 50, port });
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    // The page on screen when the server came back loads by itself.
    await page
      .getByTestId(testIds.shell.pageLoadFailed)
      .waitFor({ state: 'detached', timeout: 15_000 });
    for (const href of [...others, '/health']) {
      await follow(page, href);
      await page.getByTestId(testIds.shell.pageLoader).waitFor({ state: 'detached' });
      await page
        .getByTestId(testIds.shell.pageLoadFailed)
        .waitFor({ state: 'detached', timeout: 15_000 });
      // A page that failed while the server was down retries by itself as it mounts again: its
      // failure may show for a moment before the page does.
      await expect
        .poll(() => mainText(page), { timeout: 15_000 })
        .not.toContain('could not be loaded');
      expect(await banner.count()).toBe(0);
      await page.screenshot({ path: `${shotsDir}up${href.replaceAll('/', '-')}.jpg`, quality: 80 });
    }
    // Recovered without a reload.
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
  }, 240_000);
});
