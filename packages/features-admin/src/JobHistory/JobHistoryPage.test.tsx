import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { withAdminBackend } from '../testing/adminPage.test.helper.ts';
import { renderAdmin } from '../testing/renderAdmin.test.helper.tsx';

const { backend, baseUrl } = withAdminBackend();
const table = () => screen.findByRole('table', { name: 'Job history' });
const rowOf = async (text: string) => {
  const cell = await within(await table()).findByText(text);
  return cell.closest('tr')!;
};

describe('the job history page', () => {
  it('shows the last 2 days without successes by default, with each column', async () => {
    renderAdmin('/settings/jobs', { baseUrl: baseUrl() });
    const failed = await rowOf('FAILED');
    expect(within(failed).getByText('CanaryRun')).toBeTruthy();
    expect(within(failed).getByText('local')).toBeTruthy();
    expect(within(failed).getByText('payments-api')).toBeTruthy();
    expect(within(failed).getByText('1.2 s')).toBeTruthy();
    expect(within(failed).getByText('Success 0, Error 1')).toBeTruthy();
    expect(await rowOf('WARNING')).toBeTruthy();
    const shown = within(await table());
    // A success is left out by the default status filter, a run of 5 days ago by the 2-day range.
    expect(shown.queryByText('SUCCESS')).toBeNull();
    expect(shown.queryByText('CleanupJobHistory')).toBeNull();
    const asked = backend().requests.find((r) => r.path.endsWith('/job_histories'))!;
    expect(asked.query.get('status.filter')).toBe('!SUCCESS');
    expect(asked.query.get('limit')).toBe('150');
    expect(asked.query.get('order')).toBe('created_at.desc');
  });

  it('filters by resource type, resetting the page index in the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderAdmin('/settings/jobs?pageIndex=0&pageSize=50&sortBy=name', {
      baseUrl: baseUrl(),
    });
    await rowOf('FAILED');
    await router.navigate('/settings/jobs?pageIndex=1&pageSize=50&sortBy=name');
    await user.click(screen.getByRole('combobox', { name: 'Resource type' }));
    await user.click(await screen.findByRole('option', { name: 'config_scraper' }));
    await waitFor(() => {
      expect(router.state.location.search).toContain('resourceType.filter=config_scraper');
    });
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('pageIndex')).toBeNull();
    expect(params.get('pageSize')).toBe('50');
    await waitFor(async () => {
      expect(within(await table()).queryByText('FAILED')).toBeNull();
    });
    expect(await rowOf('WARNING')).toBeTruthy();
  });

  it('opens a run’s details with the tabs that have content, and nothing for a run without', async () => {
    const user = userEvent.setup();
    renderAdmin('/settings/jobs?status.filter=all', { baseUrl: baseUrl() });
    await user.click(await rowOf('SUCCESS'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(await rowOf('FAILED'));
    const dialog = await screen.findByRole('dialog', { name: 'Details for job CanaryRun' });
    expect(within(dialog).getByRole('tab', { name: 'Errors' })).toBeTruthy();
    expect(within(dialog).queryByRole('tab', { name: 'Scrape Summary' })).toBeNull();
    expect(within(dialog).getByText('GET /health: connection refused')).toBeTruthy();
  });
});
