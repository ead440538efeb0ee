// Notifications against the real server in Chromium (issue 34): an admin silences a check
// indefinitely from its health modal's 'Silence' (the add form, check picked), fails the check with
// Run Now and finds the send 'silenced' in /notifications; failed sends show there too; a rule is
// added and deleted through the editor; a viewer gets no Add rule and the server refuses the
// writes anyway; axe passes on each page. Screenshots go to test-results/notifications/.
import { healthTestIds } from '@opsdeck/features-health/testing';
import { notificationsTestIds } from '@opsdeck/features-notifications/testing';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lastLookedKey } from '../src/navigation/lastLooked.ts';
import { testIds } from '../src/testIds.ts';
import { axeViolations, journeySuite } from './pageChecks.ts';

const { shotsDir, signedIn } = journeySuite('notifications');

interface CheckRow {
  id: string;
  name: string;
  spec: { url?: string } | null;
}

/**
 * A healthy demo http check whose Run Now fails (the demo points one in four at a path this server
 * does not serve), with no send in the last two hours, so its failure is a fresh transition the
 * demo's check-failed rule (http and tcp, repeat 1 h) decides on.
 */
async function failableCheck(page: Page): Promise<CheckRow> {
  const checks = (await (
    await page.request.get(
      '/api/db/checks?select=id,name,spec&type=eq.http&status=eq.healthy&deleted_at=is.null&order=name',
    )
  ).json()) as CheckRow[];
  const since = new Date(Date.now() - 2 * 3_600_000).toISOString();
  for (const check of checks.filter((row) => row.spec?.url === '/api/about/missing')) {
    const sends = (await (
      await page.request.get(
        `/api/db/notification_send_history?select=id&resource_id=eq.${check.id}&created_at=gt.${since}`,
      )
    ).json()) as unknown[];
    if (sends.length === 0) return check;
  }
  throw new Error('the demo has no healthy http check that fails on Run Now');
}

/** The table's first row once data has arrived (not its loading row): its text, lower-cased. */
async function firstRowText(table: Locator): Promise<string> {
  const row = table.getByRole('row').nth(1);
  await expect
    .poll(async () => ((await row.count()) ? ((await row.textContent()) ?? '') : 'loading'))
    .not.toMatch(/^$|loading/i);
  return ((await row.textContent()) ?? '').toLowerCase();
}

describe('notifications in Chromium against apps/server', () => {
  it("silences a check from its modal, fails it with Run Now, and finds the send 'silenced'", async () => {
    const page = await signedIn('admin@local', '/health');
    const check = await failableCheck(page);

    // The check modal's Silence opens the add form with the check picked.
    await page.goto(`/health?checkId=${check.id}`);
    const modal = page.getByTestId(healthTestIds.modal.root);
    await modal.getByTestId(healthTestIds.modal.stats).waitFor();
    await modal.getByTestId(notificationsTestIds.checkSilence).click();
    await page.waitForURL(/\/notifications\/silences\/add\?/);
    const form = page.getByRole('form', { name: 'Add silence' });
    expect(await form.getByRole('combobox', { name: 'Resource', exact: true }).inputValue()).toBe(
      check.name,
    );
    await form.getByRole('radio', { name: 'Indefinitely' }).check();
    await form.getByRole('textbox', { name: 'Description' }).fill(`e2e: silence ${check.name}`);
    await page.getByTestId(notificationsTestIds.addSilence.preview).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/notifications/silences');
    const silences = page.getByRole('table', { name: 'Silences' });
    const silenceRow = silences.getByRole('row').filter({ hasText: `e2e: silence ${check.name}` });
    await silenceRow.waitFor();
    expect(await silenceRow.textContent()).toContain('Indefinitely');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shotsDir}silences.jpg`, quality: 80, fullPage: true });

    // Run Now fails the check: healthy → unhealthy is check.failed, which the silence stops.
    await page.goto(`/health?checkId=${check.id}`);
    await modal.getByTestId(healthTestIds.modal.stats).waitFor();
    await modal.getByTestId(healthTestIds.modal.runNow).click();
    const result = modal.getByTestId(healthTestIds.modal.runResult);
    await result.waitFor({ timeout: 30_000 });
    expect(await result.textContent()).toMatch(/^Failed\b/);

    await page.goto('/notifications?sends.status.filter=silenced');
    const history = page.getByRole('table', { name: 'Notifications', exact: true });
    const sent = history.getByRole('row').filter({ hasText: check.name });
    // The engine runs on its own (woken by the change stream, polling every second); the page
    // follows live, and a reload covers a missed event.
    await expect
      .poll(
        async () => {
          if ((await sent.count()) === 0) await page.reload();
          return sent.count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);
    expect((await sent.first().textContent())?.toLowerCase()).toContain('silenced');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shotsDir}history-silenced.jpg`, quality: 80, fullPage: true });

    // Put things back for the other journeys on this server: the silence ends now.
    await page.goto('/notifications/silences');
    await silenceRow.getByRole('button', { name: 'Expire now' }).click();
    await expect.poll(() => silenceRow.count()).toBe(0);
  });

  it('shows failed sends in /notifications and counts them on the bell until looked at; axe on the rules page', async () => {
    const page = await signedIn('admin@local', '/health');
    // As if this admin last looked 30 days ago (the key is per user): the bell counts every failed
    // send since, as the server counts them.
    const whoami = (await (await page.request.get('/api/auth/whoami')).json()) as {
      payload: { user: { id: string } };
    };
    const since = new Date(Date.now() - 30 * 24 * 3_600_000).toISOString();
    await page.evaluate(
      ([key, at]) => localStorage.setItem(key!, at!),
      [lastLookedKey(whoami.payload.user.id), since],
    );
    await page.reload();
    const counted = await page.request.get(
      `/api/db/notification_send_history?select=id&status=eq.error&created_at=gt.${since}&limit=1`,
      { headers: { Prefer: 'count=exact' } },
    );
    const failed = Number(counted.headers()['content-range']?.split('/')[1]);
    expect(failed).toBeGreaterThan(0);
    const bell = page.getByTestId(testIds.header.bell);
    await expect
      .poll(() => bell.getAttribute('aria-label'))
      .toBe(
        `Notifications: ${failed} failed ${failed === 1 ? 'send' : 'sends'} since you last looked`,
      );

    await page.goto('/notifications?sends.status.filter=error');
    const history = page.getByRole('table', { name: 'Notifications', exact: true });
    expect(await firstRowText(history)).toContain('error');
    // Looked at: the bell has nothing to count.
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shotsDir}history-errors.jpg`, quality: 80, fullPage: true });

    await page.goto('/notifications/rules');
    await firstRowText(page.getByRole('table', { name: 'Notification rules' }));
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/health');
    await page.getByTestId(healthTestIds.page.root).waitFor();
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');
  });

  it('lets an admin add a rule through the editor, which the server stores, and delete it', async () => {
    const page = await signedIn('admin@local', '/notifications/rules');
    const name = `e2e-rule-${Date.now()}`;
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.waitForURL(/edit=new/);
    const form = page.getByRole('form', { name: 'Add rule' });
    await form.getByRole('textbox', { name: /Name/ }).fill(name);
    await form.getByRole('combobox', { name: 'Events' }).click();
    await page.getByRole('option', { name: 'playbook.spec.approval.requested' }).click();
    await page.keyboard.press('Escape');
    await form.getByRole('combobox', { name: 'Recipient: Team' }).click();
    await page.getByRole('option').first().click();
    await form.getByRole('textbox', { name: /Repeat interval/ }).fill('2h');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shotsDir}rule-editor.jpg`, quality: 80 });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    const stored = (await (
      await page.request.get(
        `/api/db/notifications?select=id,events,team_id,repeat_interval,source&name=eq.${name}`,
      )
    ).json()) as Record<string, unknown>[];
    expect(stored).toEqual([
      expect.objectContaining({
        events: ['playbook.spec.approval.requested'],
        repeat_interval: '2h',
        source: 'UI',
      }),
    ]);

    // Back opens nothing stale: the editor is URL state; a row's Edit opens it for that rule.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('form', { name: 'Edit rule' });
    await expect.poll(() => edit.getByRole('textbox', { name: /Name/ }).inputValue()).toBe(name);
    await page.goBack();
    await edit.waitFor({ state: 'detached' });
    await page.goForward();
    // An edit is a PATCH the server stores.
    await expect.poll(() => edit.getByRole('textbox', { name: /Name/ }).inputValue()).toBe(name);
    await edit.getByRole('textbox', { name: /Repeat interval/ }).fill('3h');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    const edited = (await (
      await page.request.get(`/api/db/notifications?select=repeat_interval&name=eq.${name}`)
    ).json()) as Record<string, unknown>[];
    expect(edited).toEqual([{ repeat_interval: '3h' }]);
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await edit.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: /Delete the rule/ });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await edit.waitFor({ state: 'detached' });
    const left = (await (
      await page.request.get(`/api/db/notifications?select=id&name=eq.${name}&deleted_at=is.null`)
    ).json()) as unknown[];
    expect(left).toEqual([]);
  });

  it('gives a viewer no Add rule and no add-silence form, and the server refuses both writes', async () => {
    const page = await signedIn('viewer@local', '/notifications/rules');
    await firstRowText(page.getByRole('table', { name: 'Notification rules' }));
    expect(await page.getByRole('button', { name: 'Add rule' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Edit / }).count()).toBe(0);

    await page.goto('/notifications/silences');
    await firstRowText(page.getByRole('table', { name: 'Silences' }));
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/notifications/silences/add');
    await page.getByRole('heading', { name: 'Unauthorized' }).waitFor();

    // The console hides; the server decides.
    const rule = await page.request.post('/api/db/notifications', {
      data: { name: 'viewer-rule', events: ['check.failed'], team_id: null, person_id: null },
    });
    expect(rule.status()).toBe(403);
    const silence = await page.request.post('/api/notification/silence', {
      data: { filter: 'true', until: 'indefinitely', recursive: false },
    });
    expect(silence.status()).toBe(403);
  });
});
