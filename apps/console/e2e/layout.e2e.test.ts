// The console at phone, laptop and desktop widths, light and dark: no page may get wider than the
// screen, the sidebar folds under 1024 px and is a drawer on a phone, card grids fill the width.
// Each page is loaded once and narrowed in place, its colour scheme switched in place (as the OS
// would): a page load per width and scheme was most of this file's time.
// Screenshots of every page go to test-results/layout/ for review. They are not compared with
// baselines: the demo data moves with the clock (ages, next runs, recent results), so no two runs
// paint the same pixels.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalogTestIds } from '@opsdeck/features-catalog/testing';
import { healthTestIds } from '@opsdeck/features-health/testing';
import { playbooksTestIds } from '@opsdeck/features-playbooks/testing';
import { incidentTestIds } from '@opsdeck/features-incidents/testing';
import { topologyTestIds } from '@opsdeck/features-topology/testing';
import { uiTestIds } from '@opsdeck/ui/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testIds } from '../src/testIds.ts';
import { sharedBrowser, sharedServerUrl } from './serverProcess.ts';

const shotsDir = fileURLToPath(new URL('../test-results/layout/', import.meta.url));
const widths = [1440, 1024, 390] as const;
const schemes = ['light', 'dark'] as const;
const heightFor = (width: number) => (width < 640 ? 844 : 900);

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  mkdirSync(shotsDir, { recursive: true });
  browser = await sharedBrowser();
  // Reduced motion: the shell's transitions end at once, so a screenshot never catches one midway.
  context = await browser.newContext({
    baseURL: sharedServerUrl(),
    viewport: { width: 1440, height: 900 },
    reducedMotion: 'reduce',
  });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

/** The viewport at `width`, laid out again (two frames) before anything is measured. */
async function setWidth(width: number) {
  await page.setViewportSize({ width, height: heightFor(width) });
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

const goto = async (path: string) => {
  await page.goto(path);
};
const firstIncident = () =>
  page.getByRole('table', { name: 'Incidents' }).getByTestId(uiTestIds.dataTable.row).first();
const attachDialog = () => page.getByRole('dialog', { name: 'Link to Incident' });

/**
 * What sticks out sideways: the document, the shell's scrolling main region (a page too wide for it
 * scrolls there, not in the document) and any open dialog (fixed, so the document never sees it).
 * Tables and tab bars that scroll inside their own frame are fine and not counted.
 */
function sidewaysOverflow(target: Page): Promise<string[]> {
  return target.evaluate((mainId) => {
    const found: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > window.innerWidth)
      found.push(`page ${root.scrollWidth}px wide in ${window.innerWidth}px`);
    const main = document.querySelector<HTMLElement>(`[data-testid="${mainId}"]`);
    if (main && main.scrollWidth > main.clientWidth)
      found.push(`main region ${main.scrollWidth}px wide in ${main.clientWidth}px`);
    for (const dialog of document.querySelectorAll<HTMLElement>('[role=dialog]')) {
      const box = dialog.getBoundingClientRect();
      if (box.width === 0 || getComputedStyle(dialog).visibility === 'hidden') continue;
      const name =
        dialog.getAttribute('aria-label') ?? dialog.getAttribute('aria-labelledby') ?? 'dialog';
      if (box.left < 0 || box.right > window.innerWidth)
        found.push(
          `${name} spans ${Math.round(box.left)}..${Math.round(box.right)}px of ${window.innerWidth}px`,
        );
      // Anything inside reaching past the dialog's edge is cut off, unless it sits in a part that
      // scrolls sideways on purpose (a table).
      const scrollsSideways = (element: HTMLElement) => {
        for (
          let at: HTMLElement | null = element.parentElement;
          at && at !== dialog;
          at = at.parentElement
        ) {
          const { overflowX } = getComputedStyle(at);
          if (overflowX === 'auto' || overflowX === 'scroll') return true;
        }
        return false;
      };
      const sticking = [...dialog.querySelectorAll<HTMLElement>('*')].filter((part) => {
        const edge = part.getBoundingClientRect();
        return edge.width > 0 && edge.right > box.right + 1 && !scrollsSideways(part);
      });
      if (sticking.length > 0)
        found.push(
          `${name}: ${sticking.length} parts reach past its right edge, the first a ${sticking[0]!.tagName.toLowerCase()}`,
        );
    }
    return found;
  }, testIds.shell.main);
}

/**
 * Checks the current page in both colour schemes (switched in place, as the OS would) and saves
 * a screenshot of each; returns what overflowed, named by page, width and scheme.
 */
async function checkBothSchemes(name: string, width: number): Promise<string[]> {
  const problems: string[] = [];
  for (const scheme of schemes) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate(() => document.fonts.ready);
    problems.push(
      ...(await sidewaysOverflow(page)).map((problem) => `${name} @${width} ${scheme}: ${problem}`),
    );
    await page.screenshot({ path: `${shotsDir}${name}-${width}-${scheme}.jpg`, quality: 80 });
  }
  return problems;
}

const sidebar = () => page.getByTestId(testIds.sidebar.root);
const sidebarBox = () =>
  sidebar().evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      left: Math.round(box.left),
      right: Math.round(box.right),
      visible: getComputedStyle(element).visibility !== 'hidden',
    };
  });
const mainLeft = () =>
  page
    .getByTestId(testIds.shell.main)
    .evaluate((element) => Math.round(element.getBoundingClientRect().left));

describe('console layout at 1440, 1024 and 390 px, light and dark', () => {
  it('lays the sign-in page out without sideways overflow', async () => {
    const problems: string[] = [];
    await setWidth(widths[0]);
    await page.goto('/login');
    // Loaded once, narrowed in place.
    for (const width of widths) {
      await setWidth(width);
      await page.getByLabel('E-Mail').waitFor();
      problems.push(...(await checkBothSchemes('sign-in', width)));
    }
    expect(problems).toEqual([]);
  });

  describe('signed in', () => {
    let checkId: string;
    let paymentsId: string;
    let changedConfigId: string;

    beforeAll(async () => {
      await setWidth(1440);
      await page.goto('/login?return_to=%2Fhealth');
      await page.getByLabel('E-Mail').fill('admin@local');
      await page.getByLabel('Password', { exact: true }).fill('opsdeck-demo');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/health');
      const firstRow = page.getByTestId(healthTestIds.page.row).first();
      await firstRow.waitFor();
      checkId = (await firstRow.getAttribute('data-check-id'))!;
      const tree = (await (await page.request.get('/api/canary/api/topology?depth=1')).json()) as {
        components: { id: string; name: string }[];
      };
      paymentsId = tree.components.find((component) => component.name === 'payments')!.id;
      // A config with a recorded diff, for the catalog's config page and change dialog.
      const [changed] = (await (
        await page.request.get(
          '/api/db/config_changes?select=config_id&diff=not.is.null&order=created_at.desc&limit=1',
        )
      ).json()) as { config_id: string }[];
      changedConfigId = changed!.config_id;
    });

    /**
     * Every page of the shell, each loaded once at 1440 px and then narrowed in place to 1024 and
     * 390 px (as a window is): `open` gets it on screen, `ready` says it is drawn (again after each
     * width), `close` puts away what it opened over the page.
     */
    const views: {
      name: string;
      open: () => Promise<void>;
      ready: () => Promise<void>;
      close?: () => Promise<void>;
    }[] = [
      {
        name: 'health-table',
        open: () => goto('/health'),
        ready: () =>
          page.getByTestId(healthTestIds.page.row).first().waitFor({ state: 'attached' }),
      },
      {
        name: 'health-cards',
        open: () => goto('/health?layout=card'),
        ready: () => page.getByTestId(healthTestIds.page.card).first().waitFor(),
      },
      {
        name: 'check-modal',
        open: () => goto(`/health?checkId=${checkId}`),
        ready: async () => {
          const modal = page.getByTestId(healthTestIds.modal.root);
          await modal.getByTestId(healthTestIds.modal.stats).waitFor();
          await modal
            .getByTestId(healthTestIds.modal.history)
            .getByTestId(uiTestIds.dataTable.row)
            .first()
            .waitFor();
        },
        close: async () => {
          await page.keyboard.press('Escape');
          await page.getByTestId(healthTestIds.modal.root).waitFor({ state: 'detached' });
        },
      },
      {
        name: 'user-menu',
        open: async () => {
          await goto('/health');
          await page.getByTestId(healthTestIds.page.row).first().waitFor({ state: 'attached' });
          await page.getByTestId(testIds.userMenu.trigger).click();
        },
        ready: () => page.getByTestId(testIds.userMenu.panel).waitFor(),
        close: () => page.keyboard.press('Escape'),
      },
      {
        name: 'topology-index',
        open: () => goto('/topology'),
        ready: () => page.getByTestId(topologyTestIds.card).first().waitFor(),
      },
      {
        name: 'topology-component',
        open: () => goto(`/topology/${paymentsId}`),
        ready: async () => {
          await page.getByTestId(topologyTestIds.component.panel).waitFor();
          await page.getByTestId(topologyTestIds.card).first().waitFor();
        },
      },
      {
        name: 'topology-view',
        open: () => goto(`/view/topology/${paymentsId}`),
        ready: () =>
          page.getByTestId(topologyTestIds.view).getByTestId(topologyTestIds.card).waitFor(),
      },
      {
        name: 'incident-list',
        open: () => goto('/incidents'),
        ready: () => firstIncident().waitFor(),
      },
      {
        name: 'incident-page',
        open: async () => {
          await goto('/incidents');
          await firstIncident().click();
        },
        ready: () => page.getByTestId(incidentTestIds.incident.timeline).waitFor(),
      },
      {
        name: 'attach-dialog',
        open: async () => {
          await goto(`/health?checkId=${checkId}`);
          await page
            .getByTestId(healthTestIds.modal.root)
            .getByRole('button', { name: 'Attach as Evidence' })
            .click();
          await attachDialog().getByRole('combobox', { name: 'Incident' }).fill('A new incident');
          await attachDialog().getByRole('textbox', { name: 'Description' }).click();
        },
        ready: () => attachDialog().waitFor(),
        close: async () => {
          await page.keyboard.press('Escape');
          await attachDialog().waitFor({ state: 'detached' });
        },
      },
      {
        name: 'catalog-types',
        open: () => goto('/catalog'),
        ready: () =>
          page
            .getByRole('table', { name: 'Config types' })
            .getByTestId(uiTestIds.dataTable.row)
            .first()
            .waitFor(),
      },
      {
        name: 'catalog-list',
        open: () => goto('/catalog?groupBy=none'),
        ready: () =>
          page
            .getByRole('table', { name: 'Configs' })
            .getByTestId(uiTestIds.dataTable.row)
            .first()
            .waitFor(),
      },
      {
        name: 'catalog-config',
        open: () => goto(`/catalog/${changedConfigId}`),
        ready: () => page.getByTestId(catalogTestIds.config.spec).getByRole('textbox').waitFor(),
      },
      {
        name: 'catalog-change',
        open: async () => {
          await goto(`/catalog/${changedConfigId}/changes`);
          await page
            .getByRole('table', { name: /^Changes of / })
            .getByText(/^diff$/i)
            .first()
            .click();
        },
        ready: () =>
          page
            .getByTestId(catalogTestIds.changes.detail)
            .getByTestId(catalogTestIds.diff.root)
            .waitFor(),
        close: () => page.keyboard.press('Escape'),
      },
      {
        name: 'catalog-relationships',
        open: () => goto(`/catalog/${changedConfigId}/relationships`),
        ready: () => page.getByTestId(catalogTestIds.relationships.node).first().waitFor(),
      },
      {
        name: 'catalog-changes',
        open: () => goto('/catalog/changes'),
        ready: () =>
          page
            .getByRole('table', { name: 'Config changes' })
            .getByTestId(uiTestIds.dataTable.row)
            .first()
            .waitFor(),
      },
      {
        name: 'area-not-in-build',
        open: () => goto('/settings/organization-profile'),
        ready: () => page.getByTestId(testIds.pages.notFound).waitFor(),
      },
      {
        name: 'playbooks',
        open: () => goto('/playbooks'),
        ready: () => page.getByTestId(playbooksTestIds.index.card).first().waitFor(),
      },
      {
        name: 'playbook-runs',
        open: () => goto('/playbooks/runs'),
        ready: () =>
          page.getByRole('table', { name: 'Playbook runs' }).getByRole('link').first().waitFor(),
      },
      {
        name: 'profile-settings',
        open: () => goto('/profile-settings'),
        ready: () =>
          page.getByRole('region', { name: 'Manage 2FA TOTP Authenticator App' }).waitFor(),
      },
    ];

    it.each(views)(
      'keeps $name within the screen at 1440, 1024 and 390 px',
      async ({ name, open, ready, close }) => {
        const problems: string[] = [];
        await setWidth(widths[0]);
        await open();
        for (const width of widths) {
          await setWidth(width);
          await ready();
          problems.push(...(await checkBothSchemes(name, width)));
        }
        await close?.();
        expect(problems).toEqual([]);
      },
    );

    it('docks the sidebar at 1024 px and folds it under that; on a 390 px phone it opens over the page as a drawer that Escape closes', async () => {
      await page.emulateMedia({ colorScheme: 'light' });
      await setWidth(1024);
      await page.goto('/health');
      await page.getByTestId(healthTestIds.page.row).first().waitFor({ state: 'attached' });
      expect(await sidebar().getAttribute('data-layout')).toBe('docked');
      expect(await sidebar().getAttribute('data-collapsed')).toBe('false');
      expect(await sidebarBox()).toEqual({ left: 0, right: 224, visible: true });
      expect(await mainLeft()).toBe(224);

      // A tablet: a rail of icons beside the page; opened, it lies over the page, which stays put.
      await setWidth(800);
      await expect.poll(() => sidebar().getAttribute('data-layout')).toBe('rail');
      expect(await sidebar().getAttribute('data-collapsed')).toBe('true');
      expect(await sidebarBox()).toEqual({ left: 0, right: 56, visible: true });
      expect(await mainLeft()).toBe(56);
      await page.getByRole('button', { name: 'Expand sidebar' }).click();
      await expect.poll(sidebarBox).toEqual({ left: 0, right: 224, visible: true });
      expect(await mainLeft()).toBe(56);
      // A click on the page (its bottom-right padding, clear of the open sidebar) folds it.
      await page.mouse.click(800 - 6, heightFor(800) - 6);
      await expect.poll(() => sidebar().getAttribute('data-collapsed')).toBe('true');

      // A phone: no sidebar at all until the header's menu button opens the drawer.
      await setWidth(390);
      await expect.poll(() => sidebar().getAttribute('data-layout')).toBe('drawer');
      await expect.poll(sidebarBox).toMatchObject({ visible: false });
      expect(await mainLeft()).toBe(0);
      const menu = page.getByTestId(testIds.header.menu);
      await menu.click();
      const drawer = page.getByRole('dialog', { name: 'Navigation' });
      await drawer.waitFor();
      await expect.poll(sidebarBox).toEqual({ left: 0, right: 224, visible: true });
      expect(await mainLeft()).toBe(0);
      // Focus starts at the drawer's first page, Dashboard since the build has the topology.
      expect(
        await drawer
          .getByRole('link', { name: 'Dashboard' })
          .evaluate((link) => link === document.activeElement),
      ).toBe(true);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await page.screenshot({ path: `${shotsDir}drawer-open-390-light.jpg`, quality: 80 });
      await page.keyboard.press('Escape');
      await expect.poll(() => sidebar().getAttribute('data-collapsed')).toBe('true');
      await expect.poll(sidebarBox).toMatchObject({ visible: false });
      expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);
      // Following a link in the drawer closes it too.
      await menu.click();
      await drawer.getByRole('link', { name: 'Health' }).click();
      await expect.poll(() => sidebar().getAttribute('data-collapsed')).toBe('true');
    });

    it('fills the width with cards and keeps each group heading right above its cards', async () => {
      const problems: string[] = [];
      for (const width of [1440, 1280, 1024]) {
        await setWidth(width);
        await page.goto('/health?layout=card');
        await page.getByTestId(healthTestIds.page.card).first().waitFor();
        const layout = await page.getByTestId(healthTestIds.page.list).evaluate((list) => {
          const box = list.getBoundingClientRect();
          const cards = [...list.querySelectorAll('[data-testid="health-card"]')].map((card) =>
            card.getBoundingClientRect(),
          );
          // From each group heading's text (its box may be stretched) down to the nearest card under it.
          const gaps = [...list.querySelectorAll('h3')].flatMap((heading) => {
            const text = document.createRange();
            text.selectNodeContents(heading);
            const bottom = text.getBoundingClientRect().bottom;
            const below = cards
              .filter((card) => card.top >= bottom - 1)
              .map((card) => card.top - bottom);
            return below.length ? [Math.min(...below)] : [];
          });
          return {
            right: box.right,
            widest: Math.max(...cards.map((card) => card.right)),
            narrowest: Math.min(...cards.map((card) => card.width)),
            gaps,
          };
        });
        if (layout.right - layout.widest > 24)
          problems.push(
            `@${width}: the cards end ${Math.round(layout.right - layout.widest)}px short of the list's edge`,
          );
        if (layout.narrowest < 200)
          problems.push(`@${width}: a card is only ${Math.round(layout.narrowest)}px wide`);
        const widestGap = Math.max(...layout.gaps);
        if (widestGap > 12)
          problems.push(
            `@${width}: ${Math.round(widestGap)}px between a group heading and its cards`,
          );
      }
      expect(problems).toEqual([]);
    });
  });
});
