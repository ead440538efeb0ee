import { expectNoAxeViolations, json, text, type FakeBackend } from '@opsdeck/testing';
import { pageSearchSelector } from '@opsdeck/ui';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { topologyTestIds } from '../testIds.ts';
import { fixtureIds, startTopologyBackend } from '../testing/topologyBackend.test.helper.ts';
import {
  currentUrl,
  renderTopology,
  routerHistory,
} from '../testing/renderTopology.test.helper.tsx';

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
const params = () => new URLSearchParams(currentUrl.search);
const topologyRequests = () => backend.requestsTo('GET /api/canary/api/topology');
const lastQuery = () => topologyRequests().at(-1)!.query;

function renderIndex(url = '/topology') {
  return renderTopology(url, { baseUrl: `${backend.url}/api` });
}

describe('the topology index', () => {
  it('shows the root components of the real tree as cards, worst first, with their summaries', async () => {
    renderIndex();
    await waitFor(() =>
      expect(cardNames()).toEqual(['logistics', 'cluster', 'flux', 'payments-api']),
    );
    expect([...lastQuery()]).toEqual([
      ['depth', '2'],
      ['sortBy', 'status'],
      ['sortOrder', 'desc'],
    ]);
    expect(screen.getByTestId(topologyTestIds.index.count).textContent).toBe('4 components');
    const logistics = screen.getAllByTestId(topologyTestIds.card)[0]!;
    expect(logistics.getAttribute('data-status')).toBe('warning');
    expect(within(logistics).getAllByRole('img', { name: 'Status: warning' })).toHaveLength(2);
    const summary = within(logistics).getByRole('list', { name: 'Summary' }).querySelectorAll('li');
    // Children by health, then the checks, open incidents and insights of it and its children,
    // each saying what it counts; the warning says what it rolled up.
    expect([...summary].map((item) => item.textContent)).toEqual([
      '1 warning child',
      '1 healthy child',
      '1 check failing here and below',
      '2 checks passing here and below',
      '1 open incident here and below',
      '1 insight here and below',
    ]);
    expect(within(logistics).getByText('Rolled up: 1 of 2 children warning')).toBeTruthy();
    // Child rows, worst first, link to the children's pages.
    const children = within(logistics).getByRole('list', { name: 'Children of logistics' });
    expect(
      within(children)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['logistics-api', 'logistics-ui']);
    expect(within(logistics).getAllByRole('link')[0]!.getAttribute('href')).toBe(
      `/topology/${fixtureIds.logistics}`,
    );
    await expectNoAxeViolations();
  });

  it('sends an included label to the endpoint and keeps the filter in the URL', async () => {
    const user = userEvent.setup();
    renderIndex();
    await waitFor(() => expect(cardNames()).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: /^Labels/ }));
    await user.click(screen.getByRole('button', { name: 'Include telemetry=enabled' }));
    await waitFor(() => expect(cardNames()).toEqual(['logistics']));
    expect(params().get('labels')).toBe('telemetry=enabled:1');
    expect(lastQuery().get('labels')).toBe('telemetry=enabled');
  });

  it('excludes a health status through the request and the reply, and restores it from the URL', async () => {
    const user = userEvent.setup();
    renderIndex();
    await waitFor(() => expect(cardNames()).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: /^Health/ }));
    await user.click(screen.getByRole('button', { name: 'Exclude healthy' }));
    await waitFor(() => expect(cardNames()).toEqual(['logistics']));
    expect(params().get('status')).toBe('healthy:-1');
    expect(lastQuery().get('status')).toBe('!healthy');
    cleanup();
    renderIndex(`/topology?${params().toString()}`);
    await waitFor(() => expect(cardNames()).toEqual(['logistics']));
  });

  it('hides passing components, sorts by name and flips the order, all in the URL', async () => {
    const user = userEvent.setup();
    renderIndex();
    await waitFor(() => expect(cardNames()).toHaveLength(4));
    await user.click(screen.getByRole('switch', { name: 'Hide passing' }));
    await waitFor(() => expect(cardNames()).toEqual(['logistics']));
    expect(params().get('hidePassing')).toBe('true');
    expect(lastQuery().get('hidePassing')).toBe('true');
    await user.click(screen.getByRole('switch', { name: 'Hide passing' }));
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(screen.getByRole('option', { name: 'Name' }));
    // The order stays descending, the reference default.
    await waitFor(() =>
      expect(cardNames()).toEqual(['payments-api', 'logistics', 'flux', 'cluster']),
    );
    await user.click(screen.getByRole('button', { name: 'Sort order: descending' }));
    await waitFor(() =>
      expect(cardNames()).toEqual(['cluster', 'flux', 'logistics', 'payments-api']),
    );
    expect(params().get('sortBy')).toBe('name');
    expect(params().get('sortOrder')).toBe('asc');
    expect(params().get('hidePassing')).toBeNull();
    expect(lastQuery().get('sortBy')).toBe('name');
  });

  it('asks for an owner once typing pauses', async () => {
    renderIndex();
    await waitFor(() => expect(cardNames()).toHaveLength(4));
    fireEvent.change(screen.getByRole('textbox', { name: 'Owner' }), {
      target: { value: 'logistics-team' },
    });
    expect(params().get('owner')).toBeNull();
    await waitFor(() => expect(params().get('owner')).toBe('logistics-team'));
    await waitFor(() => expect(cardNames()).toEqual(['logistics']));
    expect(lastQuery().get('owner')).toBe('logistics-team');
  });

  it('filters the cards by name from its search box (the one `/` focuses), in the URL; Back undoes it', async () => {
    renderIndex('/topology?size=large');
    await waitFor(() => expect(cardNames()).toHaveLength(4));
    const box = screen.getByRole('searchbox', { name: 'Search' });
    expect(box.matches(pageSearchSelector)).toBe(true);
    const requests = topologyRequests().length;
    fireEvent.change(box, { target: { value: 'PAY' } });
    await waitFor(() => expect(params().get('search')).toBe('PAY'));
    await waitFor(() => expect(cardNames()).toEqual(['payments-api']));
    expect(params().get('size')).toBe('large');
    // Filtered in the page: the topology is not asked for again.
    expect(topologyRequests()).toHaveLength(requests);
    act(() => routerHistory.back());
    await waitFor(() => expect(cardNames()).toHaveLength(4));
    expect(params().get('search')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('moves between cards with the arrow keys and opens one with Enter', async () => {
    const user = userEvent.setup();
    renderIndex();
    await waitFor(() => expect(cardNames()).toHaveLength(4));
    const links = () =>
      screen
        .getAllByTestId(topologyTestIds.card)
        .map((card) => within(card).getAllByRole('link')[0]!);
    act(() => links()[0]!.focus());
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(links()[1]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(links()[3]);
    await user.keyboard('{ArrowLeft}{Home}{ArrowRight}');
    expect(document.activeElement).toBe(links()[1]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentUrl.pathname).toBe(`/topology/${fixtureIds.cluster}`));
  });

  it('switches the card size through the URL', async () => {
    const user = userEvent.setup();
    renderIndex();
    await waitFor(() => expect(cardNames()).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Small' }));
    expect(params().get('size')).toBe('small');
    expect(screen.getByTestId(topologyTestIds.grid).getAttribute('data-size')).toBe('small');
    // Small cards keep name, status and counts, and drop the child rows.
    expect(screen.queryByRole('list', { name: 'Children of logistics' })).toBeNull();
  });

  it('says so when nothing matches, and shows the error of a failed request', async () => {
    backend.on('GET /api/canary/api/topology', json(null));
    renderIndex();
    expect(await screen.findByText('No resources found')).toBeTruthy();
    cleanup();
    backend.on(
      'GET /api/canary/api/topology',
      text('unauthorized. Access Denied', {
        status: 403,
        headers: { 'X-Rbac-Object': 'topology', 'X-Rbac-Action': 'read' },
      }),
    );
    renderIndex();
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(document.body.textContent).toMatch(/topology/);
  });

  it('shows card skeletons while the topology loads', async () => {
    backend.on('GET /api/canary/api/topology', json(null, { delay: 400 }));
    renderIndex();
    expect(screen.getByRole('status', { name: 'Loading components' })).toBeTruthy();
    expect(await screen.findByText('No resources found')).toBeTruthy();
  });
});
