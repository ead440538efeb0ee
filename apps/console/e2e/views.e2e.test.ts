// Saved views in Chromium against apps/server (issue 38): a filtered health list saved as the
// default opens again from a bare /health; a view reopens from the header's Views control; a
// team-mate sees a view shared with the team but not a personal one, and one shared later appears
// in their open menu live; axe passes with the menu open. responder@local and admin@local share the demo's platform team. The responder's default is
// cleared at the end, so other journeys on the shared server open /health unfiltered.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { testIds } from '../src/testIds.ts';
import { axeViolations, journeySuite } from './pageChecks.ts';

const { signedIn, shotsDir } = journeySuite('views');
const ids = testIds.savedViews;
const stamp = Date.now().toString(36);
const personal = `E2E personal ${stamp}`;
const shared = `E2E platform ${stamp}`;

const openMenu = async (page: Page) => {
  await page.getByTestId(ids.trigger).click();
  const panel = page.getByRole('dialog', { name: 'Saved views of Health' });
  await panel.waitFor();
  return panel;
};

const saveView = async (
  page: Page,
  name: string,
  options: { team?: string; makeDefault?: boolean } = {},
) => {
  const panel = await openMenu(page);
  await panel.getByRole('button', { name: 'Save current view…' }).click();
  const form = page.getByRole('dialog', { name: 'Save a view of Health' });
  await form.getByLabel('Name').fill(name);
  if (options.team) {
    await form.getByRole('option', { name: `Team ${options.team}` }).waitFor({ state: 'attached' });
    await form.getByLabel('Shared with').selectOption({ label: `Team ${options.team}` });
  }
  if (options.makeDefault) await form.getByLabel('Open Health with this view').check();
  await form.getByRole('button', { name: 'Save view' }).click();
  await form.waitFor({ state: 'detached' });
};

describe('saved views in Chromium against apps/server', () => {
  it('saves a filtered health view as the default, reopens it, and shares one with the team', async () => {
    const page = await signedIn('responder@local', '/health?search=api&hidePassing=true');
    await page.getByTestId(ids.trigger).waitFor();
    await saveView(page, personal, { makeDefault: true });

    // A bare /health opens with the default view's filters back.
    await page.goto('/health');
    await page.waitForURL((url) => url.searchParams.get('search') === 'api');
    expect(new URL(page.url()).searchParams.get('hidePassing')).toBe('true');

    // Reopened from the control after the filters changed.
    await page.goto('/health?search=zzz');
    const panel = await openMenu(page);
    await panel.getByText('(default)').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shotsDir}menu-open.jpg`, quality: 80 });
    await panel.getByRole('button', { name: personal, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('search') === 'api');
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('search') === 'zzz');

    // One shared with the platform team.
    await saveView(page, shared, { team: 'platform' });

    // The admin, also in platform: the shared view, not the responder's personal one.
    const admin = await signedIn('admin@local', '/health?search=db');
    const adminPanel = await openMenu(admin);
    await adminPanel.getByRole('button', { name: shared, exact: true }).waitFor();
    expect(await adminPanel.getByRole('button', { name: personal, exact: true }).count()).toBe(0);
    // Read-only for the admin's list: not theirs to rename (an admin may through the API).
    expect(await adminPanel.getByRole('button', { name: `Rename ${shared}` }).count()).toBe(0);
    expect(await axeViolations(admin)).toEqual([]);

    // Another view shared with platform reaches the admin's open menu live, without a reload.
    const later = `E2E platform live ${stamp}`;
    await page.reload();
    await saveView(page, later, { team: 'platform' });
    await adminPanel.getByRole('button', { name: later, exact: true }).waitFor({ timeout: 5_000 });

    // At 390 px the menu fits the screen.
    const phone = await signedIn('responder@local', '/health?search=zzz', 390);
    const phonePanel = await openMenu(phone);
    const box = await phonePanel.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);

    // Clean up: the responder's default cleared, so a bare /health stays bare.
    await panel.page().reload();
    const again = await openMenu(page);
    await again.getByRole('button', { name: `Clear default: ${personal}` }).click();
    await again.getByRole('button', { name: `Set default: ${personal}` }).waitFor();
  });
});
