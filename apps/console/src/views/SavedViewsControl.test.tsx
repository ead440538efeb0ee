// @vitest-environment jsdom
import { createApiClient } from '@opsdeck/api-client';
import { ApiClientProvider } from '@opsdeck/api-client/react';
import { createFakeBackend, dbError, type FakeBackend } from '@opsdeck/testing';
import { OpsdeckThemeProvider, ToastProvider } from '@opsdeck/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { SavedViewsControl } from './SavedViewsControl.tsx';

const ME = 'person-me';
const failing = {
  id: 'v1',
  name: 'Failing in production',
  page: '/health',
  search: 'namespace=production&status=unhealthy',
  created_by: ME,
  team_id: null,
};
const shared = {
  ...failing,
  id: 'v2',
  name: 'Payments',
  search: 'namespace=payments',
  created_by: 'someone',
  team_id: 't1',
};

let backend: FakeBackend | undefined;
afterEach(async () => {
  cleanup();
  await backend?.close();
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

async function renderAt(url: string, routes: Parameters<typeof createFakeBackend>[0]) {
  backend = await createFakeBackend({
    'GET /api/db/saved_views': [failing, shared],
    'GET /api/db/saved_view_defaults': [],
    'GET /api/db/team_members': [{ team_id: 't1' }],
    'GET /api/db/teams': [{ id: 't1', name: 'payments' }],
    ...routes,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = createApiClient({ baseUrl: `${backend.url}/api` });
  const page = { path: '/health', title: 'Health' };
  const router = createMemoryRouter(
    [
      {
        path: '/health',
        element: (
          <>
            <SavedViewsControl page={page} userId={ME} />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <OpsdeckThemeProvider>
      <ToastProvider>
        <QueryClientProvider client={queryClient}>
          <ApiClientProvider client={client}>
            <RouterProvider router={router} />
          </ApiClientProvider>
        </QueryClientProvider>
      </ToastProvider>
    </OpsdeckThemeProvider>,
  );
  return { router, backend };
}

const where = () => screen.getByTestId('where').textContent;

describe('the Views control', () => {
  it('opens a bare page with my default view once, as a replace; clearing the filters keeps them clear', async () => {
    const { router } = await renderAt('/health', {
      'GET /api/db/saved_view_defaults': [{ page: '/health', view_id: 'v1' }],
    });
    await waitFor(() => expect(where()).toBe('/health?namespace=production&status=unhealthy'));
    expect(router.state.historyAction).toBe('REPLACE');
    // The user clears the filters on purpose: the default is not applied again in this visit.
    await router.navigate('/health');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(where()).toBe('/health');
  });

  it('leaves a page opened with a search alone', async () => {
    await renderAt('/health?status=healthy', {
      'GET /api/db/saved_view_defaults': [{ page: '/health', view_id: 'v1' }],
    });
    await screen.findByRole('button', { name: /Views/ });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(where()).toBe('/health?status=healthy');
  });

  it("lists my views and my teams' shared ones, and opens one as a push", async () => {
    const user = userEvent.setup();
    const { router } = await renderAt('/health?status=healthy', {});
    await user.click(await screen.findByRole('button', { name: /Views/ }));
    const panel = await screen.findByRole('dialog', { name: 'Saved views of Health' });
    await within(panel).findByRole('button', { name: 'Payments' });
    // Another's shared view is read-only: no rename or delete for it.
    expect(within(panel).queryByRole('button', { name: 'Delete Payments' })).toBeNull();
    expect(
      within(panel).getByRole('button', { name: 'Delete Failing in production' }),
    ).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Failing in production' }));
    expect(where()).toBe('/health?namespace=production&status=unhealthy');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('saves the current URL under a name, shared with my team, as my default', async () => {
    const user = userEvent.setup();
    const { backend } = await renderAt('/health?status=unhealthy&namespace=&page=2', {
      'POST /api/db/saved_views': [{ ...failing, id: 'v3', name: 'Mine' }],
      'POST /api/db/saved_view_defaults': [],
    });
    await user.click(await screen.findByRole('button', { name: /Views/ }));
    await user.click(await screen.findByRole('button', { name: 'Save current view…' }));
    const form = await screen.findByRole('dialog', { name: 'Save a view of Health' });
    await user.type(within(form).getByLabelText('Name'), 'Mine');
    await within(form).findByRole('option', { name: 'Team payments' });
    await user.selectOptions(within(form).getByLabelText('Shared with'), 't1');
    await user.click(within(form).getByLabelText('Open Health with this view'));
    await user.click(within(form).getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Save a view/ })).toBeNull());
    const [post] = backend.requestsTo('POST /api/db/saved_views');
    expect(post!.body).toEqual({
      name: 'Mine',
      page: '/health',
      search: 'status=unhealthy',
      team_id: 't1',
    });
    const [setDefault] = backend.requestsTo('POST /api/db/saved_view_defaults');
    expect(setDefault!.body).toEqual({ page: '/health', view_id: 'v3' });
  });

  it('keeps every typed value and says why when the server refuses the save', async () => {
    const user = userEvent.setup();
    await renderAt('/health?status=unhealthy', {
      'POST /api/db/saved_views': dbError(409, 'you already have a view named "Mine" on /health', {
        code: '23505',
      }),
    });
    await user.click(await screen.findByRole('button', { name: /Views/ }));
    await user.click(await screen.findByRole('button', { name: 'Save current view…' }));
    const form = await screen.findByRole('dialog', { name: 'Save a view of Health' });
    await user.type(within(form).getByLabelText('Name'), 'Mine');
    await within(form).findByRole('option', { name: 'Team payments' });
    await user.selectOptions(within(form).getByLabelText('Shared with'), 't1');
    await user.click(within(form).getByLabelText('Open Health with this view'));
    await user.click(within(form).getByRole('button', { name: 'Save view' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(
      /already have a view named/,
    );
    expect(within(form).getByLabelText<HTMLInputElement>('Name').value).toBe('Mine');
    expect(within(form).getByLabelText<HTMLSelectElement>('Shared with').value).toBe('t1');
    expect(
      within(form).getByLabelText<HTMLInputElement>('Open Health with this view').checked,
    ).toBe(true);
  });
});
