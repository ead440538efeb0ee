import { json, serverError } from '@opsdeck/testing';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { withAdminBackend } from '../testing/adminPage.test.helper.ts';
import { renderAdmin } from '../testing/renderAdmin.test.helper.tsx';

const { backend, baseUrl } = withAdminBackend();

const table = () => screen.findByRole('table', { name: 'Event queue' });
const rowOf = async (text: string) => (await within(await table()).findByText(text)).closest('tr')!;

describe('the event queue page', () => {
  it('lists each event name with its counts, attempts and error, the latest failure first', async () => {
    renderAdmin('/settings/event-queue-status', { baseUrl: baseUrl() });
    const failing = await rowOf('notification.send');
    const cells = within(failing)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual(['notification.send', '1', '1', '3']);
    expect(within(failing).getByText('slack: rate limited')).toBeTruthy();
    const waiting = await rowOf('playbook.action');
    expect(
      within(waiting)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 4),
    ).toEqual(['playbook.action', '1', '0', '0']);
    const asked = backend().requests.find((r) => r.path.endsWith('/event_queue_summary'))!;
    expect(asked.query.get('order')).toMatch(/^last_failure\.desc/);
    expect(asked.query.get('limit')).toBe('50');
  });

  it('sorts in the URL and asks the server for that order', async () => {
    const user = userEvent.setup();
    const { router } = renderAdmin('/settings/event-queue-status', {
      baseUrl: baseUrl(),
    });
    await rowOf('notification.send');
    await user.click(within(await table()).getByRole('button', { name: /^Failed/ }));
    await expect
      .poll(() => new URLSearchParams(router.state.location.search).get('sortBy'))
      .toBe('failed');
    await expect
      .poll(() =>
        backend()
          .requests.filter((r) => r.path.endsWith('/event_queue_summary'))
          .some((r) => r.query.get('order')?.startsWith('failed.')),
      )
      .toBe(true);
  });

  it('opens the failed entries of a name with their attempts, error and properties', async () => {
    const user = userEvent.setup();
    renderAdmin('/settings/event-queue-status', { baseUrl: baseUrl() });
    await user.click(await rowOf('notification.send'));
    const dialog = await screen.findByRole('dialog', { name: 'Failed notification.send events' });
    expect(await within(dialog).findByText(/^Attempts 3/)).toBeTruthy();
    expect(within(dialog).getByText('slack: rate limited')).toBeTruthy();
    expect(within(dialog).getByLabelText('Properties').textContent).toContain('"id"');
    const asked = backend().requests.find((r) => r.path.endsWith('/event_queue'))!;
    expect(asked.query.get('name')).toBe('eq.notification.send');
    expect(asked.query.get('attempts')).toBe('gt.0');
  });

  it('says so when the queue is empty, and shows the server’s error when the read fails', async () => {
    const remove = backend().on('GET /api/db/event_queue_summary', () =>
      json([], { headers: { 'Content-Range': '*/0' } }),
    );
    renderAdmin('/settings/event-queue-status', { baseUrl: baseUrl() });
    expect(await screen.findByText('The event queue is empty')).toBeTruthy();
    cleanup();
    remove();
    backend().on('GET /api/db/event_queue_summary', () =>
      serverError(403, 'event_queue_summary: not allowed'),
    );
    renderAdmin('/settings/event-queue-status', { baseUrl: baseUrl() });
    expect(await screen.findByText(/not allowed/)).toBeTruthy();
  });
});
