// The administrator's pages in Chromium against apps/server (issue 37): job history filtered to
// failures opens a run's details; an admin invites a user and gets the one-time link; an admin
// adds a deny permission in the modal and the server then refuses that action to its subject; axe
// passes on each page and modal. Its own server, so its writes touch no other journey.
// Screenshots go to test-results/admin/.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { adminTestIds } from '@opsdeck/features-admin/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, signedInPage } from './pageChecks.ts';
import { sharedBrowser, startServer, type RunningServer } from './serverProcess.ts';

const shotsDir = fileURLToPath(new URL('../test-results/admin/', import.meta.url));
const started: { server?: RunningServer; browser?: Browser } = {};

beforeAll(async () => {
  mkdirSync(shotsDir, { recursive: true });
  [started.server, started.browser] = await Promise.all([
    startServer({ checks: 40 }),
    sharedBrowser(),
  ]);
}, 180_000);
afterAll(async () => {
  await started.browser?.close();
  await started.server?.stop();
});

const signedIn = (email: string, then: string) =>
  signedInPage(started.browser!, started.server!.url, email, then);

describe('the administrator’s pages in Chromium against apps/server', () => {
  it('filters job history to failures and opens a run’s details', async () => {
    const page = await signedIn('admin@local', '/settings/jobs?status.filter=FAILED:1');
    await page.getByTestId(adminTestIds.jobs.page).waitFor();
    const table = page.getByRole('table', { name: 'Job history' });
    const failed = table.getByRole('row').filter({ hasText: 'FAILED' }).first();
    await failed.waitFor();
    // Upper case: the Statistics column reads 'Success n'.
    expect(
      await table
        .getByRole('row')
        .filter({ hasText: /SUCCESS/ })
        .count(),
    ).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    // A run opens its details when they have content (a failure recorded with no error opens
    // nothing): click the Job Name cells of the failures until one opens.
    const dialog = page.getByRole('dialog', { name: /^Details for job / });
    const failures = table.getByRole('row').filter({ hasText: 'FAILED' });
    for (let index = 0; index < Math.min(await failures.count(), 10); index += 1) {
      await failures.nth(index).getByRole('cell').nth(1).click();
      if (await dialog.isVisible().catch(() => false)) break;
      await page.waitForTimeout(300);
      if (await dialog.isVisible()) break;
    }
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'Errors' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shotsDir}job-details.png`, fullPage: true });
  });

  it('invites a user with a role and shows the one-time link', async () => {
    const page = await signedIn('admin@local', '/settings/users');
    await page.getByTestId(adminTestIds.users.page).waitFor();
    await page.getByRole('table', { name: 'Users' }).getByText('admin@local').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite user' });
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Ivy');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Invited');
    const email = `ivy-${Date.now()}@local`;
    await dialog.getByRole('textbox', { name: /^Email/ }).fill(email);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Invite' }).click();
    const link = dialog.getByTestId(adminTestIds.users.inviteLink);
    await link.waitFor();
    expect(await link.textContent()).toMatch(/^https?:\/\//);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('table', { name: 'Users' }).getByText(email).waitFor();
  });

  it('adds a deny permission and the server refuses the action to its subject', async () => {
    const page = await signedIn('admin@local', '/settings/permissions');
    await page.getByTestId(adminTestIds.permissions.page).waitFor();
    await page.getByRole('table', { name: 'Permissions' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add Permission' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Permission' });
    await dialog.getByRole('radio', { name: 'Person' }).check();
    await dialog.getByRole('combobox', { name: 'Person' }).fill('editor');
    await page
      .getByRole('option', { name: /editor/i })
      .first()
      .click();
    await dialog.getByRole('radio', { name: 'Global' }).check();
    await dialog.getByRole('combobox', { name: /^Object/ }).click();
    await page.getByRole('option', { name: 'canaries', exact: true }).click();
    await dialog.getByRole('checkbox', { name: 'Deny' }).check();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Permission added').waitFor();

    const editor = await signedIn('editor@local', '/health');
    const refused = await editor.request.get('/api/db/canaries?select=id&limit=1');
    expect(refused.status()).toBe(403);
    await editor.close();
  });

  // Last: it hides the job history for everyone on this server.
  it('saves a feature flag that hides a feature, and its sidebar item goes', async () => {
    const page = await signedIn('admin@local', '/settings/feature-flags');
    await page.getByTestId(adminTestIds.flags.page).waitFor();
    const sidebarItem = page.locator('a[href="/settings/jobs"]');
    expect(await sidebarItem.count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add feature flag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add feature flag' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('settings.jobs.disable');
    await dialog.getByRole('textbox', { name: 'Value' }).fill('true');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('table', { name: 'Feature flags' })
      .getByText('settings.jobs.disable')
      .waitFor();
    await expect.poll(() => sidebarItem.count(), { timeout: 15_000 }).toBe(0);
  });
});
