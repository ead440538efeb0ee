// The settings editors in Chromium against apps/server (issue 35): an admin creates an HTTP health
// check with the guided form against the server's own /health, sees it run in /health, edits its
// threshold and deletes it; adds and removes a team member; a canary loaded from a resource file
// (source ConfigFile) is read-only; a responder (read on canaries, no write) opens a canary
// read-only and the server refuses its write; a viewer and a guest get Unauthorized on /settings/canaries; axe
// passes on the list, the type grid, the guided form and the read-only record. On the shared
// server: the resource file goes into its --resources directory for this file and is taken away
// after it (its canary and checks gone before the next file), and the check this file creates it
// deletes. Screenshots go to test-results/settings/.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { healthTestIds } from '@opsdeck/features-health/testing';
import { settingsTestIds } from '@opsdeck/features-settings/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, signedInPage } from './pageChecks.ts';
import { sharedBrowser, sharedResourcesDir, sharedServerUrl } from './serverProcess.ts';

const shotsDir = fileURLToPath(new URL('../test-results/settings/', import.meta.url));
const resourceFile = join(sharedResourcesDir(), 'settings-e2e-canary.yaml');
const started: { server?: { url: string }; browser?: Browser } = {};
const FILE_CANARY = 'e2e-file-canary';

/** The file's canary and its checks as the server has them now (none once the file is gone). */
async function fileCanaryRows(page: Page): Promise<{ canaries: number; checks: number }> {
  const canaries = await getJson<{ id: string }[]>(
    page,
    `/api/db/canaries?select=id&name=eq.${FILE_CANARY}&deleted_at=is.null`,
  );
  const checks = canaries.length
    ? await getJson<unknown[]>(
        page,
        `/api/db/checks?select=id&canary_id=eq.${canaries[0]!.id}&deleted_at=is.null`,
      )
    : [];
  return { canaries: canaries.length, checks: checks.length };
}

beforeAll(async () => {
  mkdirSync(shotsDir, { recursive: true });
  writeFileSync(
    resourceFile,
    [
      'apiVersion: canaries.flanksource.com/v1',
      'kind: Canary',
      'metadata:',
      `  name: ${FILE_CANARY}`,
      '  namespace: default',
      'spec:',
      '  tcp:',
      '    - name: e2e-file-tcp',
      '      endpoint: 127.0.0.1:9',
      '',
    ].join('\n'),
  );
  started.server = { url: sharedServerUrl() };
  started.browser = await sharedBrowser();
});
afterAll(async () => {
  rmSync(resourceFile, { force: true });
  // The shared server reloads its resources: the file's canary and checks go before the next file.
  if (started.browser) {
    const page = await signedIn('admin@local', '/settings/canaries');
    // (expect.poll is for tests only.)
    let rows = await fileCanaryRows(page);
    for (const deadline = Date.now() + 30_000; rows.canaries + rows.checks > 0;) {
      if (Date.now() > deadline)
        throw new Error(`the removed file's canary is still there: ${JSON.stringify(rows)}`);
      await page.waitForTimeout(250);
      rows = await fileCanaryRows(page);
    }
    await page.context().close();
  }
  await started.browser?.close();
});

const signedIn = (email: string, then: string) =>
  signedInPage(started.browser!, started.server!.url, email, then);

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBeLessThan(300);
  return (await response.json()) as T;
}

const nameBox = (page: Page) => page.getByRole('textbox', { name: /^Name(?!space)/ }).first();

describe('the settings editors in Chromium against apps/server', () => {
  it('creates an HTTP check with the guided form, sees it run, edits its threshold and deletes it', async () => {
    const page = await signedIn('admin@local', '/settings/canaries');
    await page.getByTestId(settingsTestIds.list).waitFor();
    await page.getByRole('link', { name: 'Add health check' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/canaries/new');
    const grid = page.getByTestId(settingsTestIds.typeGrid);
    await grid.waitFor();
    expect(await grid.getByRole('button').count()).toBe(31);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shotsDir}type-grid.jpg`, quality: 80, fullPage: true });

    const name = `e2e-http-${Date.now()}`;
    await nameBox(page).fill(name);
    await grid.getByRole('button', { name: 'HTTP', exact: true }).click();
    await page.getByRole('textbox', { name: /^URL/ }).fill(`${started.server!.url}/health`);
    await page.getByRole('combobox', { name: /^Schedule/ }).fill('@every 30s');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shotsDir}guided-http.jpg`, quality: 80, fullPage: true });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((url) => /\/settings\/canaries\/[0-9a-f-]{36}$/.test(url.pathname));
    const id = new URL(page.url()).pathname.split('/').pop()!;

    // The runner runs it at once; on /health its modal shows it with its run.
    const ran = async () =>
      (
        await getJson<{ id: string; last_runtime: string | null }[]>(
          page,
          `/api/db/checks?select=id,last_runtime&canary_id=eq.${id}&deleted_at=is.null`,
        )
      )[0];
    await expect
      .poll(async () => (await ran())?.last_runtime ?? null, { timeout: 60_000, interval: 1_000 })
      .not.toBeNull();
    const check = (await ran())!;
    await page.goto(`/health?checkId=${check.id}`);
    const modal = page.getByTestId(healthTestIds.modal.root);
    await modal.getByTestId(healthTestIds.modal.stats).waitFor();
    await modal.getByText(name).first().waitFor();
    await page.screenshot({ path: `${shotsDir}health.jpg`, quality: 80, fullPage: true });

    // Edit the threshold: the record opens in the HTTP form, name kept.
    await page.goto(`/settings/canaries/${id}`);
    expect(await nameBox(page).isDisabled()).toBe(true);
    await page.getByLabel(/^Threshold \(ms\)/).fill('2500');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/settings/canaries');
    const [saved] = await getJson<{ spec: { http: { thresholdMillis?: number }[] } }[]>(
      page,
      `/api/db/canaries?select=spec&id=eq.${id}`,
    );
    expect(saved!.spec.http[0]!.thresholdMillis).toBe(2500);
    expect(await axeViolations(page)).toEqual([]);

    // Delete it, after confirming; its checks go with it.
    await page.goto(`/settings/canaries/${id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete resource' });
    await dialog.getByText('Are you sure you want to delete this resource?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/canaries');
    expect(
      await getJson<unknown[]>(page, `/api/db/canaries?select=id&id=eq.${id}&deleted_at=is.null`),
    ).toEqual([]);
    expect(
      await getJson<unknown[]>(
        page,
        `/api/db/checks?select=id&canary_id=eq.${id}&deleted_at=is.null`,
      ),
    ).toEqual([]);
  });

  it('adds a person to a team and removes them', async () => {
    const page = await signedIn('admin@local', '/settings/teams');
    const [team] = await getJson<{ id: string; name: string }[]>(
      page,
      '/api/db/teams?select=id,name&deleted_at=is.null&order=name&limit=1',
    );
    const members = await getJson<{ person_id: string }[]>(
      page,
      `/api/db/team_members?select=person_id&team_id=eq.${team!.id}`,
    );
    const people = await getJson<{ id: string; name: string }[]>(
      page,
      '/api/db/people?select=id,name&deleted_at=is.null&email=not.is.null&order=name',
    );
    const person = people.find((one) => !members.some((m) => m.person_id === one.id))!;
    await page.goto(`/settings/teams/${team!.id}`);
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByRole('button', { name: 'Add Members' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add users to the team' });
    await dialog.getByRole('combobox', { name: 'Users' }).click();
    await page.getByRole('option', { name: new RegExp(`^${person.name}`) }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText(`${person.name} added to the team successfully`).waitFor();
    const membersTab = page.getByTestId(settingsTestIds.members);
    await membersTab.getByText(person.name, { exact: true }).waitFor();

    await membersTab.getByRole('button', { name: `Actions for ${person.name}` }).click();
    await page.getByRole('menuitem', { name: 'Remove user' }).click();
    await page.getByText(`${person.name} removed from team successfully`).waitFor();
    await expect.poll(() => membersTab.getByText(person.name, { exact: true }).count()).toBe(0);
  });

  it('a canary from a resource file is read-only', async () => {
    const page = await signedIn('admin@local', '/settings/canaries');
    // Loaded by the shared server's watcher moments after beforeAll wrote the file.
    await expect
      .poll(async () => (await fileCanaryRows(page)).canaries, { timeout: 30_000, interval: 250 })
      .toBe(1);
    const [canary] = await getJson<{ id: string; source: string }[]>(
      page,
      `/api/db/canaries?select=id,source&name=eq.${FILE_CANARY}&deleted_at=is.null`,
    );
    expect(canary!.source).toBe('ConfigFile');
    await page.goto(`/settings/canaries/${canary!.id}`);
    await page.getByTestId(settingsTestIds.readOnly).waitFor();
    expect(await nameBox(page).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Update', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
  });

  it('a responder opens a canary read-only, and the server refuses its write', async () => {
    const page = await signedIn('responder@local', '/settings/canaries');
    await page.getByTestId(settingsTestIds.list).waitFor();
    expect(await page.getByRole('link', { name: 'Add health check' }).count()).toBe(0);
    // One the UI owns (a file's record is read-only for everyone).
    const canary = (
      await getJson<{ id: string; name: string; source: string | null }[]>(
        page,
        '/api/db/canaries?select=id,name,source&deleted_at=is.null&order=name',
      )
    ).find((one) => !one.source || one.source === 'UI');
    await page.getByRole('link', { name: canary!.name, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/settings/canaries/${canary!.id}`);
    expect(await page.getByTestId(settingsTestIds.viewOnly).textContent()).toBe(
      'You can view this record but not change it (needs canaries: write)',
    );
    expect(await nameBox(page).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Update', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Back', exact: true }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({
      path: `${shotsDir}responder-read-only.jpg`,
      quality: 80,
      fullPage: true,
    });
    const write = await page.request.patch(`/api/db/canaries?id=eq.${canary!.id}`, {
      data: { schedule: '@every 1m' },
    });
    expect(write.status()).toBe(403);
  });

  it('a viewer and a guest get Unauthorized on /settings/canaries', async () => {
    // Issue 35: the viewer reads canaries on /health, but Settings is closed to viewers (console §2).
    for (const email of ['viewer@local', 'guest@local']) {
      const page = await signedIn(email, '/settings/canaries');
      await page.getByRole('heading', { name: 'Unauthorized' }).waitFor();
      expect(await page.getByTestId(settingsTestIds.list).count()).toBe(0);
    }
  });
});
