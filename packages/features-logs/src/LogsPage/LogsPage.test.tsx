import { expectNoAxeViolations } from '@opsdeck/testing';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ids,
  LOKI_REFUSAL,
  startLogsBackend,
  type LogsBackend,
} from '../testing/logsBackend.test.helper.ts';
import { renderLogs, router } from '../testing/renderLogs.test.helper.tsx';
import { logsTestIds } from '../testIds.ts';
import { FOLLOW_INTERVAL_MS } from './LogsPage.tsx';

let backend: LogsBackend;
beforeAll(async () => {
  backend = await startLogsBackend();
});
afterAll(() => backend.close());
afterEach(() => {
  cleanup();
  backend.reset();
  vi.useRealTimers();
});

const open = (url: string) => renderLogs(url, { baseUrl: `${backend.url}/api` });
const logsAsked = () => backend.requestsTo('POST /api/logs');
const lastLabels = () => (logsAsked().at(-1)?.body as { labels: Record<string, string> }).labels;
const param = (name: string) => new URLSearchParams(router.search).get(name);
const shownMessages = () =>
  screen.getAllByTestId(logsTestIds.line).map((line) => line.textContent ?? '');

describe('/logs', () => {
  it('offers the components with logs, named with namespace and cluster, and asks for nothing before one is picked', async () => {
    const user = userEvent.setup();
    open('/logs');
    await screen.findByText('Pick a component to read its logs.');
    await user.click(screen.getByRole('combobox', { name: 'Component' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Opsdeck server',
      'payments-api (shop / eu-1)',
    ]);
    expect(logsAsked()).toEqual([]);
    await user.click(screen.getByRole('option', { name: 'Opsdeck server' }));
    await waitFor(() => expect(param('component')).toBe(ids.server));
    await screen.findAllByTestId(logsTestIds.line);
    expect(logsAsked()[0]!.body).toMatchObject({ id: ids.server, labels: { limit: '1000' } });
  });

  it('shows the lines oldest first with their time and level, and says how many', async () => {
    open(`/logs?component=${ids.server}`);
    const lines = await screen.findAllByTestId(logsTestIds.line);
    // Virtualized: some of the 60 are drawn, oldest first, each with its time and level.
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.length).toBeLessThan(60);
    const times = lines.map((line) => line.querySelector('time')!.getAttribute('dateTime')!);
    expect([...times].sort()).toEqual(times);
    const first = backend.lines.find((line) => line.timestamp === times[0])!;
    expect(lines[0]!.textContent).toContain(first.message);
    expect(within(lines[0]!).getByText(first.labels.level!)).toBeTruthy();
    expect(screen.getByTestId(logsTestIds.summary).textContent).toBe('60 lines');
    // The range went out as two instants worked out at the time of asking (the last hour).
    const { start, end } = lastLabels();
    expect(Date.parse(end!) - Date.parse(start!)).toBe(3_600_000);
    await expectNoAxeViolations(document.body);
  });

  it('finds lines by text and level, each choice in the URL, and Back undoes it', async () => {
    const user = userEvent.setup();
    open(`/logs?component=${ids.server}`);
    await screen.findAllByTestId(logsTestIds.line);

    await user.type(screen.getByRole('searchbox', { name: 'Text' }), 'REQUEST{Enter}');
    await waitFor(() => expect(param('text')).toBe('REQUEST'));
    await waitFor(() => expect(shownMessages()).toHaveLength(1));
    expect(shownMessages()[0]).toContain('request');
    // The server logs a request's method, path and status as labels: shown after the message.
    expect(shownMessages()[0]).toContain('method=GET path=/api/db/components_with_logs status=200');
    expect(lastLabels().text).toBe('REQUEST');

    await user.clear(screen.getByRole('searchbox', { name: 'Text' }));
    await user.type(screen.getByRole('searchbox', { name: 'Text' }), '{Enter}');
    await user.click(screen.getByRole('combobox', { name: 'Level' }));
    await user.click(await screen.findByRole('option', { name: 'error' }));
    await waitFor(() => expect(param('level')).toBe('error'));
    await waitFor(() => expect(shownMessages()).toHaveLength(12));
    expect(lastLabels().level).toBe('error');
    expect(shownMessages().every((text) => text.includes('error line'))).toBe(true);

    act(() => router.back());
    await waitFor(() => expect(param('level')).toBeNull());
    await waitFor(() =>
      expect(screen.getByTestId(logsTestIds.summary).textContent).toBe('60 lines'),
    );
  });

  it('asks for a time range picked in the TimeRangePicker and keeps it in the URL', async () => {
    const user = userEvent.setup();
    open(`/logs?component=${ids.server}`);
    await screen.findAllByTestId(logsTestIds.line);
    await user.click(screen.getByRole('button', { name: /Time range/ }));
    await user.click(await screen.findByRole('button', { name: '5 minutes' }));
    await waitFor(() => expect(param('timeRange')).toBe('now-5m'));
    await waitFor(() => {
      const { start, end } = lastLabels();
      expect(Date.parse(end!) - Date.parse(start!)).toBe(5 * 60_000);
    });
    // One line every 10 s: the last five minutes hold 30 of them (31 with both ends).
    await waitFor(() => expect(shownMessages().length).toBeLessThanOrEqual(31));
  });

  it('offers the selectors of a component with several and asks for the one picked', async () => {
    const user = userEvent.setup();
    open(`/logs?component=${ids.server}`);
    await screen.findAllByTestId(logsTestIds.line);
    await user.click(screen.getByRole('combobox', { name: 'Log' }));
    await user.click(await screen.findByRole('option', { name: 'files' }));
    await waitFor(() => expect(param('selector')).toBe('files'));
    await screen.findByText('No logs match');
    expect(logsAsked().at(-1)!.body).toMatchObject({ name: 'files' });
  });

  it('shows the server’s sentence for a selector it does not read', async () => {
    open(`/logs?component=${ids.loki}`);
    expect((await screen.findByTestId(logsTestIds.error)).textContent).toBe(LOKI_REFUSAL);
    expect(screen.queryByRole('combobox', { name: 'Log' })).toBeNull();
  });

  it('answers an unknown or garbage component id with Not found and a way back, asking no logs', async () => {
    const user = userEvent.setup();
    open('/logs?component=garbage');
    await screen.findByRole('heading', { name: 'Not found' });
    expect(logsAsked()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Choose a component' }));
    await screen.findByText('Pick a component to read its logs.');
    expect(param('component')).toBeNull();
  });

  it('toggles line wrap and follow in the URL; following asks again and shows the new line last', async () => {
    const user = userEvent.setup();
    open(`/logs?component=${ids.server}`);
    await screen.findAllByTestId(logsTestIds.line);
    const wrap = screen.getByRole('button', { name: 'Wrap lines' });
    await user.click(wrap);
    await waitFor(() => expect(param('wrap')).toBe('1'));
    expect(wrap.getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(param('follow')).toBe('1'));
    const asked = logsAsked().length;
    backend.lines.unshift({
      id: '61',
      timestamp: new Date().toISOString(),
      message: 'a line logged while following',
      labels: { level: 'warn' },
    });
    await waitFor(() => expect(logsAsked().length).toBeGreaterThan(asked), {
      timeout: FOLLOW_INTERVAL_MS + 5000,
    });
    await waitFor(() => expect(shownMessages().at(-1)).toContain('a line logged while following'));
  }, 20_000);
});

describe('/logs download', () => {
  it("loads older lines page after page through the reply's nextPage, never cutting without a word", async () => {
    const big = await startLogsBackend(2300);
    try {
      const user = userEvent.setup();
      renderLogs(`/logs?component=${ids.server}&timeRange=now-1d`, { baseUrl: `${big.url}/api` });
      await screen.findAllByTestId(logsTestIds.line);
      expect(screen.getByTestId(logsTestIds.summary).textContent).toBe(
        'Showing the newest 1000 of 2300 matching lines.',
      );
      await user.click(screen.getByRole('button', { name: 'Load 1000 older lines' }));
      await waitFor(() =>
        expect(screen.getByTestId(logsTestIds.summary).textContent).toBe(
          'Showing the newest 2000 of 2300 matching lines.',
        ),
      );
      await user.click(screen.getByRole('button', { name: 'Load 300 older lines' }));
      await waitFor(() =>
        expect(screen.getByTestId(logsTestIds.summary).textContent).toBe('2300 lines'),
      );
      expect(screen.queryByTestId(logsTestIds.loadMore)).toBeNull();
      // Each next page was asked with the previous reply's nextPage and the first page's instants.
      const asked = big
        .requestsTo('POST /api/logs')
        .map((request) => (request.body as { labels: Record<string, string> }).labels);
      expect(asked.map((labels) => labels.page)).toEqual([undefined, '1000', '2000']);
      expect(new Set(asked.map((labels) => `${labels.start} ${labels.end}`)).size).toBe(1);
    } finally {
      await big.close();
    }
  });

  it('writes the shown lines to a .log file and says when more lines match than were sent', async () => {
    const big = await startLogsBackend(1200);
    try {
      const user = userEvent.setup();
      renderLogs(`/logs?component=${ids.server}&timeRange=now-1d`, { baseUrl: `${big.url}/api` });
      await screen.findAllByTestId(logsTestIds.line);
      expect(screen.getByTestId(logsTestIds.summary).textContent).toBe(
        'Showing the newest 1000 of 1200 matching lines.',
      );
      let saved: Blob | undefined;
      const createObjectURL = vi.fn((blob: Blob) => {
        saved = blob;
        return 'blob:logs';
      });
      Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
      const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      await user.click(screen.getByTestId(logsTestIds.download));
      expect(clicked).toHaveBeenCalled();
      const anchor = clicked.mock.contexts[0] as HTMLAnchorElement;
      expect(anchor.download).toMatch(/^Opsdeck-server-\d{8}T\d{6}Z\.log$/);
      const text = await saved!.text();
      const rows = text.trimEnd().split('\n');
      expect(rows).toHaveLength(1001);
      expect(rows[0]).toContain('ERROR error line 201 of the server log');
      expect(rows[999]).toContain('line 1200 of the server log');
      expect(rows[1000]).toBe(
        '# 1000 of 1200 matching lines: 200 older lines are not in this file; narrow the time range to see them.',
      );
      clicked.mockRestore();
    } finally {
      await big.close();
    }
  });
});
