import type { Services } from './context.ts';

// Failed sign-ins are counted per identifier and per client address; either bucket going over the
// limit locks both the password check and the answer, whether or not the account exists. Every count
// is one conditional statement, so parallel requests cannot all read "not locked yet".

export function throttleKeys(identifier: string, address: string): string[] {
  return ['id:' + identifier.trim().toLowerCase(), 'ip:' + address];
}

function limits(services: Services) {
  const { maxFailures, windowMs, lockMs } = services.options.throttle;
  return { max: maxFailures, windowMs, lockMs };
}

/**
 * Takes one attempt before the secret is checked: it counts as a failure until `clearFailures`.
 * False when the keys are over the limit; then the attempt must be refused without being checked,
 * which is what keeps twenty parallel guesses down to `maxFailures` checks.
 */
export async function reserveAttempt(services: Services, keys: string[]): Promise<boolean> {
  return services.store.countAttempt(keys, services.options.now(), limits(services));
}

export async function isLocked(services: Services, keys: string[]): Promise<boolean> {
  return services.store.anyLocked(keys, services.options.now());
}

export async function clearFailures(services: Services, keys: string[]): Promise<void> {
  await services.store.clearThrottle(keys);
}

/**
 * Takes one of `max` sends allowed per `windowMs` for a key (codes mailed to an address), counted in
 * the same table: the send that reaches `max` closes the key for another `windowMs`.
 */
export async function reserveSend(
  services: Services,
  key: string,
  max: number,
  windowMs: number,
): Promise<boolean> {
  return services.store.countAttempt([key], services.options.now(), {
    max,
    windowMs,
    lockMs: windowMs,
  });
}
