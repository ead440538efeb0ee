import {
  dbError,
  expectNoAxeViolations,
  json,
  serverError,
  type FakeBackend,
} from '@opsdeck/testing';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ids,
  runActions,
  runRows,
  startPlaybooksBackend,
} from './testing/playbooksBackend.test.helper.ts';
import { pageSearchSelector } from '@opsdeck/ui';
import {
  currentUrl,
  renderPlaybooks,
  routerHistory,
} from './testing/renderPlaybooks.test.helper.tsx';
import { playbooksTestIds } from './testIds.ts';

let backend: FakeBackend;
beforeAll(async () => {
  backend = await startPlaybooksBackend();
});
afterAll(() => backend.close());
afterEach(() => {
  cleanup();
  backend.reset();
});

const open = (url: string, roles?: string[], theme?: 'light' | 'dark') =>
  renderPlaybooks(url, {
    baseUrl: `${backend.url}/api`,
    ...(roles ? { roles } : {}),
    ...(theme ? { theme } : {}),
  });

describe('/playbooks', () => {
  it('lists playbooks by category with their resource kinds, Run and, for editors, Edit and New', async () => {
    open('/playbooks');
    const kitchen = await screen.findByRole('region', { name: 'Kitchen Sink' });
    const card = within(kitchen).getByTestId(playbooksTestIds.index.card);
    expect(card.textContent).toContain('Params Kitchen Sink');
    expect(card.textContent).toContain('Test playbook');
    expect(card.textContent).toContain('Catalog Item');
    expect(within(card).getByRole('button', { name: 'Run Params Kitchen Sink' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Edit Params Kitchen Sink' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New playbook' })).toBeTruthy();
    // One from a CRD opens read-only: View, not Edit.
    const crd = within(screen.getByRole('region', { name: 'Uncategorized' }));
    expect(crd.getByRole('link', { name: 'View HTTP probe' })).toBeTruthy();
    expect(crd.queryByRole('link', { name: 'Edit HTTP probe' })).toBeNull();
    // Uncategorised playbooks come last.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Kitchen Sink', 'Uncategorized']);
  });

  it('narrows the playbooks by name from its search box (the one `/` focuses), in the URL; Back undoes it', async () => {
    open('/playbooks');
    await screen.findByRole('region', { name: 'Kitchen Sink' });
    const box = screen.getByRole('searchbox', { name: 'Search' });
    expect(box.matches(pageSearchSelector)).toBe(true);
    fireEvent.change(box, { target: { value: 'http' } });
    await waitFor(() => expect(new URLSearchParams(currentUrl.search).get('search')).toBe('http'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Kitchen Sink' })).toBeNull());
    expect(
      screen
        .getAllByTestId(playbooksTestIds.index.card)
        .map((card) => card.querySelector('h3')?.textContent),
    ).toEqual(['HTTP probe']);
    act(() => routerHistory.back());
    await screen.findByRole('region', { name: 'Kitchen Sink' });
    expect(currentUrl.search).toBe('');
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('opens the run modal from Run', async () => {
    const user = userEvent.setup();
    open('/playbooks');
    await user.click(await screen.findByRole('button', { name: 'Run Params Kitchen Sink' }));
    const dialog = await screen.findByRole('dialog', { name: 'Params Kitchen Sink' });
    expect(
      await within(dialog).findByRole('combobox', { name: 'Catalog Item' }, { timeout: 5_000 }),
    ).toBeTruthy();
  });

  it('a viewer or responder sees Run turned off with the missing permission named, and no Edit or New', async () => {
    open('/playbooks', ['viewer']);
    await screen.findAllByTestId(playbooksTestIds.index.card);
    const run = screen.getAllByRole<HTMLButtonElement>('button', { name: /^Run / })[0]!;
    expect(run.disabled).toBe(true);
    expect(screen.getByRole('note').textContent).toContain('playbook:run permission');
    expect(run.getAttribute('aria-describedby')).toBe(screen.getByRole('note').id);
    cleanup();
    open('/playbooks', ['responder']);
    await screen.findAllByTestId(playbooksTestIds.index.card);
    expect(screen.getAllByRole<HTMLButtonElement>('button', { name: /^Run / })[0]!.disabled).toBe(
      true,
    );
    expect(screen.getByRole('note').textContent).toContain('playbook:run permission');
    expect(screen.queryByRole('link', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New playbook' })).toBeNull();
  });

  it.each(['light', 'dark'] as const)('has no axe violations (%s)', async (theme) => {
    open('/playbooks', undefined, theme);
    await screen.findAllByTestId(playbooksTestIds.index.card);
    await expectNoAxeViolations(document.body);
  });
});

describe('/playbooks/runs', () => {
  it('lists runs with status, resource and duration, and keeps filters in the URL', async () => {
    const user = userEvent.setup();
    open('/playbooks/runs');
    const table = await screen.findByRole('table', { name: 'Playbook runs' });
    await within(table).findByText('kube-system');
    expect(table.textContent).toContain('Completed');
    expect(table.textContent).toContain('Pending approval');
    expect(table.textContent).toContain('3s');
    // Started reads relative with "ago", the absolute time on focus; never a raw timestamp.
    expect(within(table).getAllByText(/ ago$/)[0]!.tagName).toBe('TIME');
    expect(table.textContent).not.toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    const first = backend.requestsTo('GET /api/db/playbook_runs')[0];
    expect(first?.query.get('parent_id')).toBe('is.null');
    expect(first?.headers.prefer).toContain('count=estimated');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(currentUrl.search).toContain('runs.status.filter=failed'));
    await waitFor(() =>
      expect(backend.requestsTo('GET /api/db/playbook_runs').at(-1)?.query.get('status')).toBe(
        'eq.failed',
      ),
    );
  });

  it("opens filtered from a playbook's Runs link, and drops a filter value the route refuses", async () => {
    const user = userEvent.setup();
    open('/playbooks');
    const kitchen = await screen.findByRole('region', { name: 'Kitchen Sink' });
    await user.click(within(kitchen).getByRole('link', { name: 'Runs of Params Kitchen Sink' }));
    // The link carries the list's own filter, and the list asks for that playbook's runs.
    expect(currentUrl.pathname).toBe('/playbooks/runs');
    expect(new URLSearchParams(currentUrl.search).get('runs.playbook.filter')).toBe(ids.sink);
    await screen.findByRole('table', { name: 'Playbook runs' });
    await waitFor(() =>
      expect(backend.requestsTo('GET /api/db/playbook_runs').at(-1)?.query.get('playbook_id')).toBe(
        `eq.${ids.sink}`,
      ),
    );
    cleanup();

    // A hand-edited status the schema refuses is not asked for; the valid playbook filter stays.
    open(`/playbooks/runs?runs.status.filter=bogus&runs.playbook.filter=${ids.http}`);
    await screen.findByRole('table', { name: 'Playbook runs' });
    await waitFor(() =>
      expect(backend.requestsTo('GET /api/db/playbook_runs').length).toBeGreaterThan(0),
    );
    const asked = backend.requestsTo('GET /api/db/playbook_runs').at(-1)!;
    expect(asked.query.get('playbook_id')).toBe(`eq.${ids.http}`);
    expect(asked.query.has('status')).toBe(false);
  });

  it('refetches by itself while a run is not final', async () => {
    open('/playbooks/runs');
    // Counted once the first read has landed (its rows are drawn), so only a poll adds to it.
    await within(await screen.findByRole('table', { name: 'Playbook runs' })).findByText(
      'kube-system',
    );
    const before = backend.requestsTo('GET /api/db/playbook_runs').length;
    await waitFor(
      () => expect(backend.requestsTo('GET /api/db/playbook_runs').length).toBeGreaterThan(before),
      { timeout: 8000 },
    );
  });

  it('does not poll while the change stream keeps it fresh', async () => {
    renderPlaybooks('/playbooks/runs', { baseUrl: `${backend.url}/api`, live: true });
    await within(await screen.findByRole('table', { name: 'Playbook runs' })).findByText(
      'kube-system',
    );
    const before = backend.requestsTo('GET /api/db/playbook_runs').length;
    // Longer than a poll's interval (3 s), with a run still moving on the page.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(backend.requestsTo('GET /api/db/playbook_runs').length).toBe(before);
  });

  it('exports every run of the query as CSV, 1,500 of them, page by page, and says so', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 1500 }, (_, i) => ({
      ...runRows[0],
      id: `run-${i}`,
      created_by: { id: 'p1', name: `person-${i}` },
    }));
    // The runs table as PostgREST pages it: limit/offset, the total in Content-Range.
    backend.on('GET /api/db/playbook_runs', ({ query }) => {
      const limit = Number(query.get('limit') ?? many.length);
      const offset = Number(query.get('offset') ?? 0);
      const page = many.slice(offset, offset + limit);
      return json(page, {
        headers: { 'content-range': `${offset}-${offset + page.length - 1}/${many.length}` },
      });
    });
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:csv'),
        revokeObjectURL: () => undefined,
      }),
    );
    try {
      open('/playbooks/runs?runs.status.filter=completed');
      await within(await screen.findByRole('table', { name: 'Playbook runs' })).findAllByText(
        'kube-system',
      );
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(await screen.findByText('Exported 1,500 rows.', {}, { timeout: 10_000 })).toBeTruthy();
      const lines = (await blobs.at(-1)!.text()).replace(/^\uFEFF/, '').split('\r\n');
      expect(lines).toHaveLength(1501);
      expect(lines.at(-1)).toContain('person-1499');
      const exported = backend
        .requestsTo('GET /api/db/playbook_runs')
        .filter((request) => request.query.get('limit') === '500');
      expect(exported.map((request) => request.query.get('offset'))).toEqual(['0', '500', '1000']);
      // The export reads the list's query, filters included.
      expect(exported.every((request) => request.query.get('status') === 'eq.completed')).toBe(
        true,
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('has no axe violations', async () => {
    open('/playbooks/runs');
    await within(await screen.findByRole('table', { name: 'Playbook runs' })).findByText(
      'kube-system',
    );
    await expectNoAxeViolations(document.body);
  });
});

describe('/playbooks/runs/:id', () => {
  it('shows parameters, resource, durations and each action’s result by kind', async () => {
    open(`/playbooks/runs/${ids.run}`);
    const page = await screen.findByTestId(playbooksTestIds.run.root);
    expect(
      within(page).getByRole('heading', { level: 2, name: 'Params Kitchen Sink' }),
    ).toBeTruthy();
    expect(within(page).getByTestId(playbooksTestIds.run.status).textContent).toBe('Completed');
    const details = within(page).getByRole('region', { name: 'Details' });
    expect(details.textContent).toContain('kube-system');
    expect(details.textContent).toContain('3s');
    expect(details.textContent).not.toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(within(details).getAllByText(/ ago$/).length).toBeGreaterThan(0);
    expect(within(page).getByRole('region', { name: 'Parameters' }).textContent).toContain(
      'hello run',
    );
    const actions = await within(page).findAllByTestId(playbooksTestIds.run.action);
    expect(actions).toHaveLength(3);
    expect(actions[0]?.textContent).toContain('Exit code 0');
    expect(actions[0]?.textContent).toContain('hello run');
    expect(actions[1]?.textContent).toContain('HTTP 503');
    expect(actions[1]?.textContent).toContain('exit status 1');
    const rows = within(actions[2] as HTMLElement).getByRole('table', { name: 'report rows' });
    expect(within(rows).getByRole('cell', { name: 'kube-system' })).toBeTruthy();
  });

  it('Run again opens the modal with the run’s parameters, editable', async () => {
    const user = userEvent.setup();
    open(`/playbooks/runs/${ids.run}`);
    await user.click(await screen.findByRole('button', { name: 'Run again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Params Kitchen Sink' });
    const text = (await within(dialog).findByLabelText('Text Input (Default)')) as HTMLInputElement;
    expect(text.value).toBe('hello run');
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Checkbox' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.clear(text);
    await user.type(text, 'again');
    expect(text.value).toBe('again');
  });

  it('shows the actions as they ended once the run turns final, not as last polled', async () => {
    // The runner finishes the last action and the run together: a poll of the actions made just
    // before shows it running, and polling stops with the run's final status.
    let finished = false;
    let runReads = 0;
    backend.on('GET /api/db/playbook_runs', () => {
      runReads += 1;
      finished = runReads > 1;
      return [{ ...runRows[0], status: finished ? 'completed' : 'running', end_time: null }];
    });
    backend.on('GET /api/db/rpc/get_playbook_run_actions', () =>
      finished ? [runActions[0]] : [{ ...runActions[0], status: 'running', result: null }],
    );
    open(`/playbooks/runs/${ids.run}`);
    const status = await screen.findByTestId(playbooksTestIds.run.status);
    const [action] = await screen.findAllByTestId(playbooksTestIds.run.action);
    expect(action?.getAttribute('data-status')).toBe('running');
    await waitFor(() => expect(status.textContent).toBe('Completed'), { timeout: 8000 });
    await waitFor(() =>
      expect(
        screen.getAllByTestId(playbooksTestIds.run.action)[0]?.getAttribute('data-status'),
      ).toBe('completed'),
    );
    expect(screen.getAllByTestId(playbooksTestIds.run.action)[0]?.textContent).toContain(
      'Exit code 0',
    );
  });

  it('polls a running run’s actions while its status stays the same', async () => {
    // The run stays 'running' throughout: only the actions' own polling can show the second one.
    backend.on('GET /api/db/playbook_runs', [{ ...runRows[0], status: 'running', end_time: null }]);
    let actionReads = 0;
    backend.on('GET /api/db/rpc/get_playbook_run_actions', () => {
      actionReads += 1;
      return actionReads === 1
        ? [runActions[0]]
        : [runActions[0], { ...runActions[2], status: 'running', result: null }];
    });
    open(`/playbooks/runs/${ids.run}`);
    expect(await screen.findAllByTestId(playbooksTestIds.run.action)).toHaveLength(1);
    await waitFor(
      () => expect(screen.getAllByTestId(playbooksTestIds.run.action)).toHaveLength(2),
      { timeout: 8000 },
    );
    expect(screen.getByTestId(playbooksTestIds.run.status).textContent).toBe('Running');
  });

  it('approves a pending run for an approver; a viewer cannot', async () => {
    const user = userEvent.setup();
    open(`/playbooks/runs/${ids.pendingRun}`);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(backend.requestsTo('POST /api/playbook/run/approve/:id')[0]?.params.id).toBe(
        ids.pendingRun,
      ),
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    cleanup();
    open(`/playbooks/runs/${ids.pendingRun}`, ['viewer']);
    await screen.findByTestId(playbooksTestIds.run.approvals);
    // A viewer sees why there is nothing to click: the button is disabled with the reason.
    const refused = screen.getByRole('button', { name: 'Approve' });
    expect(refused).toHaveProperty('disabled', true);
    expect(refused.getAttribute('aria-describedby')).toBe('run-approve-refusal');
    expect(screen.getByTestId(playbooksTestIds.run.approveRefusal).textContent).toContain(
      'needs the playbook:approve permission',
    );
    expect(screen.queryByRole('button', { name: 'Run again' })).toBeNull();
  });

  describe('follows the approval spec (issue 29)', () => {
    const waiting = {
      ...runRows[1],
      id: ids.pendingRun,
      created_by: { id: 'p-editor', name: 'Eddie Editor', email: 'editor@local' },
      spec: {
        approval: { type: 'any', approvers: { people: ['admin@local'], teams: ['sre'] } },
        actions: [{ name: 'restart', exec: { script: 'echo restart' } }],
      },
    };
    const signedIn = (id: string, email: string, teamIds: string[] = []) => {
      backend.on('GET /api/db/playbook_runs', [waiting]);
      backend.on('GET /api/auth/whoami', {
        message: 'success',
        payload: { user: { id, email, name: email }, roles: [], permissions: [] },
      });
      backend.on('GET /api/db/people', ({ query }) =>
        query.get('email')?.includes('admin@local')
          ? [{ email: 'admin@local', name: 'Ada Admin' }]
          : [],
      );
      backend.on('GET /api/db/teams', [{ id: 't-sre', name: 'sre' }]);
      backend.on(
        'GET /api/db/team_members',
        teamIds.map((team_id) => ({ team_id })),
      );
    };
    const approveButton = () => screen.getByRole('button', { name: 'Approve' });

    it('shows who may approve, and lets a listed approver approve', async () => {
      signedIn('p-admin', 'admin@local');
      const user = userEvent.setup();
      open(`/playbooks/runs/${ids.pendingRun}`, ['admin']);
      await waitFor(() =>
        expect(screen.getByTestId(playbooksTestIds.run.approvers).textContent).toBe(
          'Who may approve: Any one of: Ada Admin (admin@local), team sre',
        ),
      );
      await waitFor(() => expect(approveButton()).toHaveProperty('disabled', false));
      expect(screen.queryByTestId(playbooksTestIds.run.approveRefusal)).toBeNull();
      await user.click(approveButton());
      await waitFor(() =>
        expect(backend.requestsTo('POST /api/playbook/run/approve/:id')).toHaveLength(1),
      );
    });

    it('lets a member of a listed team approve', async () => {
      signedIn('p-sre', 'sre.member@example.com', ['t-sre']);
      open(`/playbooks/runs/${ids.pendingRun}`, ['editor']);
      await screen.findByTestId(playbooksTestIds.run.approvers);
      await waitFor(() => expect(approveButton()).toHaveProperty('disabled', false));
    });

    it('disables Approve for one who may approve but is not listed, and says so', async () => {
      signedIn('p-other', 'other@local');
      const user = userEvent.setup();
      open(`/playbooks/runs/${ids.pendingRun}`, ['editor']);
      expect((await screen.findByTestId(playbooksTestIds.run.approveRefusal)).textContent).toBe(
        'You cannot approve: you are not one of this playbook’s approvers.',
      );
      expect(approveButton()).toHaveProperty('disabled', true);
      await user.click(approveButton());
      expect(backend.requestsTo('POST /api/playbook/run/approve/:id')).toHaveLength(0);
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('disables Approve on the requester’s own run, even when they are listed', async () => {
      signedIn('p-admin', 'admin@local');
      backend.on('GET /api/db/playbook_runs', [
        { ...waiting, created_by: { id: 'p-admin', name: 'Ada Admin', email: 'admin@local' } },
      ]);
      open(`/playbooks/runs/${ids.pendingRun}`, ['admin']);
      expect((await screen.findByTestId(playbooksTestIds.run.approveRefusal)).textContent).toBe(
        'You cannot approve your own run: another approver must.',
      );
      expect(approveButton()).toHaveProperty('disabled', true);
    });
  });

  it("says this server's sentence when it refuses an approval, once", async () => {
    backend.on(
      'POST /api/playbook/run/approve/:id',
      serverError(403, 'you are not allowed to approve this playbook run'),
    );
    const user = userEvent.setup();
    open(`/playbooks/runs/${ids.pendingRun}`, ['editor']);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('you are not allowed to approve this playbook run');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('shows an approved run as scheduled at once, and pending again when the server refuses', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    backend.on('POST /api/playbook/run/approve/:id', async () => {
      await answered;
      return serverError(409, 'the run was cancelled meanwhile');
    });
    const user = userEvent.setup();
    open(`/playbooks/runs/${ids.pendingRun}`, ['editor']);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const status = () => screen.getByTestId(playbooksTestIds.run.status).textContent;
    await waitFor(() => expect(status()).toBe('Scheduled'));
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    answer();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'the run was cancelled meanwhile',
    );
    await waitFor(() => expect(status()).not.toBe('Scheduled'));
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it('shows a cancelled run at once, before the server answers', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const cancelled = backend.on('POST /api/playbook/run/cancel/:id', async () => {
      await answered;
      return {};
    });
    const user = userEvent.setup();
    open(`/playbooks/runs/${ids.pendingRun}`, ['editor']);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.getByTestId(playbooksTestIds.run.status).textContent).toBe('Cancelled'),
    );
    answer();
    cancelled();
  });

  it.each(['light', 'dark'] as const)('has no axe violations (%s)', async (theme) => {
    open(`/playbooks/runs/${ids.run}`, undefined, theme);
    await screen.findAllByTestId(playbooksTestIds.run.action);
    await expectNoAxeViolations(document.body);
  });
});

describe('the spec editor', () => {
  it('shows a CRD playbook read-only', async () => {
    open(`/playbooks/${ids.http}`);
    expect(await screen.findByText(/comes from KubernetesCRD/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('saves a spec read with masked secrets as it read it, so the server keeps the stored ones', async () => {
    const user = userEvent.setup();
    // What the server answers a reader: literal secrets as ******** (issue 27 #7).
    const spec = {
      title: 'Masked',
      env: [{ name: 'GLOBAL', value: '********' }],
      on: {
        webhook: {
          path: 'deploy',
          authentication: { basic: { username: '********', password: { value: '********' } } },
        },
      },
      actions: [
        {
          name: 'deploy',
          exec: {
            script: 'echo hi',
            env: [
              { name: 'TOKEN', value: '********' },
              { name: 'REF', valueFrom: { secretKeyRef: { name: 'vault', key: 'token' } } },
            ],
          },
        },
      ],
    };
    const row = { id: ids.sink, name: 'masked', title: 'Masked', source: 'UI', spec };
    backend.on('GET /api/db/playbooks', [row]);
    backend.on('PATCH /api/db/playbooks', [row]);
    open(`/playbooks/${ids.sink}`);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(backend.requestsTo('PATCH /api/db/playbooks')).toHaveLength(1));
    const body = backend.requestsTo('PATCH /api/db/playbooks')[0]?.body as { spec: unknown };
    // The masks go back where they were read (the parser adds only its defaults).
    expect(body.spec).toMatchObject(spec);
  });

  it("says this server's sentence when a save is refused", async () => {
    const user = userEvent.setup();
    backend.on(
      'POST /api/db/playbooks',
      dbError(403, 'you may not write playbooks of source KubernetesCRD'),
    );
    open('/playbooks/new');
    await user.type(await screen.findByLabelText('Name'), 'restart-api');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'you may not write playbooks of source KubernetesCRD',
    );
    expect(currentUrl.pathname).toBe('/playbooks/new');
  });

  it('shows a playbook read-only to a viewer, with no Save', async () => {
    open(`/playbooks/${ids.sink}`, ['viewer']);
    expect(await screen.findByText('You can read this playbook but not change it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    cleanup();
    // The same playbook is editable for an editor: the gate, not the playbook, made it read-only.
    open(`/playbooks/${ids.sink}`, ['editor']);
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByText('You can read this playbook but not change it.')).toBeNull();
  });

  it('creates a new playbook from a valid spec', async () => {
    const user = userEvent.setup();
    backend.on('POST /api/db/playbooks', [{ id: 'new-id', name: 'restart-api' }]);
    open('/playbooks/new');
    await user.type(await screen.findByLabelText('Name'), 'restart-api');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentUrl.pathname).toBe('/playbooks'));
    const body = backend.requestsTo('POST /api/db/playbooks')[0]?.body as {
      name: string;
      title: string;
      spec: { actions: unknown[] };
    };
    expect(body.name).toBe('restart-api');
    expect(body.title).toBe('New playbook');
    expect(body.spec.actions).toHaveLength(1);
  });
});
