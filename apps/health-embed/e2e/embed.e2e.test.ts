import { uiTestIds } from '@opsdeck/ui/testing';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumOptions, startServer, type RunningServer } from './serverProcess.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer(300);
  browser = await chromium.launch(chromiumOptions);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string, roles?: string[]): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  if (roles)
    await page.addInitScript((config) => Object.assign(window, { __OPSDECK_HEALTH__: config }), {
      baseUrl: '/api',
      roles,
    });
  await page.goto(`${server.url}${path}`);
  await page.getByTestId('health-row').first().waitFor();
  return page;
}

const rowCount = (page: Page) => page.getByTestId('health-count').textContent();
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

describe('health-embed in Chromium against apps/server demo data', () => {
  it('shows failing checks grouped, without sign-in; Hide Passing off shows all', async () => {
    const page = await open('/');
    expect(await rowCount(page)).toMatch(/^\d+ of 300 checks$/);
    expect(await page.getByTestId('health-group-row').count()).toBeGreaterThan(0);
    await page.getByRole('switch', { name: 'Hide Passing' }).click();
    await expect.poll(() => rowCount(page)).toBe('300 of 300 checks');
    expect(param(page, 'hidePassing')).toBe('false');
    await page.close();
  });

  it('searches, switches group, tab and layout, and a reload reproduces the view', async () => {
    const page = await open('/?hidePassing=false');
    await page.getByPlaceholder('Search by name, description, or endpoint').fill('dns');
    await expect.poll(() => param(page, 'search')).toBe('dns');
    const names = await page
      .getByTestId('health-row')
      .locator('[role=rowheader] button')
      .allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name.toLowerCase().includes('dns'))).toBe(true);

    await page.getByRole('combobox', { name: 'Group By' }).click();
    await page.getByRole('option', { name: 'Type' }).click();
    await expect.poll(() => param(page, 'groupBy')).toBe('type');
    await page.getByRole('tab').nth(1).click();
    await expect.poll(() => param(page, 'tab')).not.toBeNull();
    const before = await rowCount(page);
    const url = page.url();
    await page.reload();
    await page.getByTestId('health-row').first().waitFor();
    expect(page.url()).toBe(url);
    expect(await rowCount(page)).toBe(before);
    await page.getByRole('combobox', { name: 'Layout' }).click();
    await page.getByRole('option', { name: 'Cards' }).click();
    await page.getByTestId('health-card').first().waitFor();
    expect(param(page, 'layout')).toBe('card');
    await page.close();
  });

  it('filters by a boolean label: include then exclude', async () => {
    const page = await open('/?hidePassing=false&groupBy=none');
    const count = async () => Number((await rowCount(page))?.split(' ')[0]);
    await page.getByRole('button', { name: 'Include critical' }).click();
    await expect.poll(() => param(page, 'labels')).toBe('critical=true:1');
    // The URL changes first; the rows follow in the same transition.
    await expect.poll(count).toBeLessThan(300);
    const included = await count();
    await page.getByRole('button', { name: 'Exclude critical' }).click();
    await expect.poll(count).toBe(300 - included);
    expect(param(page, 'labels')).toBe('critical=true:-1');
    await page.close();
  });

  it('opens the modal with history paging and filters, closes back to 1h; no Run Now without roles', async () => {
    // A check with more than one page (50) of history in the last month; only some demo checks run that often.
    const checks = (await (
      await fetch(`${server.url}/api/db/checks?select=id,name&order=name.asc`)
    ).json()) as { id: string; name: string }[];
    let busy: string | undefined;
    for (const check of checks) {
      const reply = await fetch(
        `${server.url}/api/db/check_statuses?select=check_id&check_id=eq.${check.id}&limit=1`,
        { headers: { Prefer: 'count=exact' } },
      );
      if (Number(reply.headers.get('content-range')?.split('/')[1]) > 100) {
        busy = check.name;
        break;
      }
    }
    expect(busy).toBeDefined();
    const page = await open(`/?hidePassing=false&groupBy=none&search=${busy}`);
    await page.getByTestId('health-row').first().locator('[role=rowheader] button').click();
    const modal = page.getByTestId('check-modal');
    await modal.waitFor();
    expect(param(page, 'checkId')).not.toBeNull();
    await page.getByRole('combobox', { name: 'Time Range' }).click();
    await page.getByRole('option', { name: '1mo' }).click();
    await expect.poll(() => param(page, 'timeRange')).toBe('1mo');
    // The history is the shared table: its rows carry ui's row id.
    await modal
      .getByTestId('check-modal-history')
      .getByTestId(uiTestIds.dataTable.row)
      .first()
      .waitFor();
    // The shared table pager: 50 rows a page, its page in the URL.
    await modal.getByText(/^Showing 1-50 of \d+/).waitFor();
    await modal.getByRole('button', { name: 'Next page' }).click();
    await modal.getByText(/^Showing 51-\d+ of \d+/).waitFor();
    await expect.poll(() => param(page, 'history.pageIndex')).toBe('1');
    await modal.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Healthy', exact: true }).click();
    await modal.getByText(/^Showing 1-\d+ of \d+/).waitFor();
    await expect.poll(() => param(page, 'history.pageIndex') ?? '0').toBe('0');
    expect(await modal.getByTestId('check-modal-run-now').count()).toBe(0);
    expect(await modal.getByTestId('check-modal-edit').count()).toBe(0);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    expect(param(page, 'checkId')).toBeNull();
    expect(param(page, 'timeRange')).toBeNull();
    expect(param(page, 'history.status.filter')).toBeNull();
    await page.close();
  });

  it('runs a check now for an admin and shows the result', async () => {
    const page = await open('/?hidePassing=false&groupBy=none', ['admin']);
    await page.getByTestId('health-row').first().locator('[role=rowheader] button').click();
    const modal = page.getByTestId('check-modal');
    // The run itself must answer: 'Run failed' (the request failing) is not a check result.
    const refetched = page.waitForResponse((response) => response.url().includes('/api/summary'), {
      timeout: 60_000,
    });
    const [reply] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && response.url().includes('/canary/run/check/'),
      ),
      modal.getByTestId('check-modal-run-now').click(),
    ]);
    expect(reply.status()).toBe(200);
    const run = (await reply.json()) as { pass: boolean; error: string; message: string };
    const result = modal.getByTestId('check-modal-run-result');
    await result.waitFor({ timeout: 30_000 });
    const shown = await result.textContent();
    expect(shown).toMatch(run.pass ? /^Passed\b/ : /^Failed\b/);
    expect(shown).toContain(run.error || run.message);
    // The run refreshes the list; the modal and its result outlive that refetch.
    await refetched;
    await page.waitForTimeout(200);
    expect(await result.textContent()).toBe(shown);
    await page.close();
  });
});
