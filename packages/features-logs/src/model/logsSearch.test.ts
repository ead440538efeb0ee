import { DateTime } from 'luxon';
import type { LogLine } from '@opsdeck/api-client/topology';
import { describe, expect, it } from 'vitest';
import {
  downloadFileName,
  downloadText,
  levelColor,
  logsRequestOf,
  resolveLogsRequest,
} from './logsSearch.ts';

const now = DateTime.fromISO('2026-11-28T10:00:00.000Z', { zone: 'utc' }) as DateTime<true>;

describe('the logs request', () => {
  it('keeps a relative range as its name and resolves it to two instants at the time of asking', () => {
    const kept = logsRequestOf({ component: 'c1', text: 'oops', level: 'error' });
    expect(kept).toEqual({
      id: 'c1',
      labels: { limit: '1000', text: 'oops', level: 'error', start: 'now-1h', end: 'now' },
    });
    expect(resolveLogsRequest(kept, now).labels).toMatchObject({
      start: '2026-11-28T09:00:00.000Z',
      end: '2026-11-28T10:00:00.000Z',
    });
  });

  it('names the selector only when one is picked, and sends an absolute range as it is', () => {
    const kept = logsRequestOf({
      component: 'c1',
      selector: 'files',
      range: {
        type: 'absolute',
        display: 'Custom',
        from: '2026-11-27T08:00:00.000Z',
        to: '2026-11-27T09:00:00.000Z',
      },
    });
    expect(kept.name).toBe('files');
    expect(resolveLogsRequest(kept, now).labels).toMatchObject({
      start: '2026-11-27T08:00:00.000Z',
      end: '2026-11-27T09:00:00.000Z',
    });
  });

  it('resolves a quick range (yesterday) by the calendar', () => {
    const kept = logsRequestOf({
      component: 'c1',
      range: { type: 'mapped', display: 'Yesterday', range: 'yesterday' },
    });
    const { start, end } = resolveLogsRequest(kept, now).labels!;
    expect(start).toBe('2026-11-27T00:00:00.000Z');
    expect(Date.parse(end!)).toBeGreaterThan(Date.parse('2026-11-27T23:59:00.000Z'));
  });
});

describe('the download', () => {
  const lines: LogLine[] = [
    { id: '2', timestamp: '2026-11-28T10:00:02Z', message: 'b', labels: { level: 'error' } },
    { id: '1', timestamp: '2026-11-28T10:00:01Z', message: 'a', labels: null },
    {
      id: '0',
      timestamp: '2026-11-28T10:00:00Z',
      message: 'request',
      labels: { level: 'info', method: 'GET', status: '200' },
    },
  ];

  it('writes lines oldest first, and no note when every match was sent', () => {
    expect(downloadText(lines, 3)).toBe(
      '2026-11-28T10:00:00Z INFO request method=GET status=200\n2026-11-28T10:00:01Z a\n2026-11-28T10:00:02Z ERROR b\n',
    );
  });

  it('says in the file how many matching lines it leaves out', () => {
    expect(downloadText(lines, 5).trimEnd().split('\n').at(-1)).toBe(
      '# 3 of 5 matching lines: 2 older lines are not in this file; narrow the time range to see them.',
    );
  });

  it('names the file by component, selector and moment, safe for a file system', () => {
    expect(downloadFileName('api / eu', 'server', now)).toBe('api-eu-server-20261128T100000Z.log');
  });
});

describe('level colours', () => {
  it('colours error, warn and info apart and anything else as gray', () => {
    expect(['error', 'warn', 'info', 'debug', undefined].map(levelColor)).toEqual([
      'red',
      'orange',
      'primary',
      'gray',
      'gray',
    ]);
  });
});
