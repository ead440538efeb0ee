// @vitest-environment jsdom
// The command palette and the shortcuts (issue 38) over the console's real feature build: the
// pages, commands and actions come from the registry filtered for a role, as the shell does it.
// Record searches are a stand-in provider here (each feature's own search is run against the real
// server in apps/server/src/http/paletteSearch.test.ts).
import { createApiClient } from '@opsdeck/api-client';
import { ApiClientProvider } from '@opsdeck/api-client/react';
import {
  contribute,
  createExtensionView,
  createFeatureRegistry,
  createRouteRef,
  defineFeature,
  linkTo,
} from '@opsdeck/extensions';
import { shellSlots } from '@opsdeck/extensions/shell';
import { createAuthorizer, createFeatureFlags } from '@opsdeck/rbac';
import { OpsdeckThemeProvider, pageSearchProps, ToastProvider } from '@opsdeck/ui';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consoleBindings, consoleFeatures } from '../features/index.ts';
import { buildSidebar } from '../navigation/sidebarModel.ts';
import { PaletteButton } from './PaletteButton.tsx';
import { paletteTestIds } from './testIds.ts';
import { useCommandPalette } from './useCommandPalette.tsx';

// A stand-in record search: what it was asked, and whether each ask was aborted.
const asked: Array<{ text: string; signal: AbortSignal }> = [];
const probeRoutes = { probe: createRouteRef<{ id: string }>('probe.record') };
const probeFeature = defineFeature({
  name: 'probe',
  resource: 'canaries',
  routes: [
    {
      path: 'probes/:id',
      ref: probeRoutes.probe,
      title: 'Probe',
      load: async () => ({ Component: () => null }),
    },
  ],
  contributions: [
    contribute(shellSlots.paletteSearchProviders, {
      id: 'probe.search',
      value: {
        title: 'Probes',
        search: async (text, { signal }) => {
          asked.push({ text, signal });
          return ['alpha', 'beta'].map((name) => ({
            id: name,
            title: `${text} ${name}`,
            description: `probe ${name}`,
            to: linkTo(probeRoutes.probe, { id: name }),
          }));
        },
      },
    }),
  ],
});

const registry = createFeatureRegistry([...consoleFeatures, probeFeature], {
  bindings: consoleBindings,
});
// Nothing answers but a check's run: the features' own searches fail quietly and list nothing.
const runs: string[] = [];
const apiClient = createApiClient({
  baseUrl: 'http://127.0.0.1:9/api',
  fetch: async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const run = /\/api\/canary\/run\/check\/([^/]+)$/.exec(url.pathname);
    if (method === 'POST' && run) {
      const id = decodeURIComponent(run[1]!);
      runs.push(id);
      // check-7 fails its run; any other check passes.
      return id === 'check-7'
        ? Response.json({ name: 'payments-api', pass: false, error: 'HTTP 503' })
        : Response.json({ name: 'orders-api', pass: true });
    }
    return new Response('refused', { status: 503 });
  },
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function Shell({ roles }: { roles: string[] }) {
  const flags = createFeatureFlags([]);
  const authorizer = createAuthorizer({ roles });
  const view = createExtensionView(registry, { flags, authorizer });
  const entries = buildSidebar(registry.features, flags, authorizer);
  const palette = useCommandPalette(entries, view);
  return (
    <>
      <PaletteButton onClick={palette.openPalette} />
      <button type="button">Somewhere else</button>
      <main>
        <input aria-label="A form field" />
        <input type="search" aria-label="Search checks" {...pageSearchProps} />
      </main>
      <Location />
      {palette.element}
    </>
  );
}

function renderShell(roles = ['admin'], url = '/start') {
  return render(
    <ApiClientProvider client={apiClient}>
      <OpsdeckThemeProvider>
        <ToastProvider>
          <MemoryRouter initialEntries={[url]}>
            <Shell roles={roles} />
          </MemoryRouter>
        </ToastProvider>
      </OpsdeckThemeProvider>
    </ApiClientProvider>,
  );
}

const location = () => screen.getByTestId('location').textContent;
const options = () => within(screen.getByRole('listbox')).queryAllByRole('option');
const combobox = () => screen.getByRole('combobox', { name: 'Search pages, actions and records' });
const activeOption = () => {
  const id = combobox().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

beforeEach(() => {
  asked.length = 0;
  runs.length = 0;
  localStorage.clear();
});
afterEach(cleanup);

describe('the command palette', () => {
  it('opens on Ctrl+K with the combobox focused, filters pages, and Enter goes there', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('combobox');
    // The modal moves focus in an effect, after the commit that findByRole can already see (it
    // does when the palette's chunk was loaded before, as a file sharing its worker finds it).
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(input.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    await user.type(input, 'incid');
    // The page comes first; the action (admins may create incidents) is listed too.
    expect(activeOption()?.textContent).toBe('Go to Incidents');
    expect(options().map((option) => option.textContent)).toContain('New incident');
    await user.keyboard('{Enter}');
    expect(location()).toBe('/incidents');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('moves with the arrows, Home and End, and marks the active option', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole('button', { name: /Search…/ }));
    await screen.findByRole('combobox');
    const all = options();
    expect(all.length).toBeGreaterThan(5);
    expect(activeOption()).toBe(all[0]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption()).toBe(all[2]);
    expect(all[2]!.getAttribute('aria-selected')).toBe('true');
    expect(all[0]!.getAttribute('aria-selected')).toBe('false');
    await user.keyboard('{End}');
    expect(activeOption()).toBe(all.at(-1));
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toBe(all[0]);
    await user.keyboard('{ArrowUp}');
    expect(activeOption()).toBe(all.at(-1));
    await user.keyboard('{Home}');
    expect(activeOption()).toBe(all[0]);
  });

  it('closes on Escape and gives focus back to what had it', async () => {
    const user = userEvent.setup();
    renderShell();
    const before = screen.getByRole('button', { name: 'Somewhere else' });
    before.focus();
    await user.keyboard('{Meta>}k{/Meta}');
    expect(document.activeElement).toBe(await screen.findByRole('combobox'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(before);
    expect(location()).toBe('/start');
  });

  it('announces how many results it lists', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByRole('combobox'), 'silence');
    const status = screen.getByTestId(paletteTestIds.status);
    await waitFor(() => expect(status.textContent).not.toMatch(/searching/));
    expect(status.textContent).toBe(`${options().length} results`);
    expect(options().map((option) => option.textContent)).toEqual(
      expect.arrayContaining(['Go to Notification silences', 'Add silence']),
    );
  });

  it('searches records once the text settles, aborting what more typing replaced', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByRole('combobox'), 'pay');
    const group = await screen.findByRole('group', { name: 'Probes' });
    expect(asked.map(({ text }) => text)).toEqual(['pay']);
    expect(within(group).getAllByRole('option')[0]!.textContent).toBe('pay alphaprobe alpha');
    // 'pay' is only letters in order in the playbook page and action: the records come first.
    expect(activeOption()?.textContent).toBe('pay alphaprobe alpha');
    expect(options().at(-1)?.textContent).toBe('Run playbook');
    await user.type(combobox(), 'x');
    await waitFor(() => expect(asked.map(({ text }) => text)).toEqual(['pay', 'payx']));
    expect(asked[0]!.signal.aborted).toBe(true);
    await user.keyboard('{End}{Enter}');
    expect(location()).toBe('/probes/beta');
  });

  it('offers actions only to those who may perform them', async () => {
    const user = userEvent.setup();
    renderShell(['viewer']);
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('combobox');
    const titles = options().map((option) => option.textContent);
    expect(titles).toContain('Go to Incidents');
    for (const action of [
      'New incident',
      'Add silence',
      'Run playbook',
      'Invite user',
      'Add connection',
    ])
      expect(titles).not.toContain(action);
    cleanup();
    renderShell(['admin']);
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('combobox');
    const group = screen.getByRole('group', { name: 'Actions' });
    expect(
      within(group)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(
      expect.arrayContaining([
        'New incident',
        'Add silence',
        'Run playbook',
        'Invite user',
        'Add connection',
      ]),
    );
  });

  it('runs Run Now for the open check from the keyboard, in place, with a toast', async () => {
    const user = userEvent.setup();
    renderShell(['responder'], '/health?checkId=check-7');
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('combobox');
    await user.keyboard('run now');
    await waitFor(() => expect(activeOption()?.textContent).toContain('Run Now'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(runs).toEqual(['check-7']));
    expect(screen.queryByRole('combobox')).toBeNull();
    // Still on the check's page, and the outcome is told.
    expect(location()).toBe('/health?checkId=check-7');
    // A failed check is told as an error (an alert), not as a success.
    const told = await screen.findByText('payments-api ran: failed (HTTP 503)');
    expect(told.closest('[role]')?.getAttribute('role')).toBe('alert');
    // Not a destination to come back to.
    expect(localStorage.getItem('opsdeck.palette.recent')).toBeNull();
  });

  it('tells a passing Run Now as a success, not an alert', async () => {
    const user = userEvent.setup();
    renderShell(['responder'], '/health?checkId=check-8');
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('combobox');
    await user.keyboard('run now');
    await waitFor(() => expect(activeOption()?.textContent).toContain('Run Now'));
    await user.keyboard('{Enter}');
    const passed = await screen.findByText('orders-api ran: passed');
    expect(passed.closest('[role]')?.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers Run Now only while a check is open, and only to those who may run checks', async () => {
    const user = userEvent.setup();
    const titles = async () => {
      await user.keyboard('{Control>}k{/Control}');
      await screen.findByRole('combobox');
      return options().map((option) => option.textContent ?? '');
    };
    renderShell(['admin'], '/health');
    expect((await titles()).some((title) => title.startsWith('Run Now'))).toBe(false);
    cleanup();
    renderShell(['viewer'], '/health?checkId=check-7');
    expect((await titles()).some((title) => title.startsWith('Run Now'))).toBe(false);
    cleanup();
    renderShell(['editor'], '/health?checkId=check-7');
    expect((await titles()).some((title) => title.startsWith('Run Now'))).toBe(true);
    expect(runs).toEqual([]);
  });

  it('lists recent destinations first while nothing is typed', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByRole('combobox'), 'topology');
    await user.keyboard('{Enter}');
    expect(location()).toBe('/topology');
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('combobox');
    const recent = screen.getByRole('group', { name: 'Recent' });
    expect(
      within(recent)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Go to Topology']);
    expect(activeOption()?.textContent).toBe('Go to Topology');
  });
});

describe('the keyboard shortcuts', () => {
  it('goes to a page on a g chord, within the chord window only', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.keyboard('gi');
    expect(location()).toBe('/incidents');
    await user.keyboard('gh');
    expect(location()).toBe('/health');
    vi.useFakeTimers({ toFake: ['Date', 'performance'] });
    try {
      await user.keyboard('g');
      act(() => void vi.advanceTimersByTime(1500));
      await user.keyboard('c');
    } finally {
      vi.useRealTimers();
    }
    expect(location()).toBe('/health');
  });

  it('leaves keys typed into a field alone, and keys with a modifier', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole('textbox', { name: 'A form field' }));
    await user.keyboard('gi?');
    expect(location()).toBe('/start');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Somewhere else' }));
    await user.keyboard('{Alt>}g{/Alt}{Alt>}i{/Alt}');
    expect(location()).toBe('/start');
    // Ctrl+K works from a field too.
    await user.click(screen.getByRole('textbox', { name: 'A form field' }));
    await user.keyboard('{Control>}k{/Control}');
    expect(document.activeElement).toBe(await screen.findByRole('combobox'));
  });

  it('lists every shortcut on ?, and / focuses the page’s search box', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Ctrl KOpen the command palette',
      '?Show keyboard shortcuts',
      '/Focus the page’s search box',
      'ghGo to Health',
      'giGo to Incidents',
      'gcGo to Catalog',
      'gpGo to Playbooks',
      'gtGo to Topology',
    ]);
    await user.keyboard('{Escape}');
    await user.keyboard('/');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search checks' }));
  });
});
