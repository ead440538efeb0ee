import { catalogSlots } from '@opsdeck/features-catalog/slots';
import { healthSlots } from '@opsdeck/features-health/slots';
import { topologySlots } from '@opsdeck/features-topology/slots';
import { SlotOutlet } from '@opsdeck/extensions/react';
import { dbError, expectNoAxeViolations, type FakeBackend } from '@opsdeck/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  seedState,
  startIncidentBackend,
  type IncidentState,
} from '../testing/incidentBackend.test.helper.ts';
import { extensionsFor, renderInConsole } from '../testing/renderIncidents.test.helper.tsx';
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

const check = { id: 'check-api', name: 'api-health', canaryId: 'canary-1' };

/** The health check modal's footer as a host draws it: the checkActions slot. */
function CheckFooter() {
  return <SlotOutlet slot={healthSlots.checkActions} props={{ check }} />;
}

async function openDialog() {
  const user = userEvent.setup();
  renderInConsole(<CheckFooter />, { baseUrl: `${backend.url}/api`, roles, url: '/health-modal' });
  await user.click(await screen.findByRole('button', { name: 'Attach as Evidence' }));
  const dialog = await screen.findByRole('dialog', { name: 'Link to Incident' });
  return { user, dialog };
}

const incidentBox = (dialog: HTMLElement) =>
  within(dialog).getByRole('combobox', { name: 'Incident' });
const hypothesisBox = (dialog: HTMLElement) =>
  within(dialog).getByRole('combobox', { name: 'Hypothesis' });

describe('who sees Attach as Evidence (settings §2, §6)', () => {
  it('is offered to writers of incident while the feature is on, in all three slots', () => {
    for (const slot of [
      healthSlots.checkActions,
      catalogSlots.configActions,
      topologySlots.componentActions,
    ]) {
      const titles = (roles: string[], disabled?: string[]) =>
        extensionsFor(roles, disabled)
          .contributions(slot as never)
          .map((c) => c.contribution.title)
          .filter((title) => title !== 'Sibling action');
      expect(titles(['responder'])).toEqual(['Attach as Evidence']);
      expect(titles(['commander'])).toHaveLength(1);
      expect(titles(['viewer'])).toHaveLength(0);
      expect(titles(['responder'], ['incidents'])).toHaveLength(0);
    }
  });

  it('draws no button for a viewer', async () => {
    roles = ['viewer'];
    renderInConsole(<CheckFooter />, { baseUrl: `${backend.url}/api`, roles, url: '/x' });
    // A sibling in the same slot, loaded from the same module as the button: once it is drawn, an
    // ungated button would have been drawn too.
    expect(await screen.findByRole('button', { name: 'Sibling action' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Attach as Evidence' })).toBeNull();
  });
});

describe('the Attach Evidence dialog', () => {
  it('links a check to a new incident with a new root hypothesis and says so with a link', async () => {
    const { user, dialog } = await openDialog();
    // Type and severity appear only once a new incident is chosen, with the spec's defaults.
    expect(within(dialog).queryByRole('combobox', { name: 'Type' })).toBeNull();
    await user.type(incidentBox(dialog), 'Checkout errors');
    expect(
      await screen.findByRole('option', { name: 'Create incident "Checkout errors"' }),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('A new incident "Checkout errors" will be created'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Type' }).textContent).toContain(
      'Availability',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Severity' }).textContent).toContain('Low');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Description' }),
      'api-health fails',
    );

    // Hold the evidence link so the busy state shows.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    backend.on('POST /api/db/evidences', async () => {
      await held;
      return undefined;
    });
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await within(dialog).findByRole('button', { name: 'Linking..' })).toBeTruthy();
    release();

    const toast = await screen.findByText('Linked to incident successfully');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Link to Incident' })).toBeNull(),
    );
    const incident = state.incidents.at(-1)!;
    expect(backend.requestsTo('POST /api/db/incidents')[0]!.body).toEqual({
      title: 'Checkout errors',
      description: '',
      severity: 'low',
      type: 'availability',
      status: 'open',
      created_by: 'p-ada',
      commander_id: 'p-ada',
      communicator_id: 'p-ada',
    });
    expect(backend.requestsTo('POST /api/db/hypotheses')[0]!.body).toEqual({
      created_by: 'p-ada',
      incident_id: incident.id,
      type: 'root',
      title: 'Checkout errors',
      status: 'possible',
    });
    const hypothesis = state.hypotheses.at(-1)!;
    expect(backend.requestsTo('POST /api/db/evidences')[0]!.body).toEqual({
      type: 'check',
      check_id: 'check-api',
      evidence: { name: 'api-health' },
      description: 'api-health fails',
      created_by: 'p-ada',
      hypothesis_id: hypothesis.id,
    });
    // The toast links to the incident.
    const link = within(
      toast.closest('[role="status"], [role="alert"], div')!.parentElement!,
    ).getByRole('link');
    expect(link.getAttribute('href')).toBe(`/incidents/${incident.id}`);
  });

  it('offers severity by the levels the incidents show, and labels found incidents the same way', async () => {
    const { user, dialog } = await openDialog();
    await user.type(incidentBox(dialog), 'Database');
    // The existing incident stored `Critical` and `investigating`: shown as the list shows them.
    expect(await screen.findByRole('option', { name: /Database failover/ })).toBeTruthy();
    expect(screen.getByRole('option', { name: /Database failover/ }).textContent).toContain(
      'Investigating · Critical',
    );
    await user.clear(incidentBox(dialog));
    await user.type(incidentBox(dialog), 'Brand new');
    await user.click(await screen.findByRole('option', { name: 'Create incident "Brand new"' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Severity' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Critical',
      'Blocker',
      'High',
      'Medium',
      'Low',
    ]);
    await user.click(screen.getByRole('option', { name: 'Medium' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'seen');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    await waitFor(() =>
      expect(backend.requestsTo('POST /api/db/incidents')[0]?.body).toMatchObject({
        severity: 'Medium',
      }),
    );
  });

  it('says what is missing in §5 words', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(within(dialog).getByText('Must select or create an incident')).toBeTruthy();
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(incidentBox(dialog).getAttribute('aria-invalid')).toBe('true');
    expect(backend.requestsTo('POST /api/db/incidents')).toHaveLength(0);
  });

  it('searches incidents 100 ms after typing stops, and preselects the only hypothesis', async () => {
    const { user, dialog } = await openDialog();
    await waitFor(() =>
      expect(backend.requestsTo('GET /api/db/incidents').length).toBeGreaterThan(0),
    );
    const before = backend.requestsTo('GET /api/db/incidents').length;
    await user.type(incidentBox(dialog), 'api');
    const titles = () =>
      backend
        .requestsTo('GET /api/db/incidents')
        .slice(before)
        .map((r) => r.query.get('title'));
    await waitFor(() => expect(titles()).toContain('ilike.*api*'));
    const searches = backend.requestsTo('GET /api/db/incidents').slice(before);
    // One request for the settled text, not one per key.
    expect(searches.map((r) => r.query.get('title'))).toEqual(['ilike.*api*']);
    expect(searches[0]!.query.get('select')).toBe('*,hypotheses(id, type)');

    await user.click(await screen.findByRole('option', { name: /API latency/ }));
    await waitFor(() => expect(hypothesisBox(dialog)).toHaveProperty('value', 'Slow queries'));
    // An existing incident asks no type or severity.
    expect(within(dialog).queryByRole('combobox', { name: 'Severity' })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'p99 up');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    await screen.findByText('Linked to incident successfully');
    expect(backend.requestsTo('POST /api/db/incidents')).toHaveLength(0);
    expect(backend.requestsTo('POST /api/db/hypotheses')).toHaveLength(0);
    expect(backend.requestsTo('POST /api/db/evidences')[0]!.body).toMatchObject({
      hypothesis_id: 'hyp-api',
      description: 'p99 up',
    });
  });

  it('asks for a hypothesis when an existing incident has several', async () => {
    const { user, dialog } = await openDialog();
    await user.type(incidentBox(dialog), 'Database');
    await user.click(await screen.findByRole('option', { name: /Database failover/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(within(dialog).getByText('Must select or create a hypothesis')).toBeTruthy();
    expect(hypothesisBox(dialog)).toHaveProperty('value', '');
    // The keyboard picks one: arrows then Enter.
    hypothesisBox(dialog).focus();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('option', { name: /Grow the volume/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect((hypothesisBox(dialog) as HTMLInputElement).value).not.toBe('');
    expect(within(dialog).queryByText('Must select or create a hypothesis')).toBeNull();
  });

  it('keeps everything typed on a failure, says what was created, and reuses it on retry', async () => {
    const { user, dialog } = await openDialog();
    await user.type(incidentBox(dialog), 'Queue backlog');
    await user.type(hypothesisBox(dialog), 'Consumer stuck');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'lag 10k');
    const refuse = backend.on(
      'POST /api/db/hypotheses',
      dbError(403, 'POST on hypotheses is not allowed'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    const failure = await within(dialog).findByTestId(incidentTestIds.attach.failure);
    expect(failure.textContent).toMatch(
      /^Could not create the hypothesis: POST on hypotheses is not allowed/,
    );
    expect(failure.textContent).toContain('Already created: the incident "Queue backlog"');
    expect(incidentBox(dialog)).toHaveProperty('value', 'Queue backlog');
    expect(hypothesisBox(dialog)).toHaveProperty('value', 'Consumer stuck');
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveProperty(
      'value',
      'lag 10k',
    );
    expect(within(dialog).getByRole('button', { name: 'Link' })).toBeTruthy();
    expect(backend.requestsTo('POST /api/db/evidences')).toHaveLength(0);

    refuse();
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    await screen.findByText('Linked to incident successfully');
    expect(backend.requestsTo('POST /api/db/incidents')).toHaveLength(1);
    expect(backend.requestsTo('POST /api/db/hypotheses').at(-1)!.body).toMatchObject({
      title: 'Consumer stuck',
      incident_id: state.incidents.at(-1)!.id,
    });
  });

  it('closes on Escape from the dialog, but Escape in an open list closes the list first', async () => {
    const { user, dialog } = await openDialog();
    await user.click(incidentBox(dialog));
    expect(screen.getByRole('listbox', { name: 'Incident' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Link to Incident' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Link to Incident' })).toBeNull(),
    );
  });

  it('has no axe violations, with errors shown and a new incident chosen', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    await user.type(incidentBox(dialog), 'Checkout');
    fireEvent.blur(incidentBox(dialog));
    await expectNoAxeViolations(dialog);
  });
});
