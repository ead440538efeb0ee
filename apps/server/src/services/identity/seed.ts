import type { Services } from './context.ts';
import { hashPassword } from './crypto.ts';
import { minPasswordLength } from './registration.ts';
import type { IdentityTraits } from './store.ts';

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

export async function bootstrapIdentities(
  services: Services,
  env: Record<string, string | undefined> = process.env,
): Promise<BootstrapResult> {
  const { store, options } = services;
  const result: BootstrapResult = { demoPeople: [], warnings: [] };
  if (options.demo) {
    const password = env.OPSDECK_DEMO_PASSWORD || defaultDemoPassword;
    const hashed = await hashPassword(password, options.scryptCost);
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
    for (const [email, person] of wanted) {
      const identity =
        (await store.identityByEmail(email)) ??
        (await store.createIdentity(traitsFor(email, person.name), person.id));
      if (!identity) continue;
      await store.markEmailVerified(identity.id);
      // Demo data is disposable: the configured demo password always wins at start.
      await store.setCredential(identity.id, 'password', { hashed_password: hashed });
      result.demoPeople.push(email);
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
