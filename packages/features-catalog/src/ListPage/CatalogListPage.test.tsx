import { expectNoAxeViolations, json, serverError, type FakeBackend } from '@opsdeck/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ids, startCatalogBackend } from '../testing/catalogBackend.test.helper.ts';
import { currentUrl, renderCatalog } from '../testing/renderCatalog.test.helper.tsx';
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

const open = (url: string) => renderCatalog(url, { baseUrl: `${backend.url}/api` });
// The list asks for a page of rows, then (once they are in) for the count of the same filters.
const pageRequests = () =>
  backend.requestsTo('GET /api/db/configs').filter(({ query }) => query.get('limit') !== '0');
const countRequests = () =>
  backend.requestsTo('GET /api/db/configs').filter(({ query }) => query.get('limit') === '0');

describe('the catalog list', () => {
  it("opens narrowed from a config's type link, and drops a filter value the route refuses", async () => {
    open(`/catalog/${ids.deployment}`);
    await userEvent.click(
      await screen.findByRole('link', { name: 'Every Kubernetes::Deployment config' }),
    );
    // The config page's type link is the list's own filter, typed by the list route's schema.
    await waitFor(() => expect(currentUrl.pathname).toBe('/catalog'));
    expect(new URLSearchParams(currentUrl.search).get('type.filter')).toBe(
      'Kubernetes________Deployment:1',
    );
    await screen.findByRole('table', { name: 'Configs' });
    await waitFor(() =>
      expect(pageRequests().at(-1)?.query.get('type')).toBe('eq.Kubernetes::Deployment'),
    );
    cleanup();

    // A hand-edited health the schema refuses is not asked for; the valid type filter stays.
    const before = pageRequests().length;
    open('/catalog?type.filter=AWS________EC2________Instance:1&health.filter=bogus:1');
    await screen.findByRole('table', { name: 'Configs' });
    await waitFor(() => expect(pageRequests().length).toBeGreaterThan(before));
    const asked = pageRequests().at(-1)!;
    expect(asked.query.get('type')).toBe('eq.AWS::EC2::Instance');
    expect(asked.url).not.toContain('bogus');
  });

  it('starts grouped by type with counts, and a type opens its configs through the URL', async () => {
    open('/catalog');
    const groups = await screen.findByRole('table', { name: 'Config types' });
    expect(await within(groups).findByText('Kubernetes › Deployment')).toBeTruthy();
    expect(screen.getByTestId(catalogTestIds.list.count).textContent).toBe('15 configs in 2 types');
    expect(backend.requestsTo('POST /api/catalog/summary')[0]!.body).toMatchObject({
      groupBy: ['type'],
      cost: '30d',
    });
    expect(backend.requestsTo('GET /api/db/configs')).toHaveLength(0);
    await expectNoAxeViolations();

    await userEvent.click(within(groups).getByText('AWS › EC2 › Instance'));
    // Console §3: a colon inside a tri-state value is written as four underscores.
    await waitFor(() =>
      expect(new URLSearchParams(currentUrl.search).get('type.filter')).toBe(
        'AWS________EC2________Instance:1',
      ),
    );
    const table = await screen.findByRole('table', { name: 'Configs' });
    expect(await within(table).findByRole('link', { name: 'bastion-1' })).toBeTruthy();
    const request = pageRequests().at(-1)!;
    expect(request.query.get('type')).toBe('eq.AWS::EC2::Instance');
    expect(request.headers.prefer).toBeUndefined();
    // The total is the count of the same filters, asked apart with count=estimated.
    await waitFor(() => expect(countRequests()).toHaveLength(1));
    const counted = countRequests()[0]!;
    expect(counted.query.get('type')).toBe('eq.AWS::EC2::Instance');
    expect(counted.query.get('select')).toBe('id');
    expect(counted.headers.prefer).toBe('count=estimated');
    expect(within(table).getByText('AWS › EC2 › Instance')).toBeTruthy();
    expect(within(table).getByText('warning')).toBeTruthy();
    expect(within(table).getByText('$18.40')).toBeTruthy();
    expect(screen.getByTestId(catalogTestIds.list.count).textContent).toBe('1 configs');
    await expectNoAxeViolations();
  });

  it('stops saying it loads once the list has failed, and shows why', async () => {
    backend.on('GET /api/db/configs', serverError(503, 'the database is busy, try again shortly'));
    open('/catalog?groupBy=none');
    const table = await screen.findByRole('table', { name: 'Configs' });
    await within(table).findByText(/the database is busy, try again shortly/);
    expect(screen.getByTestId(catalogTestIds.list.count).textContent).toBe('');
  });

  it('reads its search, sort and page from the URL and sends them to the server', async () => {
    open('/catalog?search.filter=pay&sortBy=name&sortOrder=desc&pageIndex=1&pageSize=25');
    const table = await screen.findByRole('table', { name: 'Configs' });
    expect(await within(table).findByRole('link', { name: 'payments-api' })).toBeTruthy();
    const { query } = pageRequests().at(-1)!;
    expect(query.get('or')).toBe(
      '(name.ilike.*pay*,type.ilike.*pay*,description.ilike.*pay*,namespace.ilike.*pay*)',
    );
    expect(query.get('order')).toBe('name.desc');
    expect(query.get('offset')).toBe('25');
    expect(query.get('limit')).toBe('25');
    expect(screen.getByRole('searchbox', { name: 'Search configs' })).toHaveProperty(
      'value',
      'pay',
    );
    expect(within(table).getAllByRole('list', { name: /Labels of/ })[0]!.textContent).toContain(
      'app',
    );
  });

  it('tells configs of one name apart by where they live, under the name', async () => {
    open('/catalog?groupBy=none');
    const table = await screen.findByRole('table', { name: 'Configs' });
    const link = await within(table).findByRole('link', { name: 'payments-api' });
    expect(link.closest('td')!.textContent).toBe('payments-apipayments · prod-eu');
  });

  it('asks for a typed search’s rows once, when it settles, and shows them', async () => {
    open('/catalog?groupBy=none');
    const table = await screen.findByRole('table', { name: 'Configs' });
    await within(table).findByRole('link', { name: 'payments-api' });
    const searched = () =>
      pageRequests().filter(({ query }) => query.get('or')?.startsWith('(name.ilike.'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search configs' }), 'pay');
    await waitFor(() =>
      expect(new URLSearchParams(currentUrl.search).get('search.filter')).toBe('pay'),
    );
    await waitFor(() =>
      expect(
        within(table)
          .queryAllByRole('link')
          .map((link) => link.textContent),
      ).toContain('payments-api'),
    );
    // The request sent as the search settled is the one the page reads: not a second one.
    expect(searched().map(({ query }) => [query.get('or'), query.get('offset')])).toEqual([
      ['(name.ilike.*pay*,type.ilike.*pay*,description.ilike.*pay*,namespace.ilike.*pay*)', '0'],
    ]);
    // …and its count is asked once, after the rows.
    await waitFor(() =>
      expect(
        countRequests().filter(({ query }) => query.get('or')?.includes('*pay*')),
      ).toHaveLength(1),
    );
  });

  it('shows the count of its filters, and pages without counting again', async () => {
    backend.on('GET /api/db/configs', ({ query }) =>
      json(
        query.get('limit') === '0'
          ? []
          : [
              {
                id: '0193a2f0-0000-7000-8000-000000000001',
                name: 'payments-api',
                type: 'Kubernetes::Deployment',
              },
            ],
        {
          headers: { 'Content-Range': query.get('limit') === '0' ? '*/120' : '0-0/*' },
        },
      ),
    );
    open('/catalog?groupBy=none&pageSize=50');
    await waitFor(() =>
      expect(screen.getByTestId(catalogTestIds.list.count).textContent).toBe('120 configs'),
    );
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(new URLSearchParams(currentUrl.search).get('pageIndex')).toBe('1'));
    await waitFor(() => expect(pageRequests()).toHaveLength(2));
    expect(pageRequests()[1]!.query.get('offset')).toBe('50');
    expect(countRequests()).toHaveLength(1);
    expect(screen.getByTestId(catalogTestIds.list.count).textContent).toBe('120 configs');
  });

  it('opens a config from the keyboard', async () => {
    open('/catalog?groupBy=none');
    const table = await screen.findByRole('table', { name: 'Configs' });
    await within(table).findByRole('link', { name: 'payments-api' });
    const [firstRow] = within(table).getAllByRole('row').slice(1);
    firstRow!.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(currentUrl.pathname).toMatch(/^\/catalog\/0193a2f0-/));
  });

  it('opens a config from its name, and leaves a Ctrl+click to the browser', async () => {
    open('/catalog?groupBy=none');
    const table = await screen.findByRole('table', { name: 'Configs' });
    const link = await within(table).findByRole('link', { name: 'payments-api' });
    expect(link.getAttribute('href')).toMatch(/^\/catalog\/0193a2f0-/);
    const user = userEvent.setup();
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    expect(currentUrl.pathname).toBe('/catalog');
    await user.click(link);
    await waitFor(() => expect(currentUrl.pathname).toBe(link.getAttribute('href')));
  });

  it('turns grouping off in the URL and lists every config', async () => {
    open('/catalog');
    await screen.findByRole('table', { name: 'Config types' });
    await userEvent.click(screen.getByRole('button', { name: 'Group by type' }));
    expect(await screen.findByRole('table', { name: 'Configs' })).toBeTruthy();
    expect(new URLSearchParams(currentUrl.search).get('groupBy')).toBe('none');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('says so when nothing matches, and shows what failed when the load fails', async () => {
    backend.on('GET /api/db/configs', []);
    open('/catalog?groupBy=none');
    expect(await screen.findByText('No resources found')).toBeTruthy();
    cleanup();
    backend.on('GET /api/db/configs', serverError(500, 'internal error'));
    open('/catalog?groupBy=none');
    expect((await screen.findByRole('alert')).textContent).toContain('internal error');
  });
});
