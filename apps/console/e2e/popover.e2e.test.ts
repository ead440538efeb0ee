// Popups escape their container (issue 33 #4): in a short window, a select near the bottom of a
// modal's scrolling body opens a list that is fully visible — each option is what the browser
// finds at its own centre, not clipped by the modal body's overflow.
import { healthTestIds } from '@opsdeck/features-health/testing';
import { describe, expect, it } from 'vitest';
import { journeySuite } from './pageChecks.ts';

const { shotsDir, signedIn } = journeySuite('popover');

describe('a popover in a modal, in Chromium', () => {
  it('shows every option of a select at the bottom of the Attach Evidence dialog', async () => {
    const page = await signedIn('responder@local', '/health?groupBy=none');
    await page.setViewportSize({ width: 1024, height: 560 });
    const row = page.getByTestId(healthTestIds.page.row).first();
    await row.locator('[role=rowheader] button').click();
    const modal = page.getByTestId(healthTestIds.modal.root);
    await modal.getByRole('button', { name: 'Attach as Evidence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link to Incident' });
    const title = `Popover ${Date.now()}`;
    await dialog.getByRole('combobox', { name: 'Incident' }).fill(title);
    // The search has answered (the fields below are settled) before the select is opened.
    await dialog.getByText(`A new incident "${title}" will be created`).waitFor();
    const severity = dialog.getByRole('combobox', { name: 'Severity' });
    await severity.scrollIntoViewIfNeeded();
    const listbox = page.getByRole('listbox', { name: 'Severity' });
    // The dialog may still redraw its fields once after the search settles (closing a list just
    // opened), so open it until it stays open.
    await expect
      .poll(
        async () => {
          if ((await severity.getAttribute('aria-expanded')) !== 'true') await severity.click();
          return listbox.isVisible();
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
    await page.screenshot({ path: `${shotsDir}severity-open.jpg`, quality: 80 });
    const hidden = await listbox.evaluate((list) =>
      [...list.querySelectorAll('[role=option]')]
        .filter((option) => {
          const box = option.getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return !hit || !option.contains(hit);
        })
        .map((option) => option.textContent),
    );
    expect(await listbox.getByRole('option').count()).toBeGreaterThan(2);
    expect(hidden).toEqual([]);
    // And it still works: picking an option sets the field.
    const last = listbox.getByRole('option').last();
    const label = (await last.textContent())!.trim();
    await last.click();
    expect(await severity.textContent()).toContain(label);
  });
});
