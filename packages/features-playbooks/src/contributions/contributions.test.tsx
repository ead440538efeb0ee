import { catalogSlots } from '@opsdeck/features-catalog/slots';
import { healthSlots } from '@opsdeck/features-health/slots';
import { topologySlots } from '@opsdeck/features-topology/slots';
import { createExtensionView, createFeatureRegistry, decideRouteAccess } from '@opsdeck/extensions';
import { createAuthorizer, createFeatureFlags } from '@opsdeck/rbac';
import { expectNoAxeViolations, type FakeBackend } from '@opsdeck/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { playbooksFeature } from '../feature.ts';
import { ids, startPlaybooksBackend } from '../testing/playbooksBackend.test.helper.ts';
import { renderPlaybooks } from '../testing/renderPlaybooks.test.helper.tsx';
import { playbooksTestIds } from '../testIds.ts';
import { ConfigPlaybooksTab } from './ConfigPlaybooksTab.tsx';
import { CheckPlaybooksMenu } from './PlaybooksMenu.tsx';

let backend: FakeBackend;
beforeAll(async () => {
  backend = await startPlaybooksBackend();
});
afterAll(() => backend.close());
afterEach(() => {
  cleanup();
  backend.reset();
});

const registry = createFeatureRegistry([playbooksFeature]);
const visibleIds = (roles: string[], flags: { name: string; value: string }[] = []) => {
  const view = createExtensionView(registry, {
    flags: createFeatureFlags(flags),
    authorizer: createAuthorizer({ roles }),
  });
  return [
    ...view.contributions(healthSlots.checkActions),
    ...view.contributions(catalogSlots.configActions),
    ...view.contributions(topologySlots.componentActions),
    ...view.contributions(catalogSlots.configTabs),
  ].map((visible) => visible.contribution.id);
};

describe('the contributions', () => {
  it('offer the menus to those who may run playbooks, the tab to readers, nothing when the flag is off', () => {
    expect(visibleIds(['admin'])).toEqual([
      'playbooks.checkActions',
      'playbooks.configActions',
      'playbooks.componentActions',
      'playbooks.configTab',
    ]);
    expect(visibleIds(['viewer'])).toEqual(['playbooks.configTab']);
    expect(visibleIds(['admin'], [{ name: 'playbooks.disable', value: 'true' }])).toEqual([]);
  });

  it('opens /playbooks/new to writers of playbooks only', () => {
    const newPlaybook = registry.routes.find((route) => route.pattern === '/playbooks/new')!;
    const decide = (roles: string[]) =>
      decideRouteAccess(
        playbooksFeature,
        newPlaybook,
        createFeatureFlags([]),
        createAuthorizer({ roles }),
      );
    expect(decide(['viewer'])).toBe('forbidden');
    expect(decide(['responder'])).toBe('forbidden');
    expect(decide(['editor'])).toBe('allowed');
  });

  it("a check's Playbooks menu lists its playbooks and opens the modal with the check preset", async () => {
    const user = userEvent.setup();
    renderPlaybooks('/host', {
      baseUrl: `${backend.url}/api`,
      host: <CheckPlaybooksMenu check={{ id: 'check-1', name: 'api-health', canaryId: null }} />,
    });
    const trigger = await screen.findByRole('button', { name: 'Playbooks' });
    expect(backend.requestsTo('GET /api/playbook/list')[0]?.url).toBe(
      '/api/playbook/list?check_id=check-1',
    );
    trigger.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'HTTP probe' }));
    const dialog = await screen.findByRole('dialog', { name: 'HTTP probe' });
    expect(within(dialog).getByTestId(playbooksTestIds.modal.resource).textContent).toContain(
      'api-health',
    );
    await waitFor(() =>
      expect(backend.requestsTo('POST /api/playbook/:id/params').at(-1)?.body).toEqual({
        id: ids.http,
        check_id: 'check-1',
      }),
    );
    await expectNoAxeViolations(document.body);
  });

  it("a config's Playbooks tab offers Run to those who may run playbooks, not to a viewer", async () => {
    const openTab = async (roles: string[]) => {
      renderPlaybooks('/host', {
        baseUrl: `${backend.url}/api`,
        roles,
        host: <ConfigPlaybooksTab config={{ id: ids.namespace, name: 'kube-system' }} />,
      });
      const tab = await screen.findByTestId(playbooksTestIds.configTab);
      // The playbooks are listed: a Run beside them would be drawn by now.
      await within(tab).findByText('Params Kitchen Sink', { selector: 'span' });
      return tab;
    };
    expect(within(await openTab(['editor'])).getAllByRole('button', { name: 'Run' })).toHaveLength(
      2,
    );
    cleanup();
    expect(within(await openTab(['viewer'])).queryAllByRole('button', { name: 'Run' })).toEqual([]);
  });

  it("a config's Playbooks tab lists its playbooks and recent runs", async () => {
    renderPlaybooks('/host', {
      baseUrl: `${backend.url}/api`,
      host: <ConfigPlaybooksTab config={{ id: ids.namespace, name: 'kube-system' }} />,
    });
    const tab = await screen.findByTestId(playbooksTestIds.configTab);
    await within(tab).findByText('Params Kitchen Sink', { selector: 'span' });
    await within(tab).findByRole('link', { name: 'Params Kitchen Sink' });
    expect(backend.requestsTo('GET /api/db/playbook_runs')[0]?.query.get('config_id')).toBe(
      `eq.${ids.namespace}`,
    );
  });
});
