// Live invalidation against the real change stream (issue 33 #5): the incidents list has no poller
// and a five-minute stale time, yet an incident written elsewhere shows up in it within seconds,
// without a reload or the refresh button, because GET /api/events invalidates the list's keys.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testIds } from '../src/testIds.ts';
import { journeySuite, sidewaysOverflow } from './pageChecks.ts';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** WCAG 2.1 A/AA violations inside the header's live indicator. */
async function indicatorViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: object,
            options: object,
          ) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(
      { include: [selector] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
    );
    return result.violations.map(
      (violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((n) => n.target))}`,
    );
  }, `[data-testid="${testIds.header.live}"]`);
}

/** Resolves once the page's change stream has answered as a stream. */
const streamOpens = (page: Page) =>
  page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/events' &&
      (response.headers()['content-type'] ?? '').startsWith('text/event-stream'),
  );

const { signedIn } = journeySuite('live');

describe('the change stream in Chromium against apps/server', () => {
  it('shows an incident written by someone else in the open list, without a reload', async () => {
    const page = await signedIn('admin@local', '/incidents');
    const streamOpened = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/events' &&
        (response.headers()['content-type'] ?? '').startsWith('text/event-stream'),
    );
    // The stream may already be open by the time sign-in returns: load the page once more so the
    // wait above sees it open (the write below still comes without a reload).
    await page.reload();
    const table = page.getByRole('table', { name: 'Incidents' });
    await table.getByRole('row').nth(1).waitFor();
    await streamOpened;
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));

    const title = `Written elsewhere ${Date.now()}`;
    const origin = new URL(page.url()).origin;
    // Another tab's write: the same session through the API, not through this page's cache.
    const reply = await page.request.post('/api/db/incidents', {
      headers: { Origin: origin, Prefer: 'return=representation' },
      data: { title, type: 'availability', severity: 'low', status: 'open', description: '' },
    });
    expect(reply.status(), await reply.text()).toBe(201);

    await table.getByText(title).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
  });

  it('repaints a check whose status changed through the API on /health within 2 s, and the header says Live', async () => {
    const page = await signedIn('admin@local', '/health');
    const origin = new URL(page.url()).origin;
    const listed = await page.request.get(
      '/api/db/checks?select=id,name,status&deleted_at=is.null&order=name&limit=1',
    );
    expect(listed.status(), await listed.text()).toBe(200);
    const [check] = (await listed.json()) as Array<{ id: string; name: string; status: string }>;
    const opened = streamOpens(page);
    await page.goto(
      `/health?hidePassing=false&groupBy=none&search=${encodeURIComponent(check!.name)}`,
    );
    const row = page.locator(`[data-testid="health-row"][data-check-id="${check!.id}"]`);
    await row.waitFor();
    await opened;
    const indicator = page.getByRole('status', { name: /^Live/ });
    await indicator.waitFor();
    expect(await indicator.getAttribute('title')).toBe('Live: changes appear as they happen');
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));

    const next = check!.status === 'unhealthy' ? 'healthy' : 'unhealthy';
    const written = Date.now();
    const reply = await page.request.patch(`/api/db/checks?id=eq.${check!.id}`, {
      headers: { Origin: origin },
      data: { status: next },
    });
    expect(reply.status(), await reply.text()).toBeLessThan(300);
    await row.getByRole('img', { name: next, exact: true }).waitFor({ timeout: 2000 });
    expect(Date.now() - written).toBeLessThanOrEqual(2000);
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
  });

  it('shows the indicator at 390 px without sideways overflow, axe-clean in light and dark', async () => {
    const page = await signedIn('viewer@local', '/health', 390);
    const indicator = page.getByTestId(testIds.header.live);
    await indicator.waitFor();
    await page.getByRole('status', { name: /^Live/ }).waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await indicatorViolations(page), scheme).toEqual([]);
    }
  });
});
