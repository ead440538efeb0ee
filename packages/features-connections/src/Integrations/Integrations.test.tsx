import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ids, startConnectionsBackend } from '../testing/connectionsBackend.test.helper.ts';
import { renderConnections } from '../testing/renderConnections.test.helper.tsx';
import { FLUX_WARNING } from '../Wizard/AddIntegrationWizard.tsx';

let backend: Awaited<ReturnType<typeof startConnectionsBackend>>;
beforeEach(async () => {
  backend = await startConnectionsBackend();
});
afterEach(async () => {
  cleanup();
  await backend.close();
});

const baseUrl = () => `${backend.url}/api`;

describe('the integrations list', () => {
  it('pages integrations_with_status with the last job, and a row opens its editor', async () => {
    const user = userEvent.setup();
    const { router } = renderConnections('/settings/integrations', { baseUrl: baseUrl() });
    const row = (await screen.findByRole('link', { name: 'payments-topology' })).closest('tr')!;
    expect(within(row).getByText('Topology')).toBeTruthy();
    expect(within(row).getByText('FAILED')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    const request = backend.requestsTo('GET /api/db/integrations_with_status')[0]!;
    expect(request.query.get('limit')).toBe('50');
    expect(request.query.get('offset')).toBe('0');
    expect(request.query.get('order')).toBe('created_at.desc');

    await user.click(screen.getByRole('link', { name: 'kubernetes-cluster' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/settings/config_scrapers/${ids.scraper}`),
    );
  });

  it('/settings/integrations/{type}/{id} opens the editor of that type; an unknown type is Not found', async () => {
    const { router, unmount } = renderConnections(
      `/settings/integrations/logging_backends/${ids.logBackend}`,
      { baseUrl: baseUrl() },
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/settings/log-backends/${ids.logBackend}`),
    );
    unmount();
    // console §2: the type is case-sensitive.
    renderConnections(`/settings/integrations/Scrapers/${ids.scraper}`, { baseUrl: baseUrl() });
    expect(await screen.findByRole('link', { name: 'All integrations' })).toBeTruthy();
  });

  it('Add integration is for writers of integrations only', async () => {
    renderConnections('/settings/integrations', { baseUrl: baseUrl(), role: 'viewer' });
    await screen.findByRole('link', { name: 'loki' });
    expect(screen.queryByRole('button', { name: 'Add integration' })).toBeNull();
  });
});

describe('the Add Integration wizard', () => {
  it('offers the GitOps and Direct tiles; Log Backends only while the logs feature is on', async () => {
    const user = userEvent.setup();
    const { unmount } = renderConnections('/settings/integrations', { baseUrl: baseUrl() });
    await user.click(await screen.findByRole('button', { name: 'Add integration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Integration' });
    const gitops = within(within(dialog).getByRole('region', { name: 'Add via GitOps' }));
    expect(gitops.getAllByRole('button').map((tile) => tile.textContent)).toEqual([
      'AWS',
      'Azure',
      'Prometheus',
      'Flux',
      'Kubernetes',
      'Mission Control',
    ]);
    const direct = within(within(dialog).getByRole('region', { name: 'Add Directly' }));
    expect(direct.getAllByRole('button').map((tile) => tile.textContent)).toEqual([
      'Custom Topology',
      'Catalog Scraper',
      'Log Backends',
    ]);
    unmount();
    renderConnections('/settings/integrations', { baseUrl: baseUrl(), logs: false });
    await user.click(await screen.findByRole('button', { name: 'Add integration' }));
    const without = within(await screen.findByRole('region', { name: 'Add Directly' }));
    expect(without.queryByRole('button', { name: 'Log Backends' })).toBeNull();
  });

  it('a Direct tile opens the settings editor for a new record', async () => {
    const user = userEvent.setup();
    const { router } = renderConnections('/settings/integrations', { baseUrl: baseUrl() });
    await user.click(await screen.findByRole('button', { name: 'Add integration' }));
    await user.click(await screen.findByRole('button', { name: 'Catalog Scraper' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/settings/config_scrapers/new'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a GitOps tile shows the namespace, the values and the Flux / Helm CLI tabs; Back returns', async () => {
    const user = userEvent.setup();
    renderConnections('/settings/integrations', { baseUrl: baseUrl() });
    await user.click(await screen.findByRole('button', { name: 'Add integration' }));
    await user.click(await screen.findByRole('button', { name: 'Kubernetes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Integration - Kubernetes' });
    expect(within(dialog).getByRole('textbox', { name: 'Namespace' })).toHaveProperty(
      'value',
      'mission-control',
    );
    expect(within(dialog).getByText(FLUX_WARNING)).toBeTruthy();
    expect(within(dialog).getByText(/kind: HelmRelease/)).toBeTruthy();
    await user.click(within(dialog).getByRole('tab', { name: 'Helm CLI' }));
    expect(within(dialog).getByText(/helm install mission-control-kubernetes/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Add Integration' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
