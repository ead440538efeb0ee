// Live invalidation against the real change stream (issue 33 #5): the incidents list has no poller
// and a five-minute stale time, yet an incident written elsewhere shows up in it within seconds,
// without a reload or the refresh button, because GET /api/events invalidates the list's keys.
import { describe, expect, it } from 'vitest';
import { journeySuite } from './pageChecks.ts';

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
});
