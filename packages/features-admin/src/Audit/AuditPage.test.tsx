import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminIds } from '../testing/adminBackend.test.helper.ts';
import { withAdminBackend } from '../testing/adminPage.test.helper.ts';
import { renderAdmin } from '../testing/renderAdmin.test.helper.tsx';

const { backend, baseUrl } = withAdminBackend();

const table = () => screen.findByRole('table', { name: 'Audit trail' });
const rowOf = async (text: string) => (await within(await table()).findByText(text)).closest('tr')!;
const auditRequests = () => backend().requests.filter((r) => r.path.endsWith('/audit_log'));

describe('the audit trail page', () => {
  it('lists every write newest first with who, table, action and the resource', async () => {
    renderAdmin('/settings/audit', { baseUrl: baseUrl() });
    const update = await rowOf('update');
    expect(within(update).getByText('Ada Admin')).toBeTruthy();
    expect(within(update).getByText('permissions')).toBeTruthy();
    // One row of a table with a page: a link to it (the permissions page is this package's).
    expect(within(update).getByRole('link', { name: adminIds.denyPermission })).toBeTruthy();
    const insert = await rowOf('insert');
    expect(within(insert).getByText('Val Viewer')).toBeTruthy();
    expect(within(insert).getByText('2 rows')).toBeTruthy();
    expect(within(await rowOf('delete')).getByText('System')).toBeTruthy();
    const asked = auditRequests()[0]!;
    expect(asked.query.get('order')).toBe('at.desc,id.desc');
    expect(asked.query.get('limit')).toBe('50');
  });

  it('filters by person, table and action in the URL, resetting the page', async () => {
    const user = userEvent.setup();
    const { router } = renderAdmin('/settings/audit?pageIndex=1&pageSize=25', {
      baseUrl: baseUrl(),
    });
    await table();
    await user.click(screen.getByRole('combobox', { name: 'Table' }));
    await user.click(await screen.findByRole('option', { name: 'teams' }));
    await waitFor(() => expect(router.state.location.search).toContain('table.filter=teams'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('pageIndex')).toBeNull();
    expect(params.get('pageSize')).toBe('25');
    await waitFor(async () => expect(within(await table()).queryByText('update')).toBeNull());
    expect(await rowOf('insert')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Person' }));
    await user.click(await screen.findByRole('option', { name: 'Ada Admin' }));
    await waitFor(() =>
      expect(router.state.location.search).toContain(`actor.filter=${adminIds.admin}`),
    );
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'delete' }));
    await waitFor(() => expect(router.state.location.search).toContain('action.filter=delete'));
    await waitFor(() => {
      const last = auditRequests().at(-1)!;
      expect(last.query.get('table_name')).toBe('eq.teams');
      expect(last.query.get('actor')).toBe(`eq.${adminIds.admin}`);
      expect(last.query.get('action')).toBe('eq.delete');
    });
    expect(await screen.findByText('No writes recorded')).toBeTruthy();
  });

  it('reads a time range from the URL and asks for writes within it', async () => {
    renderAdmin('/settings/audit?rangeType=relative&timeRange=now-2d', {
      baseUrl: baseUrl(),
    });
    await rowOf('update');
    await waitFor(async () => expect(within(await table()).queryByText('delete')).toBeNull());
    const at = auditRequests()[0]!.query.getAll('at');
    expect(at.some((value) => value.startsWith('gte.'))).toBe(true);
    expect(at.some((value) => value.startsWith('lte.'))).toBe(true);
  });

  it('opens a write’s before and after with the changed columns marked and secrets masked', async () => {
    const user = userEvent.setup();
    renderAdmin('/settings/audit', { baseUrl: baseUrl() });
    await user.click(await rowOf('update'));
    const dialog = await screen.findByRole('dialog', { name: 'update on permissions' });
    const changed = within(dialog).getAllByTestId('admin-audit-changed');
    expect(changed.map((row) => row.querySelector('th')!.textContent)).toEqual([
      'deny (changed)',
      'description (changed)',
    ]);
    const deny = changed[0]!.querySelectorAll('td');
    expect([deny[0]!.textContent, deny[1]!.textContent]).toEqual(['false', 'true']);
    const token = within(dialog).getByRole('rowheader', { name: 'token' }).closest('tr')!;
    expect(within(token).getAllByText('********')).toHaveLength(2);
    await user.keyboard('{Escape}');

    // A multi-row write shows each row.
    await user.click(await rowOf('insert'));
    const inserted = await screen.findByRole('dialog', { name: 'insert on teams' });
    expect(within(inserted).getAllByRole('table')).toHaveLength(2);
    expect(within(inserted).getByText('payments')).toBeTruthy();
  });
});
