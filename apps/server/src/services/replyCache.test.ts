import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReplyCache } from './replyCache.ts';

describe('a reply cache', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  // A computation that answers its call number, and resolves only when told to.
  function computations() {
    const pending: (() => void)[] = [];
    let calls = 0;
    const compute = () => {
      calls += 1;
      const call = calls;
      return new Promise<number>((resolve) => pending.push(() => resolve(call)));
    };
    const finish = async () => {
      for (const resolve of pending.splice(0)) resolve();
      await Promise.resolve();
      await Promise.resolve();
    };
    return { compute, finish, calls: () => calls };
  }

  it('shares one computation within its window and computes again after it', async () => {
    const cache = createReplyCache(1_000);
    const { compute, finish, calls } = computations();
    const first = cache.get('k', compute);
    const second = cache.get('k', compute);
    await finish();
    expect([await first, await second]).toEqual([1, 1]);
    vi.advanceTimersByTime(1_001);
    const third = cache.get('k', compute);
    await finish();
    expect(await third).toBe(2);
    expect(calls()).toBe(2);
  });

  it('answers a stale reply at once while a fresh one is computed behind it', async () => {
    const cache = createReplyCache(1_000, { staleMillis: 10_000 });
    const { compute, finish, calls } = computations();
    const first = cache.get('k', compute);
    await finish();
    expect(await first).toBe(1);

    vi.advanceTimersByTime(5_000);
    // Past the window, within the stale time: the old reply, already there, and one recompute.
    expect(await cache.get('k', compute)).toBe(1);
    expect(await cache.get('k', compute)).toBe(1);
    expect(calls()).toBe(2);
    await finish();
    expect(await cache.get('k', compute)).toBe(2);
    expect(calls()).toBe(2);

    // Past the window and the stale time: the ask waits for a fresh reply.
    vi.advanceTimersByTime(11_001);
    const late = cache.get('k', compute);
    await finish();
    expect(await late).toBe(3);
  });

  it('never answers from before a write, even a recompute started before it', async () => {
    const cache = createReplyCache(1_000, { staleMillis: 10_000 });
    const { compute, finish } = computations();
    const first = cache.get('k', compute);
    await finish();
    await first;
    vi.advanceTimersByTime(2_000);
    expect(await cache.get('k', compute)).toBe(1);
    // The write lands while reply 2 is being computed from the rows before it.
    cache.forget();
    await finish();
    const after = cache.get('k', compute);
    await finish();
    expect(await after).toBe(3);
  });

  it('keeps no failed reply, and keeps the stale one when its recompute fails', async () => {
    const cache = createReplyCache(1_000, { staleMillis: 10_000 });
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', () => Promise.resolve(7))).toBe(7);
    vi.advanceTimersByTime(2_000);
    expect(await cache.get('k', () => Promise.reject(new Error('down')))).toBe(7);
    await Promise.resolve();
    expect(await cache.get('k', () => Promise.resolve(8))).toBe(7);
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.get('k', () => Promise.resolve(9))).toBe(8);
  });
});
