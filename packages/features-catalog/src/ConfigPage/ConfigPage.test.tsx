import { expectNoAxeViolations, type FakeBackend } from '@opsdeck/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ids, startCatalogBackend } from '../testing/catalogBackend.test.helper.ts';
import { currentUrl, hostAppView, renderCatalog } from '../testing/renderCatalog.test.helper.tsx';
import { catalogTestIds } from '../testIds.ts';

let backend: FakeBackend;
beforeAll(async () => {
  backend = await startCatalogBackend();
});
afterAll(() => backend.close());
afterEach(() => {
  cleanup();
  backend.reset();
});

const open = (path: string, extensions = hostAppView(['admin'])) =>
  renderCatalog(`/catalog/${ids.deployment}${path}`, { baseUrl: `${backend.url}/api`, extensions });

describe('a config', () => {
  it('shows its header with the other features’ actions, its tabs and its spec', async () => {
    open('');
    const header = await screen.findByTestId(catalogTestIds.config.header);
    expect(within(header).getByRole('heading', { name: 'payments-api' })).toBeTruthy();
    expect(within(header).getByText('Kubernetes › Deployment')).toBeTruthy();
    expect(within(header).getByText('healthy')).toBeTruthy();
    expect(within(header).getByText('Agent: local')).toBeTruthy();
    // A moment reads one way: relative with "ago", the absolute time on hover and focus.
    const scraped = within(header).getByText(/^Scraped \S+ ago$/);
    expect(scraped.tagName).toBe('TIME');
    expect(scraped.getAttribute('tabindex')).toBe('0');
    expect(within(header).getByRole('list', { name: 'Tags' }).textContent).toContain('prod-eu');
    expect(
      await within(header).findByRole('button', { name: 'Attach payments-api as Evidence' }),
    ).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Config sections' });
    // Each count is what its tab opens on: 1 change in the last 30 days, 1 open insight, the 3
    // configs of the walk, the 1 linked check; the Playbooks tab lists playbooks, not runs.
    await waitFor(() =>
      expect(
        within(tabs)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual([
        'Spec',
        'Changes (1)',
        'Insights (1)',
        'Relationships (3)',
        'Playbooks',
        'Checks (1)',
      ]),
    );
    const changesCount = backend.requestsTo('POST /api/catalog/changes')[0]!.body;
    expect(changesCount).toMatchObject({ id: ids.deployment, from: 'now-30d' });
    expect(
      backend.requestsTo('GET /api/db/config_analysis_items')[0]!.query.get('status.filter'),
    ).toBe('open');
    const spec = screen.getByTestId(catalogTestIds.config.spec);
    await waitFor(() => expect(spec.textContent).toContain('replicas: 3'));
    expect(screen.getByRole('link', { name: 'kubernetes-prod' }).getAttribute('href')).toBe(
      `/catalog/scrapers/${ids.scraper}`,
    );
    await userEvent.click(within(spec).getByRole('button', { name: 'JSON' }));
    await waitFor(() => expect(spec.textContent).toContain('"replicas": 3'));
    await userEvent.click(within(spec).getByRole('button', { name: 'Collapse' }));
    expect(within(spec).getByRole('button', { name: 'Expand' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    await expectNoAxeViolations();
  });

  it('leaves a viewer without the evidence action', async () => {
    open('', hostAppView(['viewer']));
    await screen.findByTestId(catalogTestIds.config.header);
    expect(screen.queryByRole('button', { name: /as Evidence/ })).toBeNull();
  });

  it('lists its changes, and one opens with its diff, noise hidden until asked for', async () => {
    open('/changes');
    const table = await screen.findByRole('table', { name: 'Changes of payments-api' });
    const row = await within(table).findByText('spec.replicas: 2 → 3');
    expect(backend.requestsTo('POST /api/catalog/changes')[0]!.body).toMatchObject({
      id: ids.deployment,
      from: 'now-30d',
      recursive: 'none',
      sort_by: '-created_at',
    });
    await userEvent.click(row);
    const dialog = await screen.findByRole('dialog');
    const diff = await within(dialog).findByTestId(catalogTestIds.diff.root);
    const changed = () =>
      within(diff)
        .queryAllByTestId(catalogTestIds.diff.line)
        .filter((line) => line.dataset.kind !== 'context')
        .map((line) => line.textContent);
    expect(changed()).toEqual(['removed: -  replicas: 2', 'added: +  replicas: 3']);
    await userEvent.click(within(diff).getByRole('button', { name: 'Show 2 noise lines' }));
    expect(changed()).toHaveLength(4);
    await userEvent.click(within(diff).getByRole('button', { name: 'Side by side' }));
    expect(
      within(diff).getByRole('button', { name: 'Side by side' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await expectNoAxeViolations();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('compares two versions rebuilt from the diffs', async () => {
    open('/changes');
    const compare = await screen.findByTestId(catalogTestIds.diff.compare);
    const lines = within(compare)
      .getAllByTestId(catalogTestIds.diff.line)
      .filter((line) => line.dataset.kind !== 'context')
      .map((line) => line.textContent);
    expect(lines).toEqual(['removed: -  replicas: 2', 'added: +  replicas: 3']);
  });

  it('lists its insights with severity, analyzer and when they were observed', async () => {
    open('/insights');
    const table = await screen.findByRole('table', { name: 'Insights of payments-api' });
    expect(await within(table).findByText('CVE-2026-1234 in openssl')).toBeTruthy();
    expect(within(table).getByText('trivy')).toBeTruthy();
    expect(within(table).getByText('high')).toBeTruthy();
    const { query } = backend.requestsTo('GET /api/db/config_analysis_items').at(-1)!;
    expect(query.get('config_id')).toBe(`eq.${ids.deployment}`);
    expect(query.get('status.filter')).toBe('open');
  });

  it('draws its relationships as a graph and a list, and links its components', async () => {
    open('/relationships');
    const graph = await screen.findByTestId(catalogTestIds.relationships.graph);
    const nodes = within(graph).getAllByTestId(catalogTestIds.relationships.node);
    expect(nodes.map((node) => node.querySelector('strong')?.textContent)).toEqual([
      'payments-api',
      'payments',
      'payments-api-7d9f',
    ]);
    expect(nodes[0]!.getAttribute('aria-current')).toBe('page');
    expect(backend.requestsTo('GET /api/db/rpc/related_configs_recursive')[0]!.url).toContain(
      'max_depth=10&type_filter=outgoing&incoming_relation=hard&outgoing_relation=hard',
    );
    expect(screen.getByRole('link', { name: 'Payments' }).getAttribute('href')).toBe(
      `/topology/${ids.component}`,
    );
    await expectNoAxeViolations();

    await userEvent.click(screen.getByRole('button', { name: 'List view' }));
    const list = await screen.findByRole('table', { name: 'Configs related to payments-api' });
    expect(within(list).getByText('Parent')).toBeTruthy();
    expect(within(list).getByText('Child')).toBeTruthy();
    expect(new URLSearchParams(currentUrl.search).get('view')).toBe('list');
  });

  it('asks for its relationships beside the config, not once the config has arrived', async () => {
    const walks = () => backend.requestsTo('GET /api/db/rpc/related_configs_recursive');
    let walkedBeforeTheConfig = false;
    // The config answers only once the walk has been asked for (or after 2 s, for a failure).
    backend.on('GET /api/db/config_detail', async () => {
      for (let waited = 0; waited < 2000 && walks().length === 0; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
      walkedBeforeTheConfig = walks().length > 0;
      return undefined;
    });
    open('/relationships?direction=all&soft=true&depth=3');
    const graph = await screen.findByTestId(catalogTestIds.relationships.graph);
    expect(within(graph).getAllByTestId(catalogTestIds.relationships.node)).toHaveLength(3);
    expect(walkedBeforeTheConfig).toBe(true);
    // One walk with the URL's arguments: the sub-page read the one already asked for. (The
    // tab's count asks the walk the tab opens on, without them.)
    const withArguments = walks().filter((walk) =>
      walk.url.includes(
        'max_depth=3&type_filter=all&incoming_relation=both&outgoing_relation=both',
      ),
    );
    expect(withArguments).toHaveLength(1);
  });

  it('caps a large graph and shows more on request', async () => {
    backend.on('GET /api/db/rpc/related_configs_recursive', [
      { id: ids.deployment, name: 'payments-api', type: 'Kubernetes::Deployment', related_ids: [] },
      ...Array.from({ length: 150 }, (_, index) => ({
        id: `pod-${index}`,
        name: `pod-${index}`,
        type: 'Kubernetes::Pod',
        related_ids: [ids.deployment],
      })),
    ]);
    open('/relationships');
    const graph = await screen.findByTestId(catalogTestIds.relationships.graph);
    expect(within(graph).getAllByTestId(catalogTestIds.relationships.node)).toHaveLength(60);
    expect(screen.getByText('Showing 60 of 151 configs.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(within(graph).getAllByTestId(catalogTestIds.relationships.node)).toHaveLength(120);
  });

  it('opens a linked check in the health modal', async () => {
    open('/checks');
    const link = await screen.findByRole('link', { name: 'payments-api-health' });
    expect(link.getAttribute('href')).toBe(`/health?checkId=${ids.check}`);
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: `Health check ${ids.check}` })).toBeTruthy();
  });

  it('states that playbooks are not available until the playbooks feature fills the tab', async () => {
    open('/playbooks');
    expect(await screen.findByText('Playbooks are not available in this console')).toBeTruthy();
    cleanup();
    open('/playbooks', hostAppView(['admin'], { withPlaybooks: true }));
    expect(await screen.findByText('Playbooks that accept payments-api')).toBeTruthy();
  });

  it('says so for an unknown config', async () => {
    renderCatalog('/catalog/nope', { baseUrl: `${backend.url}/api` });
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeTruthy();
  });
});
