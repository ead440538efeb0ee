import { expectNoAxeViolations, type FakeBackend } from '@opsdeck/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { uiTestIds } from '@opsdeck/ui/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  seedState,
  startIncidentBackend,
  type IncidentState,
} from '../testing/incidentBackend.test.helper.ts';
import { currentUrl, renderInConsole } from '../testing/renderIncidents.test.helper.tsx';
import { incidentTestIds } from '../testIds.ts';

let backend: FakeBackend;
let state: IncidentState;
let roles = ['responder'];
beforeAll(async () => {
  backend = await startIncidentBackend(
    new Proxy({} as IncidentState, { get: (_, key) => state[key as keyof IncidentState] }),
    () => roles,
  );
});
afterAll(() => backend.close());
beforeEach(() => {
  state = seedState();
  roles = ['responder'];
});
afterEach(() => {
  cleanup();
  backend.reset();
});

const render = (url = '/incidents') =>
  renderInConsole(null, { baseUrl: `${backend.url}/api`, roles, url });

describe('/incidents', () => {
  it('lists incidents newest first with status and severity tags and the commander', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Incidents' });
    await within(table).findByText('API latency');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'API latency',
      'Database failover',
    ]);
    expect(within(rows[1]!).getByText('Investigating')).toBeTruthy();
    // `Critical` as stored shows as Critical; `high` as High.
    expect(within(rows[1]!).getByText('Critical')).toBeTruthy();
    expect(within(rows[0]!).getByText('High')).toBeTruthy();
    expect(within(rows[1]!).getByText('Grace Hopper')).toBeTruthy();
    // A title is cut to one line with the whole of it on hover, never widening the table.
    const title = within(rows[0]!).getByText('API latency');
    expect(title.getAttribute('title')).toBe('API latency');
    expect(getComputedStyle(title).textOverflow).toBe('ellipsis');
    // When it was created: relative with "ago", the absolute time on focus (ui's Moment).
    const created = within(rows[0]!).getByText(/ ago$/);
    expect(created.tagName).toBe('TIME');
    expect(created.getAttribute('tabindex')).toBe('0');
    const request = backend.requestsTo('GET /api/db/incident_summary')[0]!;
    expect(request.query.get('order')).toBe('created_at.desc');
    expect(request.headers.prefer).toBe('count=exact');
  });

  it('keeps filters and search in the URL and sends them, and opens a row', async () => {
    const user = userEvent.setup();
    render('/incidents?incidents.status.filter=investigating&incidents.q.filter=data');
    const table = await screen.findByRole('table', { name: 'Incidents' });
    await within(table).findByText('Database failover');
    expect(within(table).queryByText('API latency')).toBeNull();
    const request = backend.requestsTo('GET /api/db/incident_summary').at(-1)!;
    expect(request.query.get('status')).toBe('eq.investigating');
    expect(request.query.get('title')).toBe('ilike.*data*');

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Availability' }));
    await waitFor(() => expect(currentUrl.search).toContain('incidents.type.filter=availability'));
    await waitFor(() =>
      expect(backend.requestsTo('GET /api/db/incident_summary').at(-1)!.query.get('type')).toBe(
        'eq.availability',
      ),
    );
    await user.click(within(table).getByText('Database failover'));
    await waitFor(() =>
      expect(currentUrl.pathname).toBe('/incidents/3f6c1d2e-9a4b-4c5d-8e7f-0a1b2c3d4e5f'),
    );
  });

  it('offers New incident to writers only, and creates one with a root hypothesis', async () => {
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByTestId(incidentTestIds.list.newButton));
    const dialog = await screen.findByRole('dialog', { name: 'New incident' });
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Login broken');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(currentUrl.pathname).toMatch(/^\/incidents\/inc-/));
    expect(backend.requestsTo('POST /api/db/incidents')[0]!.body).toMatchObject({
      title: 'Login broken',
      type: 'availability',
      severity: 'low',
      status: 'open',
      created_by: 'p-ada',
    });
    expect(backend.requestsTo('POST /api/db/hypotheses')[0]!.body).toMatchObject({
      type: 'root',
      title: 'Login broken',
      status: 'possible',
    });
    cleanup();
    roles = ['viewer'];
    render();
    await screen.findByRole('table', { name: 'Incidents' });
    expect(screen.queryByTestId(incidentTestIds.list.newButton)).toBeNull();
  });

  it('opens New incident from ?new=incident (the palette’s action) for writers only', async () => {
    const user = userEvent.setup();
    render('/incidents?new=incident');
    const dialog = await screen.findByRole('dialog', { name: 'New incident' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New incident' })).toBeNull());
    expect(currentUrl.search).toBe('');
    cleanup();
    roles = ['viewer'];
    render('/incidents?new=incident');
    await screen.findByRole('table', { name: 'Incidents' });
    expect(screen.queryByRole('dialog', { name: 'New incident' })).toBeNull();
  });

  it('creates an incident with its affected component, commander and responders', async () => {
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByTestId(incidentTestIds.list.newButton));
    const dialog = await screen.findByRole('dialog', { name: 'New incident' });
    // The form states its limits.
    expect(within(dialog).getByText('At most 200 characters')).toBeTruthy();
    expect(within(dialog).getByText('At most 4000 characters')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Payments down');
    await user.type(within(dialog).getByRole('combobox', { name: 'Affected component' }), 'pay');
    await user.click(await screen.findByRole('option', { name: /payments-api/ }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Commander' }));
    await user.click(await screen.findByRole('option', { name: 'Grace Hopper' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Responders' }), 'grace');
    await user.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(currentUrl.pathname).toMatch(/^\/incidents\/inc-/));
    const incident = backend.requestsTo('POST /api/db/incidents')[0]!.body as { id?: string };
    expect(incident).toMatchObject({ commander_id: 'p-grace', created_by: 'p-ada' });
    const root = state.hypotheses.find((h) => h.title === 'Payments down')!;
    await waitFor(() =>
      expect(backend.requestsTo('POST /api/db/responders')[0]?.body).toMatchObject({
        type: 'person',
        person_id: 'p-grace',
        incident_id: root.incident_id,
      }),
    );
    expect(backend.requestsTo('POST /api/db/evidences')[0]!.body).toMatchObject({
      type: 'topology',
      component_id: 'comp-api',
      hypothesis_id: root.id,
    });
    expect(backend.requestsTo('GET /api/db/component_names').at(-1)!.query.get('name')).toBe(
      'ilike.*pay*',
    );
  });

  it('exports the CSV with statuses and severities as the table shows them', async () => {
    const blobs: Blob[] = [];
    // jsdom has no object URLs; keep the blob the browser would download.
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:csv'),
        revokeObjectURL: () => undefined,
      }),
    );
    try {
      const user = userEvent.setup();
      render('/incidents?incidents.status.filter=investigating');
      await screen.findByText('Database failover');
      await user.click(screen.getByTestId(uiTestIds.dataTable.exportCsv));
      await waitFor(() => expect(blobs).toHaveLength(1));
      const lines = (await blobs[0]!.text()).replace(/^\uFEFF/, '').split('\r\n');
      const header = lines[0]!.split(',');
      const row = lines[1]!.split(',');
      expect(row[header.indexOf('Status')]).toBe('Investigating');
      expect(row[header.indexOf('Severity')]).toBe('Critical');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('has no axe violations', async () => {
    render();
    await screen.findByText('API latency');
    await expectNoAxeViolations(document.body);
  });
});
