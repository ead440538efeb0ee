import type { Services } from './context.ts';
import { hashPassword, verifyPassword } from './crypto.ts';
import { minPasswordLength } from './registration.ts';
import type { IdentityRecord, IdentityTraits, PasswordConfig } from './store.ts';

export const demoRoles = ['admin', 'editor', 'viewer', 'guest', 'commander', 'responder'] as const;
export const defaultDemoPassword = 'opsdeck-demo';

export interface BootstrapResult {
  /** Demo mode: the addresses that can sign in with `demoPassword`. */
  demoPeople: string[];
  demoPassword?: string;
  /** Outside demo mode: the first admin from OPSDECK_ADMIN_EMAIL, when it was configured. */
  admin?: { id: string; email: string; created: boolean };
  warnings: string[];
}

function traitsFor(email: string, name: string | null): IdentityTraits {
  const [first, ...rest] = (name ?? email.split('@')[0] ?? '').trim().split(/\s+/);
  return { email, name: { first: first ?? '', last: rest.join(' ') } };
}

/** True when every one of `identities` is verified and holds the same stored hash of `password`. */
async function demoSignInCurrent(
  { store }: Services,
  identities: IdentityRecord[],
  password: string,
): Promise<boolean> {
  if (identities.length === 0 || identities.some((identity) => !identity.emailVerified))
    return false;
  const stored = new Set<string | undefined>();
  for (const identity of identities)
    stored.add((await store.credential<PasswordConfig>(identity.id, 'password'))?.hashed_password);
  const [hashed] = stored;
  return stored.size === 1 && hashed !== undefined && (await verifyPassword(password, hashed));
}

export async function bootstrapIdentities(
  services: Services,
  env: Record<string, string | undefined> = process.env,
): Promise<BootstrapResult> {
  const { store, options } = services;
  const result: BootstrapResult = { demoPeople: [], warnings: [] };
  if (options.demo) {
    const password = env.OPSDECK_DEMO_PASSWORD || defaultDemoPassword;
    // Core's seed may already hold the demo people; their identities reuse the person ids.
    const people = await store.peopleEmails('@local');
    const wanted = new Map<string, { id?: string; name: string | null }>(
      people.map((person) => [person.email.toLowerCase(), person]),
    );
    for (const role of demoRoles) {
      const email = `${role}@local`;
      if (!wanted.has(email))
        wanted.set(email, { name: role.charAt(0).toUpperCase() + role.slice(1) });
    }
    const identities: IdentityRecord[] = [];
    for (const [email, person] of wanted) {
      const identity =
        (await store.identityByEmail(email)) ??
        (await store.createIdentity(traitsFor(email, person.name), person.id));
      if (!identity) continue;
      identities.push(identity);
      result.demoPeople.push(email);
    }
    // Demo data is disposable: the configured demo password always wins at start. A start finding
    // what the last one wrote (every demo identity verified, all holding the one hash of this
    // password) leaves it: one scrypt check instead of a hash and two writes per person, each
    // through the change stream and the audit log.
    if (!(await demoSignInCurrent(services, identities, password))) {
      const hashed = await hashPassword(password, options.scryptCost);
      for (const identity of identities) {
        await store.markEmailVerified(identity.id);
        await store.setCredential(identity.id, 'password', { hashed_password: hashed });
      }
    }
    result.demoPassword = password;
    options.log(
      `[identity] demo sign-in: ${result.demoPeople.join(', ')} with password "${password}"`,
    );
    return result;
  }
  const email = env.OPSDECK_ADMIN_EMAIL?.trim();
  const password = env.OPSDECK_ADMIN_PASSWORD ?? '';
  if (!email) {
    result.warnings.push(
      'OPSDECK_ADMIN_EMAIL is not set: no administrator was created (there is no default password).',
    );
  } else {
    const existing = await store.identityByEmail(email);
    if (existing) {
      result.admin = { id: existing.id, email: existing.email, created: false };
    } else if (password.length < minPasswordLength) {
      result.warnings.push(
        `OPSDECK_ADMIN_PASSWORD must be at least ${minPasswordLength} characters: no administrator was created.`,
      );
    } else {
      const personId = await store.personIdByEmail(email);
      const identity = await store.createIdentity(traitsFor(email, 'Administrator'), personId);
      if (identity) {
        await store.setCredential(identity.id, 'password', {
          hashed_password: await hashPassword(password, options.scryptCost),
        });
        await store.markEmailVerified(identity.id);
        result.admin = { id: identity.id, email: identity.email, created: true };
        options.log(`[identity] created the first administrator ${identity.email}`);
      }
    }
  }
  for (const warning of result.warnings) options.log(`[identity] ${warning}`);
  return result;
}
