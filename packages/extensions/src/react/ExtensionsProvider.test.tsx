import { createAuthorizer, createFeatureFlags } from '@opsdeck/rbac';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineFeature } from '../feature.ts';
import { createFeatureRegistry } from '../registry.ts';
import { bindRoute, createExternalRouteRef, createRouteRef } from '../routeRefs.ts';
import { contribute, createComponentSlot } from '../slots.ts';

interface CheckRef {
  id: string;
  name: string;
  canaryId: string | null;
}
const slots = { checkActions: createComponentSlot<{ check: CheckRef }>('health.checkActions') };
import { createExtensionView } from '../view.ts';
import { ExtensionsProvider, SlotOutlet, useRouteLink } from './ExtensionsProvider.tsx';
import { PageTitleProvider, usePageTitle } from './pageTitle.tsx';

afterEach(cleanup);

const page = async () => ({ Component: () => null });
const componentPage = createRouteRef<{ id: string }>('topology.component');
const hostLink = createExternalRouteRef<{ id: string }>('health.componentPage');

function RunPlaybook({ check }: { check: CheckRef }) {
  return <button type="button">Run a playbook on {check.name}</button>;
}
const load = vi.fn(async () => RunPlaybook);

const topology = defineFeature({
  name: 'topology',
  resource: 'topologies',
  routes: [{ path: 'topology/:id', ref: componentPage, title: 'Component', load: page }],
});
const playbooks = defineFeature({
  name: 'playbooks',
  resource: 'playbooks',
  routes: [{ path: 'playbooks', title: 'Playbooks', load: page }],
  contributions: [
    contribute(slots.checkActions, {
      id: 'playbooks.checkActions',
      title: 'Playbooks',
      access: { capability: 'playbooks.run' },
      load,
    }),
  ],
});
const registry = createFeatureRegistry([topology, playbooks], {
  bindings: [bindRoute(hostLink, componentPage)],
});
const viewFor = (roles: string[]) =>
  createExtensionView(registry, {
    flags: createFeatureFlags([]),
    authorizer: createAuthorizer({ roles }),
  });

// A host page as a feature writes it: a link only where the route is bound, and its actions slot.
function Host() {
  const toComponent = useRouteLink(hostLink);
  return (
    <div>
      {toComponent ? <a href={toComponent({ id: 'c-1' })}>payments</a> : <span>payments</span>}
      <SlotOutlet
        slot={slots.checkActions}
        props={{ check: { id: 'k', name: 'api', canaryId: null } }}
      />
    </div>
  );
}

describe('extension points in React', () => {
  it('draws the bound link and loads the contribution for a user who may use it', async () => {
    render(
      <ExtensionsProvider view={viewFor(['admin'])}>
        <Host />
      </ExtensionsProvider>,
    );
    expect(screen.getByRole('link', { name: 'payments' }).getAttribute('href')).toBe(
      '/topology/c-1',
    );
    expect(await screen.findByRole('button', { name: 'Run a playbook on api' })).toBeTruthy();
  });

  it('draws no link and no contribution without a provider (the standalone embed), and loads nothing', () => {
    load.mockClear();
    render(<Host />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('payments')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('leaves out a contribution whose capability the user lacks, without loading its chunk', () => {
    load.mockClear();
    render(
      <ExtensionsProvider view={viewFor(['guest'])}>
        <Host />
      </ExtensionsProvider>,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });
});

describe('usePageTitle', () => {
  function Page({ name }: { name?: string }) {
    usePageTitle(name);
    return null;
  }
  function Shell({ show }: { show: boolean }) {
    const [title, setTitle] = useState<string | undefined>();
    return (
      <PageTitleProvider onTitle={setTitle}>
        <h1>{title ?? 'Config'}</h1>
        {show ? <Page name="checkout-api" /> : null}
      </PageTitleProvider>
    );
  }

  it('names the page after its record and gives the route title back when it goes', () => {
    const { rerender } = render(<Shell show />);
    expect(screen.getByRole('heading').textContent).toBe('checkout-api');
    act(() => rerender(<Shell show={false} />));
    expect(screen.getByRole('heading').textContent).toBe('Config');
  });
});
