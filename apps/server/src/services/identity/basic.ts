import { clientAddressOf, type Services } from './context.ts';
import { hashPassword, randomUUID, sha256, verifyPassword } from './crypto.ts';
import { displayName, type PasswordConfig } from './store.ts';
import { clearFailures, isLocked, reserveAttempt, throttleKeys } from './throttle.ts';

// HTTP Basic for scripts and CLIs, as a second front end to the login flow's password credential:
// same hashes, same throttle buckets, and nothing for an account that has a second factor.

/** A person the identity service recognised, without a session (HTTP Basic). */
export interface IdentityUser {
  id: string;
  name: string;
  email: string;
}

/**
 * What a Basic check came to: the person, or nobody (no Basic header, wrong or unknown credentials,
 * a locked bucket, a second factor); `busy` when too many checks were already waiting for the KDF.
 */
export type BasicSignIn = { user: IdentityUser } | { user: null; busy?: true };

// scrypt runs on libuv's pool (4 threads by default): Basic may hold two, so guessers queueing
// here never starve the login flow's own hashing; the queue is short so they cannot pile up either.
const kdfSlots = 2;
const kdfQueue = 64;
// A poller sends the same header every few seconds; it must not pay scrypt each time.
const verifiedTtlMs = 60_000;
const verifiedMax = 1000;

function parseBasic(header: string | null): { identifier: string; password: string } | undefined {
  const match = header && /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { identifier: decoded.slice(0, colon).trim(), password: decoded.slice(colon + 1) };
}

/** At most `slots` tasks at once, at most `queue` waiting; beyond that `run` answers undefined at once. */
class KdfGate {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    private readonly slots: number,
    private readonly queue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T | undefined> {
    if (this.#running >= this.slots) {
      if (this.#waiting.length >= this.queue) return undefined;
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so #running only drops when nobody waits.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}

interface Verified {
  identityId: string;
  /** The credential as it was when this header verified: a password change makes the entry stale. */
  credentialHash: string;
  until: number;
}

export function createBasicSignIn(
  services: Services,
): (request: Request, peerAddress?: string) => Promise<BasicSignIn> {
  const { store, options } = services;
  const gate = new KdfGate(kdfSlots, kdfQueue);
  const verified = new Map<string, Verified>();
  // Unknown people are checked against this, at the same cost as a real hash, so timing tells nothing.
  let dummyHash: Promise<string> | undefined;

  return async (request, peerAddress) => {
    const header = request.headers.get('authorization');
    const credentials = parseBasic(header);
    if (!credentials) return { user: null };
    const keys = throttleKeys(
      credentials.identifier,
      clientAddressOf(options, request, peerAddress),
    );
    // A locked bucket is refused before any lookup or hashing: guessing past the limit costs us nothing.
    if (await isLocked(services, keys)) return { user: null };

    const identity = await store.identityByEmail(credentials.identifier);
    // Unknown people take the same queries as known ones.
    const identityId = identity?.id ?? randomUUID();
    const [types, password] = await Promise.all([
      store.credentialTypes(identityId),
      store.credential<PasswordConfig>(identityId, 'password'),
    ]);
    const secondFactor = types.includes('totp') || types.includes('lookup_secret');
    const usable = Boolean(identity && password && identity.state === 'active' && !secondFactor);

    const cacheKey = sha256(header ?? '');
    const cached = verified.get(cacheKey);
    const now = Date.now();
    if (
      usable &&
      identity &&
      password &&
      cached &&
      cached.until > now &&
      cached.identityId === identity.id &&
      cached.credentialHash === password.hashed_password
    ) {
      return {
        user: { id: identity.id, name: displayName(identity.traits), email: identity.email },
      };
    }
    if (cached) verified.delete(cacheKey);

    dummyHash ??= hashPassword('not-a-password', options.scryptCost);
    const stored = password?.hashed_password ?? (await dummyHash);
    const valid = await gate.run(async () => {
      // The attempt is counted (as a failure until cleared) right before hashing, in one statement:
      // requests that queued past the limit, in parallel or not, stop here unhashed.
      if (!(await reserveAttempt(services, keys))) return 'locked';
      return verifyPassword(credentials.password, stored);
    });
    if (valid === undefined) return { user: null, busy: true };
    // A person with a second factor stays counted too: Basic can never sign them in.
    if (valid !== true || !usable || !identity || !password) return { user: null };
    await clearFailures(services, keys);
    if (verified.size >= verifiedMax) verified.clear();
    verified.set(cacheKey, {
      identityId: identity.id,
      credentialHash: password.hashed_password,
      until: now + verifiedTtlMs,
    });
    return { user: { id: identity.id, name: displayName(identity.traits), email: identity.email } };
  };
}
