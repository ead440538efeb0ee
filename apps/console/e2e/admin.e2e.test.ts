// The administrator's pages in Chromium against apps/server (issue 37): job history filtered to
// failures opens a run's details, and its rows stay one line at 390 px; an admin invites a user,
// who opens the one-time link in a browser of their own, sets a password, signs in with the
// invited role and is refused an admin page; an admin adds a deny permission in the modal and the
// server then refuses that action to its subject; the event queue opens a name's failed events;
// the audit trail filters to a table and opens a write's diff; axe passes on each page and
// modal. On the shared server: what it writes that another journey would notice (the deny
// permission on editor@local, the flag that hides the job history) it takes away when its test ends.
// Screenshots go to test-results/admin/.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { adminTestIds } from '@opsdeck/features-admin/testing';
import { uiTestIds } from '@opsdeck/ui/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { axeViolations, signedInPage } from './pageChecks.ts';
import { sharedBrowser, sharedServerUrl } from './serverProcess.ts';
import { testIds } from '../src/testIds.ts';

const shotsDir = fileURLToPath(new URL('../test-results/admin/', import.meta.url));
const started: { server?: { url: string }; browser?: Browser } = {};

beforeAll(async () => {
  mkdirSync(shotsDir, { recursive: true });
  started.server = { url: sharedServerUrl() };
  started.browser = await sharedBrowser();
});
afterAll(async () => {
  await started.browser?.close();
});

const signedIn = (email: string, then: string, width?: number) =>
  signedInPage(started.browser!, started.server!.url, email, then, width);

/** The ids of every permission the server holds now. */
async function permissionIds(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/db/permissions?select=id');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: string }[]).map((row) => row.id);
}

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
    await page.screenshot({ path: `${shotsDir}job-details.jpg`, quality: 80, fullPage: true });
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
    const address = (await link.textContent())!.trim();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('table', { name: 'Users' }).getByText(email).waitFor();

    // The invited person, in a browser of their own: the link signs them in once to set a password.
    const context = await started.browser!.newContext({
      baseURL: started.server!.url,
      viewport: { width: 1440, height: 900 },
      reducedMotion: 'reduce',
    });
    const invited = await context.newPage();
    await invited.goto(address);
    await invited.waitForURL('**/profile-settings?flow=*');
    const card = invited.getByRole('region', { name: 'Change Password' });
    const password = 'ivy-sets-a-long-password-42';
    await card.getByLabel('Password', { exact: true }).fill(password);
    await card.getByRole('button', { name: 'Save' }).click();
    await invited.getByText('Your changes have been saved!').waitFor();
    await context.clearCookies();

    // Signed in with that password, they get the invited role's sidebar (viewer: no Settings).
    await invited.goto('/login?return_to=%2Fhealth');
    await invited.getByLabel('E-Mail').fill(email);
    await invited.getByLabel('Password', { exact: true }).fill(password);
    await invited.getByRole('button', { name: 'Sign in' }).click();
    await invited.waitForURL((url) => url.pathname === '/health');
    expect(await invited.getByTestId(testIds.userMenu.trigger).textContent()).toContain(
      'Ivy Invited',
    );
    const links = invited
      .getByTestId(testIds.sidebar.root)
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link');
    await links.first().waitFor();
    expect(await links.allTextContents()).toEqual([
      'Dashboard',
      'Health',
      'Incidents',
      'Catalog',
      'Playbooks',
    ]);
    expect(await invited.getByRole('button', { name: 'Settings' }).count()).toBe(0);
    // An admin page refuses them, and so does the server behind it.
    await invited.goto('/settings/users');
    await invited.getByTestId(testIds.pages.unauthorized).waitFor();
    const refused = await invited.request.post('/api/auth/invite_user', {
      data: { firstName: 'X', lastName: 'Y', email: `x-${Date.now()}@local`, role: 'admin' },
    });
    expect(refused.status()).toBe(403);
    expect(await axeViolations(invited)).toEqual([]);
    await context.close();
  });

  it('keeps each job history row to one line on a 390 px phone', async () => {
    const page = await signedIn('admin@local', '/settings/jobs?status.filter=all', 390);
    const rows = page.getByTestId(adminTestIds.jobs.page).getByTestId(uiTestIds.dataTable.row);
    await rows.first().waitFor();
    const heights = await rows.evaluateAll((found) =>
      found.slice(0, 20).map((row) => Math.round(row.getBoundingClientRect().height)),
    );
    await page.screenshot({ path: `${shotsDir}jobs-390.jpg`, quality: 80, fullPage: true });
    // One line of text with its padding; a wrapped cell doubles it.
    expect(Math.max(...heights)).toBeLessThanOrEqual(48);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('lists the event queue and opens the failed events of a name', async () => {
    const page = await signedIn('admin@local', '/settings/event-queue-status');
    await page.getByTestId(adminTestIds.eventQueue.page).waitFor();
    const table = page.getByRole('table', { name: 'Event queue' });
    const failing = table.getByRole('row').filter({ hasText: 'notification.send' });
    await failing.waitFor();
    expect(await failing.textContent()).toContain('slack: rate limited');
    expect(await axeViolations(page)).toEqual([]);
    await failing.getByRole('cell').first().click();
    const dialog = page.getByRole('dialog', { name: 'Failed notification.send events' });
    await dialog.getByText(/^Attempts 3/).waitFor();
    await dialog.getByText('slack: rate limited').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shotsDir}event-queue.jpg`, quality: 80, fullPage: true });
    await page.context().close();
  });

  it('filters the audit trail to a table and opens a write’s before and after', async () => {
    // A write to audit: a flag saved through /api/db.
    const page = await signedIn('admin@local', '/settings/audit');
    const saved = await page.request.post('/api/db/properties', {
      headers: { Prefer: 'return=representation' },
      data: { name: `audit.e2e.${Date.now()}`, value: 'on' },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    await page.getByTestId(adminTestIds.audit.page).waitFor();
    const table = page.getByRole('table', { name: 'Audit trail' });
    await table.getByTestId(uiTestIds.dataTable.row).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('combobox', { name: 'Table' }).click();
    await page.getByRole('option', { name: 'properties', exact: true }).click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('table.filter'))
      .toBe('properties');
    const write = table.getByTestId(uiTestIds.dataTable.row).filter({ hasText: 'insert' }).first();
    await write.waitFor();
    expect(await write.textContent()).toContain('Admin (demo)');
    await write.getByRole('cell').first().click();
    const dialog = page.getByRole('dialog', { name: 'insert on properties' });
    await dialog.getByTestId(adminTestIds.audit.changed).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shotsDir}audit-diff.jpg`, quality: 80, fullPage: true });
    await page.context().close();
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
    const before = await permissionIds(page);
    onTestFinished(async () => {
      // The shared server's editor@local reads canaries again for the journeys after this one.
      for (const id of await permissionIds(page))
        if (!before.includes(id)) {
          const removed = await page.request.delete(`/api/db/permissions?id=eq.${id}`);
          expect(removed.status(), await removed.text()).toBeLessThan(300);
        }
      await page.context().close();
    });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Permission added').waitFor();

    const editor = await signedIn('editor@local', '/health');
    const refused = await editor.request.get('/api/db/canaries?select=id&limit=1');
    expect(refused.status()).toBe(403);
    await editor.close();
  });

  it('saves a feature flag that hides a feature, and its sidebar item goes', async () => {
    const page = await signedIn('admin@local', '/settings/feature-flags');
    // The flag hides the job history for everyone on the shared server: deleted when the test ends.
    onTestFinished(async () => {
      const removed = await page.request.patch('/api/db/properties?name=eq.settings.jobs.disable', {
        data: { deleted_at: new Date().toISOString() },
      });
      expect(removed.status(), await removed.text()).toBeLessThan(300);
      await page.reload();
      await expect.poll(() => sidebarItem.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await page.context().close();
    });
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
