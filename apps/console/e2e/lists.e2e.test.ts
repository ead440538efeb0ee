// Lists on a phone and on a wide screen, and a picker in a modal (issues 29 and 33), in Chromium:
// at 390 px the filters fold behind "Filters (n)" so the first screen shows rows; at 1440 px the
// changes and insights tables show every column without scrolling sideways; a combobox's list
// opened in a short modal is fully visible.
import { playbooksTestIds } from '@opsdeck/features-playbooks/testing';
import { topologyTestIds } from '@opsdeck/features-topology/testing';
import { uiTestIds } from '@opsdeck/ui/testing';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeySuite, sidewaysOverflow } from './pageChecks.ts';

const { shotsDir, signedIn } = journeySuite('lists');

/** Where the first of `rows` starts, and the screen's height. */
async function firstRowTop(page: Page, rows: Locator) {
  await rows.first().waitFor({ timeout: 30_000 });
  const box = await rows.first().boundingBox();
  return { top: box ? box.y : Infinity, screen: page.viewportSize()!.height };
}

describe('lists in Chromium', () => {
  const phonePages = [
    ['/topology', topologyTestIds.card],
    ['/catalog?groupBy=none', uiTestIds.dataTable.row],
    ['/catalog/changes', uiTestIds.dataTable.row],
    ['/catalog/insights', uiTestIds.dataTable.row],
    ['/playbooks/runs', uiTestIds.dataTable.row],
  ] as const;

  it.each(phonePages)('at 390 px, %s shows rows on its first screen', async (path, rowId) => {
    const page = await signedIn('admin@local', path, 390);
    const { top, screen } = await firstRowTop(page, page.getByTestId(rowId));
    await page.screenshot({
      path: `${shotsDir}phone${path.replace(/[/?=]/g, '-')}.jpg`,
      quality: 80,
    });
    // The rows begin in the upper half of the screen: the filters above them take a line, not a
    // screen.
    expect(top).toBeLessThan(screen / 2);
    // The filters are one button away, and come back when asked.
    const toggle = page.locator('[data-slot="filters-toggle"]').first();
    expect(await toggle.isVisible()).toBe(true);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await sidewaysOverflow(page)).toEqual([]);
    await page.context().close();
  });

  it.each(['/catalog/changes', '/catalog/insights'])(
    'at 1440 px, %s shows every column without scrolling sideways',
    async (path) => {
      const page = await signedIn('admin@local', path, 1440);
      await page.getByTestId(uiTestIds.dataTable.row).first().waitFor({ timeout: 30_000 });
      await page.screenshot({
        path: `${shotsDir}wide${path.replace(/\//g, '-')}.jpg`,
        quality: 80,
      });
      const clipped = await page.evaluate((rootId) => {
        const root = document.querySelector(`[data-testid="${rootId}"]`)!;
        const frame = root.querySelector('table')!.parentElement!;
        const edge = Math.min(frame.getBoundingClientRect().right, window.innerWidth);
        return [...root.querySelectorAll('th')]
          .filter((th) => th.getBoundingClientRect().right > edge + 1)
          .map((th) => th.textContent);
      }, uiTestIds.dataTable.root);
      expect(clipped).toEqual([]);
      expect(await sidewaysOverflow(page)).toEqual([]);
      // The less important columns can be hidden, and the URL keeps it.
      await page.getByRole('combobox', { name: 'Columns' }).click();
      await page
        .getByRole('option', { name: path.endsWith('changes') ? 'Source' : 'Analyzer' })
        .click();
      await expect.poll(() => new URL(page.url()).search).toContain('.hidden=');
      await page.context().close();
    },
  );

  it('shows every option of a resource picker opened in a short modal', async () => {
    const page = await signedIn('admin@local', '/playbooks');
    await page.setViewportSize({ width: 1024, height: 420 });
    await page.getByRole('button', { name: 'Run Restart service (demo)' }).click();
    const dialog = page.getByTestId(playbooksTestIds.modal.root);
    const picker = dialog.getByRole('combobox', { name: 'Catalog Item' });
    await picker.scrollIntoViewIfNeeded();
    await picker.fill('a');
    const listbox = page.getByRole('listbox', { name: 'Catalog Item' });
    await expect
      .poll(() => listbox.getByRole('option').count(), { timeout: 15_000 })
      .toBeGreaterThan(1);
    await page.screenshot({ path: `${shotsDir}picker-open.jpg`, quality: 80 });
    const hidden = await listbox.evaluate((list) => {
      // The list scrolls inside its popover; every option it shows is itself, not something on top.
      return [...list.querySelectorAll('[role=option]')]
        .filter((option) => {
          option.scrollIntoView({ block: 'nearest' });
          const box = option.getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return box.top < 0 || box.bottom > window.innerHeight || !hit || !option.contains(hit);
        })
        .map((option) => option.textContent);
    });
    expect(hidden).toEqual([]);
    // Types read as paths, with the namespace beside them (issue 29 "Tell things apart").
    expect(await listbox.getByRole('option').first().textContent()).toMatch(/ › /);
    await listbox.getByRole('option').first().click();
    expect(await picker.inputValue()).not.toBe('');
    await page.context().close();
  });
});
