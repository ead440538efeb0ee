import type { Services } from './context.ts';

// Failed sign-ins are counted per identifier and per client address; either bucket going over the
// limit locks both the password check and the answer, whether or not the account exists.

export function throttleKeys(identifier: string, address: string): string[] {
  return ['id:' + identifier.trim().toLowerCase(), 'ip:' + address];
}

export async function isLocked(services: Services, keys: string[]): Promise<boolean> {
  const now = services.options.now().getTime();
  for (const key of keys) {
    const state = await services.store.throttleState(key);
    if (state?.lockedUntil && state.lockedUntil.getTime() > now) return true;
  }
  return false;
}

export async function recordFailure(services: Services, keys: string[]): Promise<void> {
  const { maxFailures, windowMs, lockMs } = services.options.throttle;
  const now = services.options.now();
  for (const key of keys) {
    const state = await services.store.throttleState(key);
    const fresh = !state || state.windowStart.getTime() + windowMs <= now.getTime();
    const failures = fresh ? 1 : state.failures + 1;
    const windowStart = fresh ? now : state.windowStart;
    const lockedUntil = failures >= maxFailures ? new Date(now.getTime() + lockMs) : undefined;
    await services.store.saveThrottle(key, lockedUntil ? 0 : failures, lockedUntil ? now : windowStart, lockedUntil);
  }
}

export async function clearFailures(services: Services, keys: string[]): Promise<void> {
  for (const key of keys) await services.store.clearThrottle(key);
}
