import { ApiError } from '@opsdeck/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConnectionMonitor, isUnreachable } from './connectionMonitor.ts';

const networkError = () => new ApiError({ kind: 'network', message: 'Network Error' });

afterEach(() => vi.useRealTimers());

describe('isUnreachable', () => {
  it('is a request with no reply, a gateway status or a chunk that did not load', () => {
    expect(isUnreachable(networkError())).toBe(true);
    expect(isUnreachable(new ApiError({ kind: 'http', status: 502, message: 'Bad gateway' }))).toBe(
      true,
    );
    expect(
      isUnreachable(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
  });

  it('is not an answer from the server', () => {
    expect(isUnreachable(new ApiError({ kind: 'http', status: 500, message: 'boom' }))).toBe(false);
    expect(isUnreachable(new ApiError({ kind: 'http', status: 404, message: 'no' }))).toBe(false);
    expect(isUnreachable(new Error('render failed'))).toBe(false);
  });
});

describe('the connection monitor', () => {
  it('goes unreachable on a lost request, probes until the server answers, then goes online', async () => {
    vi.useFakeTimers();
    let up = false;
    const probe = vi.fn(() => (up ? Promise.resolve() : Promise.reject(new Error('down'))));
    const monitor = createConnectionMonitor({ probe, delays: [100, 200] });
    const seen: string[] = [];
    monitor.subscribe(() => seen.push(monitor.state()));

    monitor.reportFailure(new ApiError({ kind: 'http', status: 500, message: 'boom' }));
    expect(monitor.state()).toBe('online');
    monitor.reportFailure(networkError());
    expect(monitor.state()).toBe('unreachable');
    await vi.advanceTimersByTimeAsync(100);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(monitor.state()).toBe('unreachable');
    up = true;
    await vi.advanceTimersByTimeAsync(200);
    expect(monitor.state()).toBe('online');
    expect(seen).toEqual(['unreachable', 'online']);
    // Online, no more probes.
    await vi.advanceTimersByTimeAsync(1000);
    expect(probe).toHaveBeenCalledTimes(3);
  });

  it('goes online at once when any request gets a reply', () => {
    const monitor = createConnectionMonitor({ probe: () => new Promise(() => {}) });
    monitor.reportFailure(networkError());
    monitor.reportSuccess();
    expect(monitor.state()).toBe('online');
    monitor.stop();
  });
});
