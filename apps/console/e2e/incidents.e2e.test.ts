// Incidents against the real server in Chromium (issue 14): a responder attaches a failing check
// from the health modal to a new incident with a new hypothesis, follows the toast's link, and
// finds the evidence and the timeline on the incident page; a viewer has no attach button; axe
// passes on the list, the page and the dialog. Screenshots go to test-results/incidents/.
import { healthTestIds } from '@opsdeck/features-health/testing';
import { incidentTestIds } from '@opsdeck/features-incidents/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, journeySuite, sidewaysOverflow, watchRequests } from './pageChecks.ts';

const { shotsDir, signedIn } = journeySuite('incidents');

async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${shotsDir}${name}-${scheme}.jpg`, quality: 80 });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The first failing check of the health page (Hide Passing is on by default) opens its modal. */
async function openFailingCheck(page: Page) {
  const row = page.getByTestId(healthTestIds.page.row).first();
  await row.waitFor();
  const name = (await row.locator('[role=rowheader] button').textContent())!.trim();
  await row.locator('[role=rowheader] button').click();
  const modal = page.getByTestId(healthTestIds.modal.root);
  await modal.getByTestId(healthTestIds.modal.stats).waitFor();
  return { modal, name };
}

describe('incidents in Chromium against apps/server', () => {
  it('lets a responder attach a failing check to a new incident and find it on the incident page', async () => {
    const page = await signedIn('responder@local', '/health?groupBy=none');
    const { modal, name } = await openFailingCheck(page);
    await modal.getByRole('button', { name: 'Attach as Evidence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link to Incident' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Incident' }).waitFor();

    const title = `${name} failing ${Date.now()}`;
    await dialog.getByRole('combobox', { name: 'Incident' }).fill(title);
    await dialog.getByText(`A new incident "${title}" will be created`).waitFor();
    await dialog.getByRole('combobox', { name: 'Hypothesis' }).fill('Upstream is down');
    await dialog.getByRole('textbox', { name: 'Description' }).fill(`${name} fails its probe`);
    // Type and severity keep their defaults: availability, low.
    expect(await dialog.getByRole('combobox', { name: 'Type' }).textContent()).toContain(
      'Availability',
    );
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'attach-dialog');

    await dialog.getByRole('button', { name: 'Link' }).click();
    const toast = page.getByText('Linked to incident successfully');
    await toast.waitFor();
    await dialog.waitFor({ state: 'detached' });
    await shoot(page, 'attach-toast');
    // The toast's link moves inside the app: the page is not loaded again.
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
    await page.getByRole('link', { name: title }).click();
    await page.waitForURL('**/incidents/*');
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);

    const incident = page.getByTestId(incidentTestIds.incident.root);
    expect(await incident.getByTestId(incidentTestIds.incident.title).textContent()).toBe(title);
    const hypothesis = incident.getByRole('listitem', { name: 'Hypothesis Upstream is down' });
    const evidence = hypothesis.getByTestId(incidentTestIds.incident.evidence);
    await evidence.getByRole('link', { name }).waitFor();
    expect(await evidence.textContent()).toContain(`${name} fails its probe`);
    const timeline = incident.getByTestId(incidentTestIds.incident.timeline);
    await timeline.getByText(/created the incident/).waitFor();
    await timeline.getByText(new RegExp(`attached ${name} as evidence`)).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'incident-page');

    // The list has it, newest first, and passes axe.
    const incidentUrl = page.url();
    await page.goto('/incidents');
    await page.getByRole('table', { name: 'Incidents' }).getByText(title).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'incident-list');

    // On a 390 px phone nothing sticks out sideways (the table scrolls in its own frame).
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [name, url] of [
      ['incident-list-390', '/incidents'],
      ['incident-page-390', incidentUrl],
    ] as const) {
      await page.goto(url);
      await page
        .getByTestId(
          name === 'incident-list-390'
            ? incidentTestIds.list.root
            : incidentTestIds.incident.timeline,
        )
        .waitFor();
      expect(await sidewaysOverflow(page)).toEqual([]);
      await shoot(page, name);
    }
  });

  it('gives a viewer the incidents but no Attach as Evidence or New incident', async () => {
    const page = await signedIn('viewer@local', '/health?groupBy=none');
    const requests = watchRequests(page);
    const { modal } = await openFailingCheck(page);
    // The modal's own data has drawn and every chunk its slots asked for has arrived (no sibling is
    // drawn for a viewer to wait for): the attach button never comes.
    await modal.getByTestId(healthTestIds.modal.stats).waitFor();
    await requests.quiet();
    expect(await modal.getByRole('button', { name: 'Attach as Evidence' }).count()).toBe(0);
    await page.goto('/incidents');
    await page.getByRole('table', { name: 'Incidents' }).getByRole('row').nth(1).waitFor();
    expect(await page.getByTestId(incidentTestIds.list.newButton).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("interleaves an evidence check's turns with the history on the incident's timeline", async () => {
    const page = await signedIn('viewer@local', '/incidents');
    // A demo incident whose attached check changed state inside its window.
    let found: { id: string; check: string } | undefined;
    for (let n = 1; n <= 12 && !found; n += 1) {
      const reply = await page.request.get(`/api/incidents/INC-${n}/timeline`);
      if (!reply.ok()) continue;
      const body = (await reply.json()) as {
        incident: { id: string };
        entries: { kind: string; check?: { name: string } }[];
      };
      const turn = body.entries.find((entry) => entry.kind === 'check_status');
      if (turn?.check) found = { id: body.incident.id, check: turn.check.name };
    }
    expect(found).toBeDefined();
    await page.goto(`/incidents/${found!.id}`);
    const timeline = page.getByTestId(incidentTestIds.incident.timeline);
    await timeline.getByText(/created the incident/).waitFor();
    await timeline
      .getByText(new RegExp(`Check ${found!.check} turned`))
      .first()
      .waitFor();
  });
});
