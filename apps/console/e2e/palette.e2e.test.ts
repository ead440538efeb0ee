// The command palette and shortcuts in Chromium against apps/server (issue 38): Ctrl+K, a demo
// check's name typed, Enter opens its modal on /health; over that modal, Run Now runs the check;
// `g i` goes to incidents; `?` lists the
// shortcuts; axe passes with the palette open at 1440 and 390 px. Screenshots go to
// test-results/palette/.
import { healthTestIds } from '@opsdeck/features-health/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paletteTestIds } from '../src/palette/testIds.ts';
import { axeViolations, journeySuite } from './pageChecks.ts';

const { shotsDir, signedIn } = journeySuite('palette');

/** A demo check whose name is one word and no other check's name starts with. */
async function distinctCheck(page: Page): Promise<{ id: string; name: string }> {
  const checks = (await (
    await page.request.get('/api/db/checks?select=id,name&deleted_at=is.null&order=name')
  ).json()) as Array<{ id: string; name: string }>;
  const found = checks.find(
    (check) =>
      !/\s/.test(check.name) &&
      checks.filter((other) => other.name.startsWith(check.name)).length === 1,
  );
  if (!found) throw new Error('the demo has no check with a distinct one-word name');
  return found;
}

describe('the command palette and shortcuts in Chromium against apps/server', () => {
  it('Ctrl+K, a check’s name and Enter open the check’s modal on /health', async () => {
    const page = await signedIn('admin@local', '/incidents');
    const check = await distinctCheck(page);
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: 'Search pages, actions and records' });
    await input.waitFor();
    await input.fill(check.name);
    const option = page
      .getByRole('group', { name: 'Checks' })
      .getByRole('option', { name: check.name });
    await option.waitFor();
    // Other kinds may list a record of the same name first: the arrows reach the check.
    const optionId = await option.getAttribute('id');
    for (let step = 0; step < 40; step += 1) {
      if ((await input.getAttribute('aria-activedescendant')) === optionId) break;
      await page.keyboard.press('ArrowDown');
    }
    expect(await input.getAttribute('aria-activedescendant')).toBe(optionId);
    // Announced once every kind has answered.
    await expect
      .poll(() => page.getByTestId(paletteTestIds.status).textContent(), { timeout: 10_000 })
      .toMatch(/^\d+ results?$/);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shotsDir}palette-1440.jpg`, quality: 80 });
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (url) => url.pathname === '/health' && url.searchParams.get('checkId') === check.id,
    );
    await page.getByTestId(healthTestIds.modal.root).waitFor();
    await page.context().close();
  });

  it('over an open check’s modal, Ctrl+K, “run now” and Enter run that check, with a toast', async () => {
    const page = await signedIn('admin@local', '/health');
    const check = await distinctCheck(page);
    await page.goto(`/health?checkId=${encodeURIComponent(check.id)}`);
    await page.getByTestId(healthTestIds.modal.root).waitFor();
    const ran = page.waitForRequest(
      (request) =>
        request.method() === 'POST' &&
        new URL(request.url()).pathname === `/api/canary/run/check/${check.id}`,
    );
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: 'Search pages, actions and records' });
    await input.waitFor();
    await input.fill('run now');
    const option = page.getByRole('group', { name: 'Actions' }).getByRole('option', {
      name: /^Run Now/,
    });
    await option.waitFor();
    expect(await input.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    await page.keyboard.press('Enter');
    await ran;
    await page.getByText(/ ran: (passed|failed)/).waitFor();
    // Still on the check, its modal open.
    expect(new URL(page.url()).searchParams.get('checkId')).toBe(check.id);
    await page.getByTestId(healthTestIds.modal.root).waitFor();
    await page.context().close();
  });

  it('g i goes to incidents, and ? lists the shortcuts', async () => {
    const page = await signedIn('admin@local', '/health');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('g');
    await page.keyboard.press('i');
    await page.waitForURL((url) => url.pathname === '/incidents');
    await page.keyboard.press('Shift+?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    for (const title of ['Go to Health', 'Go to Incidents', 'Open the command palette'])
      expect(text).toContain(title);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('opens from the header button on a 390 px phone, axe clean', async () => {
    const page = await signedIn('admin@local', '/health', 390);
    await page.getByRole('button', { name: /^Search/ }).click();
    const input = page.getByRole('combobox', { name: 'Search pages, actions and records' });
    await input.waitFor();
    await input.fill('incid');
    await page.getByRole('option', { name: 'Go to Incidents' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: `${shotsDir}palette-390.jpg`, quality: 80 });
    await page.keyboard.press('Escape');
    expect(
      await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null),
    ).toBe(paletteTestIds.button);
    await page.context().close();
  });
});
