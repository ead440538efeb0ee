import { expectNoAxeViolations, json, type FakeBackend } from '@opsdeck/testing';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { topologyTestIds } from '../testIds.ts';
import { fixtureIds, startTopologyBackend } from '../testing/topologyBackend.test.helper.ts';
import { currentUrl, hostAppView, renderTopology } from '../testing/renderTopology.test.helper.tsx';

let backend: FakeBackend;
beforeAll(async () => {
  backend = await startTopologyBackend();
});
afterAll(() => backend.close());
afterEach(() => {
  cleanup();
  backend.reset();
});

const cardNames = () =>
  screen
    .queryAllByTestId(topologyTestIds.card)
    .map((card) => within(card).getAllByRole('link')[0]!.textContent);

function renderComponent(id: string, roles = ['admin']) {
  return renderTopology(`/topology/${id}`, {
    baseUrl: `${backend.url}/api`,
    extensions: hostAppView(roles),
  });
}

describe('a component page', () => {
  it('shows the component, its children as cards and its details, with the other features’ actions', async () => {
    renderComponent(fixtureIds.cluster);
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByText('cluster').getAttribute('aria-current')).toBe('page');
    expect(backend.requestsTo('GET /api/canary/api/topology').at(-1)!.url).toBe(
      `/api/canary/api/topology?id=${fixtureIds.cluster}&depth=3`,
    );
    // Both children healthy: name order.
    expect(cardNames()).toEqual(['Nodes', 'Pods']);
    const nodes = screen.getAllByTestId(topologyTestIds.card)[0]!;
    expect(
      within(within(nodes).getByRole('list', { name: 'Children of Nodes' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['node-a', 'node-b']);

    const panel = screen.getByTestId(topologyTestIds.component.panel);
    const checks = within(panel).getByRole('region', { name: 'Checks' });
    // The header's counts take in the children's; the panel's lists are the component's own, and
    // both say so.
    const header = screen.getAllByRole('list', { name: 'Summary' })[0]!;
    expect(within(header).getAllByRole('listitem').length).toBeGreaterThan(0);
    for (const item of within(header).getAllByRole('listitem'))
      expect(item.textContent).toMatch(/child|children|here and below$/);
    expect(
      within(checks).getByText('Linked to this component itself, not its children'),
    ).toBeTruthy();
    // The check opens the health modal through the bound route (console §2: checkId in the URL).
    expect(
      (await within(checks).findByRole('link', { name: 'api-health' })).getAttribute('href'),
    ).toBe('/health?checkId=check-api');
    expect(within(checks).getByRole('img', { name: 'Status: unhealthy' })).toBeTruthy();
    const configs = within(panel).getByRole('region', { name: 'Configs' });
    expect(
      (await within(configs).findByRole('link', { name: 'deploy/api' })).getAttribute('href'),
    ).toBe('/catalog/config-1');
    const incidents = within(panel).getByRole('region', { name: 'Incidents' });
    expect(
      (await within(incidents).findByRole('link', { name: 'API latency' })).getAttribute('href'),
    ).toBe('/incidents/incident-1');
    expect(within(panel).getByRole('region', { name: 'Insights' }).textContent).toContain(
      'security: 1 critical',
    );
    expect(backend.requestsTo('GET /api/db/checks_by_component')[0]!.url).toBe(
      `/api/db/checks_by_component?component_id=eq.${fixtureIds.cluster}`,
    );

    const actions = screen.getByTestId(topologyTestIds.component.actions);
    expect(
      await within(actions).findByRole('button', { name: 'Attach cluster as Evidence' }),
    ).toBeTruthy();
    expect(within(actions).getByRole('button', { name: 'Playbooks for cluster' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('leaves a contribution out for a user without its capability, and draws names without unbound links', async () => {
    renderComponent(fixtureIds.cluster, ['viewer']);
    const actions = await screen.findByTestId(topologyTestIds.component.actions);
    expect(
      await within(actions).findByRole('button', { name: 'Playbooks for cluster' }),
    ).toBeTruthy();
    expect(within(actions).queryByRole('button', { name: /as Evidence/ })).toBeNull();
    cleanup();
    // No app bindings (no provider): the names show, without links.
    renderTopology(`/topology/${fixtureIds.cluster}`, { baseUrl: `${backend.url}/api` });
    const checks = await screen.findByRole('region', { name: 'Checks' });
    expect(await within(checks).findByText('api-health')).toBeTruthy();
    expect(within(checks).queryByRole('link')).toBeNull();
  });

  it('opens the health modal from a check', async () => {
    const user = userEvent.setup();
    renderComponent(fixtureIds.cluster);
    await user.click(await screen.findByRole('link', { name: 'api-health' }));
    expect(await screen.findByRole('heading', { name: 'Health check check-api' })).toBeTruthy();
    expect(currentUrl.pathname + currentUrl.search).toBe('/health?checkId=check-api');
  });

  it('draws the breadcrumb of its parents and goes up with Backspace', async () => {
    const user = userEvent.setup();
    renderComponent(fixtureIds.nodeA);
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByText('node-a').getAttribute('aria-current')).toBe('page');
    await waitFor(() =>
      expect(
        within(crumbs)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Topology', 'cluster', 'Nodes']),
    );
    expect(within(crumbs).getByRole('link', { name: 'Nodes' }).getAttribute('href')).toBe(
      `/topology/${fixtureIds.nodes}`,
    );
    expect(backend.requestsTo('GET /api/db/components')[0]!.query.get('id')).toBe(
      `in.(${fixtureIds.cluster},${fixtureIds.nodes})`,
    );
    // From a focused control on the page (only text fields keep Backspace for themselves).
    act(() => screen.getAllByRole('button', { name: 'Small' })[0]!.focus());
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(currentUrl.pathname).toBe(`/topology/${fixtureIds.nodes}`));
  });

  it('goes up from a root component to the index, and toggles the card size in the URL', async () => {
    const user = userEvent.setup();
    renderComponent(fixtureIds.cluster);
    await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await user.click(screen.getByRole('button', { name: 'Large' }));
    expect(new URLSearchParams(currentUrl.search).get('size')).toBe('large');
    expect(screen.getByTestId(topologyTestIds.grid).getAttribute('data-size')).toBe('large');
    expect(screen.getByRole('button', { name: 'Large' }).getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(currentUrl.pathname).toBe('/topology'));
  });

  it('does not show the last component while the next one loads', async () => {
    const user = userEvent.setup();
    // Nodes answers slowly; anything else falls through to the table.
    backend.on('GET /api/canary/api/topology', ({ query }) =>
      query.get('id') === fixtureIds.nodes ? json(null, { delay: 500 }) : undefined,
    );
    renderComponent(fixtureIds.cluster);
    const grid = await screen.findByTestId(topologyTestIds.grid);
    await user.click(within(grid).getByRole('link', { name: 'Nodes' }));
    await waitFor(() => expect(currentUrl.pathname).toBe(`/topology/${fixtureIds.nodes}`));
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull();
    expect(screen.getByRole('status', { name: 'Loading components' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeTruthy();
  });

  it('draws only the cards in view of a component with hundreds of children; the keyboard reaches every one', async () => {
    const user = userEvent.setup();
    const child = (n: number) => ({
      id: `pod-${n}`,
      name: `pod-${String(n).padStart(3, '0')}`,
      type: 'KubernetesPod',
      status: 'healthy',
      properties: [],
      components: [],
    });
    const pods = Array.from({ length: 300 }, (_, n) => child(n));
    // The console's shell scrolls its main area; here the body stands in for it.
    document.body.style.overflowY = 'auto';
    onTestFinished(() => {
      document.body.style.overflowY = '';
    });
    backend.on('GET /api/canary/api/topology', ({ query }) =>
      query.get('id') === fixtureIds.nodes
        ? json({
            components: [
              { id: fixtureIds.nodes, name: 'Nodes', status: 'healthy', components: pods },
            ],
            healthStatuses: ['healthy'],
            teams: [],
            tags: null,
            types: ['KubernetesPod'],
          })
        : undefined,
    );
    renderComponent(fixtureIds.nodes);
    const grid = await screen.findByRole('list', { name: 'Children of Nodes' });
    await waitFor(() => expect(cardNames()[0]).toBe('pod-000'));
    const drawn = screen.getAllByTestId(topologyTestIds.card).length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(40);
    // Every card still says where it sits in the whole list.
    const first = within(grid).getAllByRole('listitem')[0]!;
    expect(first.getAttribute('aria-setsize')).toBe('300');
    within(first).getAllByRole('link')[0]!.focus();
    await user.keyboard('{End}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('pod-299'));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('pod-298'));
    await user.keyboard('{Home}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('pod-000'));
    expect(screen.getAllByTestId(topologyTestIds.card).length).toBeLessThan(40);
    await expectNoAxeViolations();
  });

  it('spells every type as a path (AWS › EC2 › Instance) in its header, its cards and its panel, the stored type on hover', async () => {
    const instance = {
      id: 'instance-1',
      name: 'ip-10-0-0-1',
      type: 'AWS::EC2::Instance',
      status: 'healthy',
      properties: [],
      components: [],
    };
    backend.on('GET /api/canary/api/topology', ({ query }) =>
      query.get('id') === fixtureIds.nodes
        ? json({
            components: [
              {
                id: fixtureIds.nodes,
                name: 'EC2',
                type: 'AWS::EC2',
                status: 'healthy',
                components: [instance],
              },
            ],
            healthStatuses: ['healthy'],
            teams: [],
            tags: null,
            types: ['AWS::EC2::Instance'],
          })
        : undefined,
    );
    renderComponent(fixtureIds.nodes);
    const card = await screen.findByTestId(topologyTestIds.card);
    expect(within(card).getByText('AWS › EC2 › Instance').getAttribute('title')).toBe(
      'AWS::EC2::Instance',
    );
    expect(screen.getByTestId(topologyTestIds.component.root).textContent).not.toMatch(/\w::\w/);
    expect(screen.getAllByText('AWS › EC2').length).toBeGreaterThan(0);
  });

  it('spells a linked config’s type as a path in the panel', async () => {
    renderComponent(fixtureIds.cluster);
    const panel = await screen.findByTestId(topologyTestIds.component.panel);
    const configs = within(panel).getByRole('region', { name: 'Configs' });
    await within(configs).findByRole('link', { name: 'deploy/api' });
    expect(configs.textContent).toContain('Kubernetes › Deployment');
    expect(configs.textContent).not.toContain('Kubernetes::Deployment');
  });

  it('says Not found for an unknown component', async () => {
    renderComponent('no-such-component');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeTruthy();
  });
});

describe('the standalone card', () => {
  it('draws the one component as a card whose links leave the iframe', async () => {
    renderTopology(`/view/topology/${fixtureIds.cluster}`, { baseUrl: `${backend.url}/api` });
    const card = await screen.findByTestId(topologyTestIds.card);
    const title = within(card).getAllByRole('link')[0]!;
    expect(title.textContent).toBe('cluster');
    expect(title.getAttribute('target')).toBe('_top');
    expect(title.getAttribute('href')).toBe(`/topology/${fixtureIds.cluster}`);
    expect(backend.last().url).toBe(`/api/canary/api/topology?id=${fixtureIds.cluster}&depth=2`);
    expect(screen.getAllByTestId(topologyTestIds.card)).toHaveLength(1);
    await expectNoAxeViolations();
  });
});
