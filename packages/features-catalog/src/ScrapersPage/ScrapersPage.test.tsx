import { expectNoAxeViolations, type FakeBackend } from '@opsdeck/testing';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ids, startCatalogBackend } from '../testing/catalogBackend.test.helper.ts';
import { currentUrl, hostAppView, renderCatalog } from '../testing/renderCatalog.test.helper.tsx';

let backend: FakeBackend;
beforeAll(async () => {
  backend = await startCatalogBackend();
});
afterAll(() => backend.close());
afterEach(() => {
  cleanup();
  backend.reset();
});

const open = (url: string) => renderCatalog(url, { baseUrl: `${backend.url}/api` });

describe('the catalog-wide pages', () => {
  it('lists changes across the catalog and filters them by severity', async () => {
    open('/catalog/changes');
    const table = await screen.findByRole('table', { name: 'Config changes' });
    expect(await within(table).findByRole('link', { name: 'payments-api' })).toBeTruthy();
    expect(backend.requestsTo('POST /api/catalog/changes')[0]!.body).toMatchObject({
      from: 'now-7d',
      to: 'now',
      page: 1,
      page_size: 50,
    });
    await expectNoAxeViolations();
    await userEvent.click(screen.getByRole('combobox', { name: 'Severity' }));
    await userEvent.click(await screen.findByRole('option', { name: 'High or more' }));
    await within(table).findByRole('link', { name: 'payments-api' });
    expect(new URLSearchParams(currentUrl.search).get('changes.severity.filter')).toBe('high');
    expect(backend.requestsTo('POST /api/catalog/changes').at(-1)!.body).toMatchObject({
      severity: 'high',
    });
  });

  it('lists insights across the catalog with their configs', async () => {
    open('/catalog/insights');
    const table = await screen.findByRole('table', { name: 'Config insights' });
    expect(await within(table).findByRole('link', { name: 'payments-api' })).toBeTruthy();
    expect(within(table).getByText('Kubernetes › Deployment')).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('lists scrapers, and one shows its configs and job history', async () => {
    open('/catalog/scrapers');
    const table = await screen.findByRole('table', { name: 'Scrapers' });
    await userEvent.click(await within(table).findByRole('link', { name: 'kubernetes-prod' }));
    expect(currentUrl.pathname).toBe(`/catalog/scrapers/${ids.scraper}`);
    const configs = await screen.findByRole('table', { name: 'Configs of kubernetes-prod' });
    expect(await within(configs).findByRole('link', { name: 'payments-api' })).toBeTruthy();
    expect(backend.requestsTo('GET /api/db/configs').at(-1)!.query.get('scraper_id')).toBe(
      `eq.${ids.scraper}`,
    );
    const jobs = screen.getByRole('table', { name: 'Runs of kubernetes-prod' });
    expect(await within(jobs).findByText('SUCCESS')).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('links each scraper to its settings editor, and offers Add scraper to a writer only', async () => {
    open('/catalog/scrapers');
    const table = await screen.findByRole('table', { name: 'Scrapers' });
    const editor = await within(table).findByRole('link', {
      name: 'Open kubernetes-prod in the editor',
    });
    expect(editor.getAttribute('href')).toBe(`/settings/config_scrapers/${ids.scraper}`);
    expect(screen.getByRole('link', { name: 'Add scraper' }).getAttribute('href')).toBe(
      '/settings/config_scrapers/new',
    );
    cleanup();
    // A viewer reads scrapers (the editor opens read-only) but may not add one.
    renderCatalog('/catalog/scrapers', {
      baseUrl: `${backend.url}/api`,
      extensions: hostAppView(['viewer']),
    });
    const viewed = await screen.findByRole('table', { name: 'Scrapers' });
    expect(
      await within(viewed).findByRole('link', { name: 'Open kubernetes-prod in the editor' }),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add scraper' })).toBeNull();
  });
});
