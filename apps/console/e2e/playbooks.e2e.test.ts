// Playbooks against the real server (apps/server's runner and its demo playbooks): run one from a
// check's Playbooks menu and watch it finish with its output, approve a pending run, a viewer sees
// no Run; axe on the pages and the modal. Screenshots go to test-results/playbooks/ for review.
import { healthTestIds } from '@opsdeck/features-health/testing';
import { playbooksTestIds } from '@opsdeck/features-playbooks/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, journeySuite, sidewaysOverflow, watchRequests } from './pageChecks.ts';

const { shotsDir, signedIn } = journeySuite('playbooks');

/** The run modal of 'Every parameter type' over the first check of the health page. */
async function openEveryParameterModal(page: Page) {
  await page.goto('/health');
  await page.getByTestId(healthTestIds.page.row).first().locator('[role=rowheader] button').click();
  const modal = page.getByTestId(healthTestIds.modal.root);
  await modal.getByRole('button', { name: 'Playbooks' }).click();
  await page.getByRole('menuitem', { name: 'Every parameter type' }).click();
  const dialog = page.getByTestId(playbooksTestIds.modal.root);
  await dialog.getByLabel('Memory').first().waitFor();
  return dialog;
}

describe('playbooks in the console', () => {
  it("runs a demo playbook from a check's Playbooks menu and watches it complete with its output", async () => {
    const page = await signedIn('admin@local', '/health');
    await page
      .getByTestId(healthTestIds.page.row)
      .first()
      .locator('[role=rowheader] button')
      .click();
    const modal = page.getByTestId(healthTestIds.modal.root);
    await modal.waitFor();
    const checkName = (await modal.getByRole('heading', { level: 2 }).first().textContent()) ?? '';
    await modal.getByRole('button', { name: 'Playbooks' }).click();
    await page.getByRole('menuitem', { name: 'Diagnose check (demo)' }).click();

    const dialog = page.getByTestId(playbooksTestIds.modal.root);
    await dialog.getByRole('heading', { name: 'Diagnose check (demo)' }).waitFor();
    // The check is preset: shown, not chosen.
    expect(await dialog.getByTestId(playbooksTestIds.modal.resource).textContent()).toContain(
      checkName.trim(),
    );
    await dialog.getByRole('button', { name: 'Run', exact: true }).waitFor();
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Run', exact: true }).isEnabled())
      .toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shotsDir}modal-from-check.jpg`, quality: 80 });
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();

    await page.waitForURL(/\/playbooks\/runs\/[0-9a-f-]+$/);
    const status = page.getByTestId(playbooksTestIds.run.status);
    // Live progress: the page refetches by itself until the run is final.
    await expect
      .poll(() => status.getAttribute('data-status'), { timeout: 45_000 })
      .toBe('completed');
    const actions = page.getByTestId(playbooksTestIds.run.action);
    await expect.poll(() => actions.count()).toBeGreaterThan(0);
    // The actions are read again once the run's status moves (their last poll may predate it).
    await expect.poll(() => actions.first().textContent()).toContain('Exit code 0');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shotsDir}run-completed.jpg`, quality: 80, fullPage: true });
  });

  it('runs a playbook from /playbooks on a catalog item found by search (/api/resources/search)', async () => {
    const page = await signedIn('admin@local', '/playbooks');
    await page.getByRole('button', { name: 'Run Restart service (demo)' }).click();
    const dialog = page.getByTestId(playbooksTestIds.modal.root);
    await dialog.getByText('Please select a resource to see the parameters.').waitFor();
    await dialog.getByRole('combobox', { name: 'Catalog Item' }).fill('gate');
    await page
      .getByRole('option', { name: /^gateway/ })
      .first()
      .click();
    // The parameters load for the chosen deployment, their defaults filled in.
    expect(await dialog.getByLabel('Reason').inputValue()).toBe('routine restart');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    await page.waitForURL(/\/playbooks\/runs\/[0-9a-f-]+$/);
    const status = page.getByTestId(playbooksTestIds.run.status);
    await expect
      .poll(() => status.getAttribute('data-status'), { timeout: 45_000 })
      .toBe('completed');
    const actions = page.getByTestId(playbooksTestIds.run.action);
    await expect.poll(() => actions.count()).toBe(3);
    await expect.poll(() => actions.first().textContent()).toContain('draining gateway');
    expect(await actions.first().textContent()).toContain('reason: routine restart');
  });

  it('lets an approver approve a pending run from the runs list', async () => {
    const page = await signedIn(
      'admin@local',
      '/playbooks/runs?runs.status.filter=pending_approval',
    );
    const table = page.getByRole('table', { name: 'Playbook runs' });
    await table.getByRole('link').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shotsDir}runs-pending.jpg`, quality: 80, fullPage: true });
    // The demo's playbook with spec.approval listing admin@local (the history's other waiting runs
    // are of playbooks with approvers too, some of them only the sre team).
    await table.getByRole('link', { name: 'Restart with approval (demo)' }).first().click();
    await page.waitForURL(/\/playbooks\/runs\/[0-9a-f-]+$/);
    const status = page.getByTestId(playbooksTestIds.run.status);
    await expect.poll(() => status.getAttribute('data-status')).toBe('pending_approval');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(() => status.getAttribute('data-status'), { timeout: 45_000 })
      .not.toBe('pending_approval');
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
  });

  it('tells an editor who is not a listed approver why before the click: Approve disabled with the reason (issue 29)', async () => {
    // A run waiting for admin@local alone, which editor@local (an editor: Approve is offered) is not.
    const admin = await signedIn('admin@local', '/playbooks');
    const ids = async (path: string) =>
      ((await (await admin.request.get(path)).json()) as { id: string }[]).map((row) => row.id);
    const [playbook] = await ids('/api/db/playbooks?name=eq.scale-deployment&select=id');
    const [deployment] = await ids(
      '/api/db/config_items?type=eq.Kubernetes::Deployment&select=id&limit=1',
    );
    const created = await admin.request.post('/api/playbook/run', {
      data: { id: playbook, config_id: deployment, params: { replicas: '3' } },
    });
    expect(created.status()).toBe(201);
    const { run_id: runId } = (await created.json()) as { run_id: string };
    await admin.context().close();

    const page = await signedIn('editor@local', `/playbooks/runs/${runId}`);
    const status = page.getByTestId(playbooksTestIds.run.status);
    await expect.poll(() => status.getAttribute('data-status')).toBe('pending_approval');
    await expect
      .poll(() => page.getByTestId(playbooksTestIds.run.approvers).textContent())
      .toContain('admin@local');
    const approve = page.getByRole('button', { name: 'Approve' });
    await expect.poll(() => approve.isDisabled()).toBe(true);
    expect(await page.getByTestId(playbooksTestIds.run.approveRefusal).textContent()).toBe(
      'You cannot approve: you are not one of this playbook’s approvers.',
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('shows /playbooks by category without axe violations, at 1440 and 390 px, light and dark', async () => {
    for (const width of [1440, 390]) {
      const page = await signedIn('admin@local', '/playbooks', width);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.getByTestId(playbooksTestIds.index.card).first().waitFor();
        expect(await sidewaysOverflow(page)).toEqual([]);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({
          path: `${shotsDir}index-${width}-${scheme}.jpg`,
          quality: 80,
          fullPage: true,
        });
      }
      await page.context().close();
    }
  });

  it.each([
    [1440, 'light'],
    [390, 'dark'],
  ] as const)(
    'lays out the runs list, a run and the run modal at %i px (%s) without axe violations',
    async (width, scheme) => {
      const page = await signedIn('admin@local', '/playbooks/runs', width);
      await page.emulateMedia({ colorScheme: scheme });
      const table = page.getByRole('table', { name: 'Playbook runs' });
      await table.getByRole('link').first().waitFor();
      expect(await sidewaysOverflow(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({
        path: `${shotsDir}runs-${width}-${scheme}.jpg`,
        quality: 80,
        fullPage: true,
      });

      await page.goto('/playbooks/runs?runs.status.filter=completed');
      await table.getByRole('link', { name: 'Restart service (demo)' }).first().click();
      await page.waitForURL(/\/playbooks\/runs\/[0-9a-f-]+$/);
      await page.getByTestId(playbooksTestIds.run.action).first().waitFor();
      expect(await sidewaysOverflow(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({
        path: `${shotsDir}run-${width}-${scheme}.jpg`,
        quality: 80,
        fullPage: true,
      });

      const dialog = await openEveryParameterModal(page);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shotsDir}modal-${width}-${scheme}.jpg`, quality: 80 });
      await dialog.getByLabel('Memory').first().scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `${shotsDir}modal-${width}-${scheme}-scrolled.jpg`,
        quality: 80,
      });
      await page.context().close();
    },
  );

  it('gives a viewer no Run: not on the list, not in the check modal, not on a run', async () => {
    const page = await signedIn('viewer@local', '/playbooks');
    await page.getByTestId(playbooksTestIds.index.card).first().waitFor();
    // Run shows on every card, disabled for a viewer, with the notice naming the missing permission.
    expect(await page.getByRole('button', { name: /^Run /, disabled: false }).count()).toBe(0);
    expect(
      await page.getByRole('button', { name: /^Run /, disabled: true }).count(),
    ).toBeGreaterThan(0);
    await page.goto('/health');
    const requests = watchRequests(page);
    const row = page.getByTestId(healthTestIds.page.row).first();
    await row.locator('[role=rowheader] button').click();
    const modal = page.getByTestId(healthTestIds.modal.root);
    await modal.getByTestId(healthTestIds.modal.stats).waitFor();
    // Playbooks apply to this check (a drawn menu would list them), and every chunk and reply the
    // modal's slots asked for has arrived: the menu is not merely late.
    const checkId = new URL(page.url()).searchParams.get('checkId');
    expect(checkId).toBeTruthy();
    const applying = await page.request.get(`/api/playbook/list?check_id=${checkId}`);
    expect(((await applying.json()) as unknown[]).length).toBeGreaterThan(0);
    await requests.quiet();
    expect(await modal.getByRole('button', { name: 'Playbooks' }).count()).toBe(0);
    await page.goto('/playbooks/runs');
    const table = page.getByRole('table', { name: 'Playbook runs' });
    await table.getByRole('link').first().click();
    await page.getByTestId(playbooksTestIds.run.status).waitFor();
    expect(await page.getByRole('button', { name: 'Run again' }).count()).toBe(0);
    // On a waiting run the viewer sees Approve disabled, with why (issue 29); never one to click.
    expect(await page.getByRole('button', { name: 'Approve', disabled: false }).count()).toBe(0);
  });
});
