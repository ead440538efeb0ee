// The catalog against the real server in Chromium (issue 16): the list filtered by type survives a
// reload through the URL, a config's every sub-page shows the demo's data, a change opens its diff,
// the relationships draw, a linked check opens the health modal, and the catalog-wide pages list
// theirs; axe passes on each. Screenshots of every page (1440 light, 390 dark) go to
// test-results/catalog/ for review.
import { catalogTestIds } from '@opsdeck/features-catalog/testing';
import { healthTestIds } from '@opsdeck/features-health/testing';
import { uiTestIds } from '@opsdeck/ui/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, journeySuite, sidewaysOverflow } from './pageChecks.ts';

const { shotsDir, signedIn } = journeySuite('catalog');

const rows = (page: Page, table: string | RegExp) =>
  page.getByRole('table', { name: table }).getByTestId(uiTestIds.dataTable.row);

/** A config the demo gives everything: recorded diffs, open insights, relations and a linked check. */
async function richConfigId(page: Page): Promise<string> {
  const json = async <T>(path: string) => (await (await page.request.get(path)).json()) as T;
  const linked = await json<{ config_id: string }[]>(
    '/api/db/check_summary_for_config?select=config_id',
  );
  for (const id of new Set(linked.map((row) => row.config_id))) {
    const [diffs, insights] = await Promise.all([
      json<unknown[]>(
        `/api/db/config_changes?select=id&config_id=eq.${id}&diff=not.is.null&limit=1`,
      ),
      json<unknown[]>(
        `/api/db/config_analysis?select=id&config_id=eq.${id}&status=eq.open&limit=1`,
      ),
    ]);
    if (diffs.length > 0 && insights.length > 0) return id;
  }
  throw new Error('the demo has no config with diffs, open insights and a linked check');
}

describe('the catalog in Chromium against apps/server', () => {
  it('filters the list by type through the URL and opens a config with every sub-page', async () => {
    const page = await signedIn('admin@local', '/catalog');
    await rows(page, 'Config types').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Type filter: the Kubernetes pods, kept in the URL across a reload.
    await page.getByRole('button', { name: 'Type All types' }).click();
    await page.getByRole('button', { name: 'Include Kubernetes › Pod' }).click();
    await page.keyboard.press('Escape');
    await rows(page, 'Configs').first().waitFor();
    const url = page.url();
    expect(new URL(url).searchParams.get('type.filter')).toBe('Kubernetes________Pod:1');
    await page.reload();
    await rows(page, 'Configs').first().waitFor();
    expect(page.url()).toBe(url);
    const types = await page
      .getByRole('table', { name: 'Configs' })
      .locator('tbody tr td:nth-child(2)')
      .allTextContents();
    expect(new Set(types)).toEqual(new Set(['Kubernetes › Pod']));
    expect(await axeViolations(page)).toEqual([]);

    const id = await richConfigId(page);
    await page.goto(`/catalog/${id}`);
    await page.getByTestId(catalogTestIds.config.header).waitFor();
    await page.getByTestId(catalogTestIds.config.spec).getByRole('textbox').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const tabs = page.getByRole('navigation', { name: 'Config sections' });
    await tabs.getByRole('link', { name: /^Changes/ }).click();
    await page.waitForURL(`**/catalog/${id}/changes`);
    const changes = rows(page, /^Changes of /);
    await changes.first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The newest change with a diff opens it in the detail dialog.
    await page
      .getByRole('table', { name: /^Changes of / })
      .getByText(/^diff$/i)
      .first()
      .click();
    const dialog = page.getByTestId(catalogTestIds.changes.detail);
    await dialog.getByTestId(catalogTestIds.diff.line).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await tabs.getByRole('link', { name: /^Insights/ }).click();
    await rows(page, /^Insights of /)
      .first()
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await tabs.getByRole('link', { name: /^Relationships/ }).click();
    await page.getByTestId(catalogTestIds.relationships.node).nth(1).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The playbooks feature fills the tab (the slot's lazy part has loaded).
    await tabs.getByRole('link', { name: /^Playbooks/ }).click();
    await page
      .getByTestId(catalogTestIds.playbooks.root)
      .getByRole('heading', { name: 'Playbooks' })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await tabs.getByRole('link', { name: /^Checks/ }).click();
    const check = page.getByTestId(catalogTestIds.checks.root).getByRole('link').first();
    await check.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await check.click();
    await page.waitForURL('**/health?checkId=*');
    await page
      .getByTestId(healthTestIds.modal.root)
      .getByTestId(healthTestIds.modal.stats)
      .waitFor();
  });

  it('paints every catalog page at 1440 px light and 390 px dark without sideways overflow', async () => {
    const page = await signedIn('admin@local', '/catalog');
    const id = await richConfigId(page);
    const [scraper] = (await (
      await page.request.get('/api/db/config_scrapers?select=id&name=eq.kubernetes')
    ).json()) as { id: string }[];
    // Each page with what shows that its data has drawn.
    const pages: [string, string, () => Promise<void>][] = [
      ['types', '/catalog', () => rows(page, 'Config types').first().waitFor()],
      ['list', '/catalog?groupBy=none', () => rows(page, 'Configs').first().waitFor()],
      [
        'spec',
        `/catalog/${id}`,
        () => page.getByTestId(catalogTestIds.config.spec).getByRole('textbox').waitFor(),
      ],
      [
        'changes',
        `/catalog/${id}/changes`,
        () =>
          rows(page, /^Changes of /)
            .first()
            .waitFor(),
      ],
      [
        'insights',
        `/catalog/${id}/insights`,
        () =>
          rows(page, /^Insights of /)
            .first()
            .waitFor(),
      ],
      [
        'relationships',
        `/catalog/${id}/relationships`,
        () => page.getByTestId(catalogTestIds.relationships.node).nth(1).waitFor(),
      ],
      [
        'playbooks',
        `/catalog/${id}/playbooks`,
        () =>
          page
            .getByTestId(catalogTestIds.playbooks.root)
            .getByRole('heading', { name: 'Playbooks' })
            .waitFor(),
      ],
      [
        'checks',
        `/catalog/${id}/checks`,
        () =>
          rows(page, /^Checks of /)
            .first()
            .waitFor(),
      ],
      ['all-changes', '/catalog/changes', () => rows(page, 'Config changes').first().waitFor()],
      ['all-insights', '/catalog/insights', () => rows(page, 'Config insights').first().waitFor()],
      ['scrapers', '/catalog/scrapers', () => rows(page, 'Scrapers').first().waitFor()],
      [
        'scraper',
        `/catalog/scrapers/${scraper!.id}`,
        () =>
          rows(page, /^Runs of /)
            .first()
            .waitFor(),
      ],
    ];
    const problems: string[] = [];
    for (const [width, height, scheme] of [
      [1440, 900, 'light'],
      [390, 844, 'dark'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      for (const [name, url, drawn] of pages) {
        await page.goto(url);
        await drawn();
        await page.evaluate(() => document.fonts.ready);
        problems.push(
          ...(await sidewaysOverflow(page)).map((found) => `${name} @${width}: ${found}`),
        );
        await page.screenshot({ path: `${shotsDir}${name}-${width}-${scheme}.jpg`, quality: 80 });
      }
      // A change's diff in its dialog.
      await page.goto(`/catalog/${id}/changes`);
      await page
        .getByRole('table', { name: /^Changes of / })
        .getByText(/^diff$/i)
        .first()
        .click();
      await page
        .getByTestId(catalogTestIds.changes.detail)
        .getByTestId(catalogTestIds.diff.line)
        .first()
        .waitFor();
      await page.screenshot({ path: `${shotsDir}change-${width}-${scheme}.jpg`, quality: 80 });
    }
    expect(problems).toEqual([]);
  });

  it('lists the changes, insights and scrapers across the catalog for a viewer', async () => {
    const page = await signedIn('viewer@local', '/catalog/changes');
    await rows(page, 'Config changes').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/catalog/insights');
    await rows(page, 'Config insights').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/catalog/scrapers');
    await page.getByRole('table', { name: 'Scrapers' }).getByRole('link').first().click();
    await rows(page, /^Runs of /)
      .first()
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
