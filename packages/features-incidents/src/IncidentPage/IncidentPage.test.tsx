import { dbError, expectNoAxeViolations, type FakeBackend } from '@opsdeck/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

const render = (id = '3f6c1d2e-9a4b-4c5d-8e7f-0a1b2c3d4e5f') =>
  renderInConsole(null, { baseUrl: `${backend.url}/api`, roles, url: `/incidents/${id}` });

describe('/incidents/:id', () => {
  it('shows the incident, its people, the hypothesis tree with evidence and comments, and the timeline', async () => {
    render();
    expect((await screen.findByTestId(incidentTestIds.incident.title)).textContent).toBe(
      'Database failover',
    );
    const people = screen.getByTestId(incidentTestIds.incident.people);
    expect(within(people).getByText('Grace Hopper')).toBeTruthy();
    expect(within(people).getByText('Ada Lovelace')).toBeTruthy();
    expect(
      within(await screen.findByTestId(incidentTestIds.incident.responders)).findByText(
        'Grace Hopper',
      ),
    ).toBeTruthy();

    // root → factor → solution, nested.
    const root = screen.getByRole('listitem', { name: 'Hypothesis Primary lost' });
    const factor = within(root).getByRole('listitem', { name: 'Hypothesis Disk full' });
    expect(
      within(factor).getByRole('listitem', { name: 'Hypothesis Grow the volume' }),
    ).toBeTruthy();

    // The check with its health, linked to its modal on the health page.
    const checkCard = within(root).getAllByTestId(incidentTestIds.incident.evidence)[0]!;
    expect(await within(checkCard).findByRole('link', { name: 'postgres-primary' })).toBeTruthy();
    expect(within(checkCard).getByRole('img', { name: 'Health: unhealthy' })).toBeTruthy();
    expect(
      within(checkCard).getByRole('checkbox', { name: /Definition of done: not done/ }),
    ).toBeTruthy();
    // The config change with its diff.
    const changeCard = within(factor).getAllByTestId(incidentTestIds.incident.evidence)[0]!;
    expect((await within(changeCard).findByLabelText('Change diff')).textContent).toContain(
      '+ size: 20Gi',
    );
    expect(within(root).getByText('Failover took 4 minutes')).toBeTruthy();

    const timeline = await screen.findByTestId(incidentTestIds.incident.timeline);
    expect(
      within(timeline)
        .getAllByTestId(incidentTestIds.incident.timelineEntry)
        .map((entry) => entry.children[1]!.textContent),
    ).toEqual([
      'Ada Lovelace changed the status to investigating',
      'Ada Lovelace attached postgres-primary as evidence to "Primary lost"',
      'Ada Lovelace created the incident',
    ]);
    // Every entry's moment reads "… ago", never a bare "22m".
    for (const entry of screen.getAllByTestId(incidentTestIds.incident.timelineEntry))
      expect(entry.children[0]!.textContent).toMatch(/ ago$/);
    await within(checkCard).findByRole('link', { name: 'postgres-primary' });
    await userEvent
      .setup()
      .click(within(checkCard).getByRole('link', { name: 'postgres-primary' }));
    await waitFor(() => expect(currentUrl.search).toBe('?checkId=check-pg'));
  });

  it('shows a new status at once, before the server answers, and puts it back when refused', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const hold = backend.on('PATCH /api/db/:table', async () => {
      await answered;
      return dbError(409, 'Someone else resolved it');
    });
    const user = userEvent.setup();
    render();
    await screen.findByTestId(incidentTestIds.incident.title);
    const status = () => screen.getByRole('combobox', { name: 'Status' }).textContent;
    expect(status()).toContain('Investigating');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Mitigated' }));
    // Shown while the write is still on its way …
    await waitFor(() => expect(status()).toContain('Mitigated'));
    expect(backend.requestsTo('PATCH /api/db/:table')).toHaveLength(1);
    // … and put back, with the server's reason, when it is refused.
    answer();
    await screen.findByText('Someone else resolved it');
    await waitFor(() => expect(status()).toContain('Investigating'));
    hold();
  });

  it('lets a responder change status, severity and a hypothesis, toggle done and comment', async () => {
    const user = userEvent.setup();
    render();
    await screen.findByTestId(incidentTestIds.incident.title);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    // The workflow from investigating: no way back to new or open.
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Investigating', 'Mitigated', 'Resolved', 'Closed']);
    await user.click(screen.getByRole('option', { name: 'Mitigated' }));
    await waitFor(() =>
      expect(backend.requestsTo('PATCH /api/db/:table').at(-1)).toMatchObject({
        url: '/api/db/incidents?id=eq.3f6c1d2e-9a4b-4c5d-8e7f-0a1b2c3d4e5f',
        body: { status: 'mitigated' },
      }),
    );

    // Controls wait for the write and its refetch before taking the next change.
    const done = screen.getByRole('checkbox', { name: /Definition of done/ });
    await waitFor(() => expect(done.hasAttribute('disabled')).toBe(false));
    await user.click(done);
    await waitFor(() =>
      expect(backend.requestsTo('PATCH /api/db/:table').at(-1)).toMatchObject({
        url: '/api/db/evidences?id=eq.ev-check',
        body: { done: true },
      }),
    );
    expect(await screen.findByRole('checkbox', { name: /Definition of done: done/ })).toBeTruthy();

    await user.type(
      screen.getByRole('textbox', { name: 'Comment on Primary lost' }),
      'Volume grown',
    );
    await user.click(
      within(screen.getByRole('listitem', { name: 'Hypothesis Primary lost' })).getAllByRole(
        'button',
        { name: 'Comment' },
      )[0]!,
    );
    await waitFor(() =>
      expect(backend.requestsTo('POST /api/db/comments')[0]!.body).toEqual({
        created_by: 'p-ada',
        incident_id: '3f6c1d2e-9a4b-4c5d-8e7f-0a1b2c3d4e5f',
        hypothesis_id: 'hyp-db',
        comment: 'Volume grown',
      }),
    );
    expect(await screen.findByText('Volume grown')).toBeTruthy();

    await user.click(screen.getAllByRole('button', { name: 'Add factor' })[0]!);
    // Focus moves into the new field: what is typed at once lands there.
    expect(document.activeElement).toBe(
      screen.getByRole('textbox', { name: 'New factor under Primary lost' }),
    );
    await user.keyboard('Alert late');
    await user.click(screen.getByRole('button', { name: 'Save factor' }));
    await waitFor(() =>
      expect(backend.requestsTo('POST /api/db/hypotheses')[0]!.body).toMatchObject({
        type: 'factor',
        parent_id: 'hyp-db',
        title: 'Alert late',
        status: 'possible',
      }),
    );
  });

  it("edits a hypothesis's title from the keyboard: Escape cancels, a refusal keeps the typed text", async () => {
    const user = userEvent.setup();
    render();
    const hypothesis = await screen.findByRole('listitem', { name: 'Hypothesis Disk full' });
    const edit = within(hypothesis).getByRole('button', { name: 'Edit title of Disk full' });
    edit.focus();
    await user.keyboard('{Enter}');
    const box = screen.getByRole('textbox', { name: 'Title of Disk full' });
    expect(document.activeElement).toBe(box);
    expect((box as HTMLInputElement).value).toBe('Disk full');
    // The limit is stated beside the box and the box keeps to it.
    expect(box.getAttribute('maxlength')).toBe('200');
    expect(screen.getByText('9 of at most 200 characters')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Title of Disk full' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Edit title of Disk full' }),
      ),
    );
    expect(backend.requestsTo('PATCH /api/db/:table')).toHaveLength(0);

    // The server refuses: the text typed stays for another try.
    const refuse = backend.on('PATCH /api/db/:table', dbError(400, 'A hypothesis needs a title'));
    await user.keyboard('{Enter}');
    await user.clear(screen.getByRole('textbox', { name: 'Title of Disk full' }));
    await user.keyboard('Disk full on the replica{Enter}');
    expect(await screen.findByText('A hypothesis needs a title')).toBeTruthy();
    expect(
      (screen.getByRole('textbox', { name: 'Title of Disk full' }) as HTMLInputElement).value,
    ).toBe('Disk full on the replica');
    refuse();
    // Once the refusal's refetch is in, Enter saves again.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save title' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );

    await user.keyboard('{Enter}');
    await waitFor(() => expect(backend.requestsTo('PATCH /api/db/:table')).toHaveLength(2));
    await waitFor(() =>
      expect(backend.requestsTo('PATCH /api/db/:table').at(-1)).toMatchObject({
        url: '/api/db/hypotheses?id=eq.hyp-db-factor',
        body: { title: 'Disk full on the replica' },
      }),
    );
    expect(
      await screen.findByRole('listitem', { name: 'Hypothesis Disk full on the replica' }),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Title of/ })).toBeNull();
  });

  it("states the incident title's limit while it is edited, and Escape cancels", async () => {
    const user = userEvent.setup();
    render();
    await screen.findByTestId(incidentTestIds.incident.title);
    await user.click(screen.getByRole('button', { name: 'Edit title' }));
    const box = screen.getByRole('textbox', { name: 'Title' });
    expect(box.getAttribute('maxlength')).toBe('200');
    expect(screen.getByText('17 of at most 200 characters')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
  });

  it('shows a viewer everything but no controls', async () => {
    roles = ['viewer'];
    render();
    await screen.findByTestId(incidentTestIds.incident.title);
    expect(
      within(screen.getByTestId(incidentTestIds.incident.status)).getByText('Investigating'),
    ).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit title' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Add|Delete|Comment/ })).toBeNull();
    expect(
      (await screen.findAllByRole('checkbox', { name: /Definition of done/ }))[0]!.hasAttribute(
        'disabled',
      ),
    ).toBe(true);
  });

  it('says when there is no such incident', async () => {
    render('nope');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeTruthy();
  });

  it('has no axe violations for a responder', async () => {
    render();
    await screen.findByTestId(incidentTestIds.incident.timeline);
    await screen.findByRole('link', { name: 'postgres-primary' });
    await expectNoAxeViolations(document.body);
  });
});
