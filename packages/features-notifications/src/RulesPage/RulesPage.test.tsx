import { expectNoAxeViolations, json, serverError } from '@opsdeck/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ids,
  ruleRow,
  ruleSummaryRow,
  startNotificationsBackend,
  type NotificationsBackend,
} from '../testing/notificationsBackend.test.helper.ts';
import { currentUrl, renderNotifications } from '../testing/renderNotifications.test.helper.tsx';
import { notificationsTestIds } from '../testIds.ts';

let backend: NotificationsBackend;
beforeAll(async () => {
  backend = await startNotificationsBackend();
});
afterAll(() => backend.close());
afterEach(() => {
  cleanup();
  backend.reset();
});

const open = (url: string, roles?: string[]) =>
  renderNotifications(url, { baseUrl: `${backend.url}/api`, ...(roles ? { roles } : {}) });

const written = (route: 'POST /api/db/notifications' | 'PATCH /api/db/notifications') =>
  backend.requestsTo(route).map((request) => request.body as Record<string, unknown>);

describe('/notifications/rules', () => {
  it('lists each rule with its events, filter, recipients, sends and failures, as the reference asks', async () => {
    open('/notifications/rules');
    const table = await screen.findByRole('table', { name: 'Notification rules' });
    const row = (await within(table).findByText(ruleRow.name)).closest('tr')!;
    expect(row.textContent).toContain('check.passed');
    expect(row.textContent).toContain("check.type == 'http'");
    // The fixture's `to: {team: backend}`.
    expect(row.textContent).toContain('backend');
    expect(row.textContent).toContain('smtp: connection refused');
    expect(within(row).getAllByText(/ ago$/)[0]!.tagName).toBe('TIME');
    const asked = backend
      .requestsTo('GET /api/db/notifications_summary')
      .find((request) => request.query.get('select')?.startsWith('*'))!;
    expect(asked.query.get('select')).toContain('team:team_id(id,name,icon)');
    expect(asked.query.get('order')).toBe('created_at.desc');
    expect(asked.headers.prefer).toContain('count=exact');
  });

  it('names each rule by its name, never by the template of the messages it sends', async () => {
    open('/notifications/rules');
    const table = await screen.findByRole('table', { name: 'Notification rules' });
    await within(table).findByText(ruleRow.name);
    expect(ruleRow.title).toContain('{{');
    expect(within(table).queryByText(ruleRow.title)).toBeNull();
    expect(screen.getByRole('button', { name: `Edit ${ruleRow.name}` })).toBeTruthy();
  });

  it('keeps a 300-character name and filter to one cut line each, whole on focus', async () => {
    const user = userEvent.setup();
    const name = `rule-${'n'.repeat(295)}`;
    const filter = `check.labels.team == '${'x'.repeat(280)}'`;
    backend.on('GET /api/db/notifications_summary', () =>
      json([{ ...ruleSummaryRow, name, filter }], { headers: { 'Content-Range': '0-0/1' } }),
    );
    open('/notifications/rules');
    const table = await screen.findByRole('table', { name: 'Notification rules' });
    for (const value of [name, filter]) {
      const cell = await within(table).findByText(value);
      expect(cell.getAttribute('data-slot')).toBe('truncated-text');
      expect(cell.tabIndex).toBe(0);
      cell.focus();
      expect((await screen.findByRole('tooltip')).textContent).toBe(value);
      await user.keyboard('{Escape}');
      cell.blur();
    }
    await expectNoAxeViolations(document.body);
  });

  it("opens the history narrowed to a rule's errors from its failure count", async () => {
    const user = userEvent.setup();
    open('/notifications/rules');
    await user.click(
      await screen.findByRole('link', { name: `1 failed sends of ${ruleRow.name}` }),
    );
    await waitFor(() => expect(currentUrl.pathname).toBe('/notifications'));
    const search = new URLSearchParams(currentUrl.search);
    expect(search.get('sends.rule.filter')).toBe(ids.rule);
    expect(search.get('sends.status.filter')).toBe('error');
  });

  it('shows the empty state, and has no axe violations', async () => {
    open('/notifications/rules');
    await within(await screen.findByRole('table', { name: 'Notification rules' })).findByText(
      ruleRow.name,
    );
    await expectNoAxeViolations(document.body);
    cleanup();
    backend.on(
      'GET /api/db/notifications_summary',
      json([], { headers: { 'Content-Range': '*/0' } }),
    );
    open('/notifications/rules');
    await screen.findByText('No data available');
  });
});

describe('/notifications/rules: add, edit and delete (settings §3, reference §5)', () => {
  it('lets an editor add a rule: Add rule opens the editor in the URL, Save posts the row', async () => {
    const user = userEvent.setup();
    open('/notifications/rules');
    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(new URLSearchParams(currentUrl.search).get('edit')).toBe('new'));
    const form = await screen.findByRole('form', { name: 'Add rule' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'checks-to-backend');
    await user.click(within(form).getByRole('combobox', { name: 'Events' }));
    await user.click(await screen.findByRole('option', { name: 'check.failed' }));
    await user.keyboard('{Escape}');
    await user.click(within(form).getByRole('combobox', { name: 'Recipient: Team' }));
    await user.click(await screen.findByRole('option', { name: 'backend' }));
    await user.type(within(form).getByRole('textbox', { name: /Repeat interval/ }), '4h');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add rule' })).toBeNull());
    expect(new URLSearchParams(currentUrl.search).get('edit')).toBeNull();
    expect(written('POST /api/db/notifications')).toEqual([
      expect.objectContaining({
        name: 'checks-to-backend',
        events: ['check.failed'],
        team_id: ids.team,
        person_id: null,
        custom_services: null,
        repeat_interval: '4h',
      }),
    ]);
  });

  it("keeps every typed value and shows the server's sentence when the server refuses a save", async () => {
    const user = userEvent.setup();
    const refusal = 'Notification validation failed: to: a notification goes to one recipient';
    backend.on('PATCH /api/db/notifications', serverError(400, refusal));
    open(`/notifications/rules?edit=${ids.rule}`);
    const form = await screen.findByRole('form', { name: 'Edit rule' });
    const name = within(form).getByRole('textbox', { name: /Name/ });
    await waitFor(() => expect((name as HTMLInputElement).value).toBe(ruleRow.name));
    await user.clear(name);
    await user.type(name, 'renamed rule');
    await user.clear(within(form).getByRole('textbox', { name: /Title/ }));
    await user.type(within(form).getByRole('textbox', { name: /Title/ }), 'Check down');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(refusal);
    expect(written('PATCH /api/db/notifications')[0]).toMatchObject({
      name: 'renamed rule',
      title: 'Check down',
      filter: ruleRow.filter,
      team_id: ids.team,
    });
    // Still open, with what was typed and what was loaded.
    expect((name as HTMLInputElement).value).toBe('renamed rule');
    expect((within(form).getByRole('textbox', { name: /Title/ }) as HTMLInputElement).value).toBe(
      'Check down',
    );
    expect(screen.getByTestId(notificationsTestIds.ruleEditor.filter).textContent).toContain(
      String(ruleRow.filter),
    );
    expect(within(form).getByRole('combobox', { name: 'Events' }).textContent).toContain(
      'check.passed',
    );
    expect(new URLSearchParams(currentUrl.search).get('edit')).toBe(ids.rule);
  });

  it('shows and keeps every connection of a rule and edits its inhibitions', async () => {
    const user = userEvent.setup();
    const services = [
      { name: 'ops', connection: 'connection://default/ops-webhook', properties: { x: '1' } },
      { name: 'pager', url: 'https://hooks.example.com/pager' },
    ];
    const inhibitions = [{ direction: 'outgoing', from: 'http', to: ['tcp'] }];
    backend.on('GET /api/db/notifications', () => [
      { ...ruleRow, team_id: null, person_id: null, custom_services: services, inhibitions },
    ]);
    open(`/notifications/rules?edit=${ids.rule}`);
    const form = await screen.findByRole('form', { name: 'Edit rule' });
    const picker = await within(form).findByRole('combobox', { name: /Connections/ });
    await user.click(picker);
    for (const name of [/ops-webhook/, 'https://hooks.example.com/pager'])
      expect((await screen.findByRole('option', { name })).getAttribute('aria-selected')).toBe(
        'true',
      );
    await user.keyboard('{Escape}');
    const editor = screen.getByTestId(notificationsTestIds.ruleEditor.inhibitions);
    await waitFor(() => expect(editor.textContent).toContain('"from": "http"'));

    // Saved unchanged: both connections, as stored (properties kept), and the inhibitions.
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(written('PATCH /api/db/notifications')).toHaveLength(1));
    expect(written('PATCH /api/db/notifications')[0]).toMatchObject({
      custom_services: services,
      inhibitions,
      team_id: null,
      person_id: null,
    });
  });

  it('edits the wait-for evaluation period, grouping and fallback, and keeps them', async () => {
    const user = userEvent.setup();
    backend.on('GET /api/db/notifications', () => [
      {
        ...ruleRow,
        team_id: ids.team,
        wait_for_eval_period: '30s',
        group_by: ['label:app'],
        fallback_delay: '1h',
        fallback_team_id: ids.team,
      },
    ]);
    open(`/notifications/rules?edit=${ids.rule}`);
    const form = await screen.findByRole('form', { name: 'Edit rule' });
    const period = within(form).getByRole('textbox', { name: /Wait for evaluation period/ });
    await waitFor(() => expect((period as HTMLInputElement).value).toBe('30s'));
    const groupBy = within(form).getByRole('textbox', { name: /Group by/ });
    expect((groupBy as HTMLInputElement).value).toBe('label:app');
    await user.type(groupBy, ', type');
    await user.clear(period);
    await user.type(period, '2m');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(written('PATCH /api/db/notifications')).toHaveLength(1));
    expect(written('PATCH /api/db/notifications')[0]).toMatchObject({
      wait_for_eval_period: '2m',
      group_by: ['label:app', 'type'],
      fallback_delay: '1h',
      fallback_team_id: ids.team,
    });
  });

  it('refuses inhibitions that are not a list of {from, to} before asking the server', async () => {
    const user = userEvent.setup();
    backend.on('GET /api/db/notifications', () => [
      { ...ruleRow, team_id: ids.team, inhibitions: [{ from: 'http' }] },
    ]);
    open(`/notifications/rules?edit=${ids.rule}`);
    const form = await screen.findByRole('form', { name: 'Edit rule' });
    await within(form).findByRole('combobox', { name: 'Recipient: Team' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'Each inhibition needs a "from" type and a list of "to" types',
    );
    expect(written('PATCH /api/db/notifications')).toEqual([]);
  });

  it('deletes a rule only after the red confirm', async () => {
    const user = userEvent.setup();
    open(`/notifications/rules?edit=${ids.rule}`);
    const form = await screen.findByRole('form', { name: 'Edit rule' });
    await user.click(await within(form).findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: /Delete the rule/ });
    expect(written('PATCH /api/db/notifications')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit rule' })).toBeNull());
    const [patch] = written('PATCH /api/db/notifications');
    expect(Object.keys(patch!)).toEqual(['deleted_at']);
    expect(backend.requestsTo('PATCH /api/db/notifications')[0]!.query.get('id')).toBe(
      `eq.${ids.rule}`,
    );
  });

  it('offers no Add rule and no Edit to a viewer', async () => {
    open('/notifications/rules', ['viewer']);
    const table = await screen.findByRole('table', { name: 'Notification rules' });
    await within(table).findByText(ruleRow.name);
    expect(screen.queryByRole('button', { name: 'Add rule' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('opens no editor for a viewer who follows an edit link, and says which permission is missing', async () => {
    open(`/notifications/rules?edit=${ids.rule}`, ['viewer']);
    const table = await screen.findByRole('table', { name: 'Notification rules' });
    await within(table).findByText(ruleRow.name);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('note').textContent).toMatch(/needs write on notifications/);
  });

  it('has no axe violations with the editor open', async () => {
    open(`/notifications/rules?edit=${ids.rule}`);
    const form = await screen.findByRole('form', { name: 'Edit rule' });
    await waitFor(() =>
      expect((within(form).getByRole('textbox', { name: /Name/ }) as HTMLInputElement).value).toBe(
        ruleRow.name,
      ),
    );
    await expectNoAxeViolations(document.body);
  });
});
