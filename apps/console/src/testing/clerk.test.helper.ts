// The hosted SaaS cannot run in tests. This stands in for Clerk's browser object, handed to the real
// @clerk/react through HostedAuthProvider's `clerk` prop: it holds a user, their organizations and
// the active one, records what the SDK mounts (the switcher, the user button, the sign-in) instead
// of drawing it, and emits changes to the SDK's listeners as Clerk does.

export interface StandInOrganization {
  id: string;
  name: string;
  publicMetadata: Record<string, unknown>;
}

export interface StandInUser {
  id: string;
  fullName: string;
  email: string;
}

export interface StandInClerk {
  /** Pass as `clerk` to the hosted console. */
  clerk: unknown;
  /** What the hosted sign-in does once someone has signed in: a session, an active organization. */
  signIn(person: StandInUser, organizationId: string): void;
  /** Components the SDK asked Clerk to mount, in order. */
  mounted: Array<{ component: string; props: Record<string, unknown> }>;
  /** JWT templates asked for, in order. */
  templates: string[];
}

export function standInClerk(init: {
  user: StandInUser | null;
  organizations: StandInOrganization[];
  active?: string;
}): StandInClerk {
  const mounted: StandInClerk['mounted'] = [];
  const templates: string[] = [];
  const listeners = new Set<(resources: unknown) => void>();
  const organizations = [...init.organizations];
  let active = organizations.find((organization) => organization.id === init.active) ?? null;

  const makeUser = (person: StandInUser) => ({
    id: person.id,
    fullName: person.fullName,
    primaryEmailAddress: { emailAddress: person.email },
    getOrganizationMemberships: async () => ({
      data: organizations.map((organization) => ({ organization })),
    }),
  });
  const makeSession = (signedIn: ReturnType<typeof makeUser>) => ({
    id: `sess_${signedIn.id}`,
    status: 'active',
    user: signedIn,
    lastActiveOrganizationId: active?.id ?? null,
    factorVerificationAge: null,
    getToken: async (options?: { template?: string }) => {
      templates.push(options?.template ?? '');
      return `jwt-for-${options?.template ?? 'session'}`;
    },
  });
  let user = init.user && makeUser(init.user);
  let session = user && makeSession(user);
  const client = () => ({
    sessions: session ? [session] : [],
    signedInSessions: session ? [session] : [],
  });
  const resources = () => ({ client: client(), session, user, organization: active });
  const emit = () => listeners.forEach((listener) => listener(resources()));

  // Like the real SDK, it loads asynchronously (a network round trip there, a timer here): an
  // already-loaded object would race React's effects, which the SDK does not expect.
  let loaded = false;
  const known: Record<string, unknown> = {
    load: () =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          loaded = true;
          resolve();
        }, 10),
      ),
    addListener: (
      listener: (resources: unknown) => void,
      options?: { skipInitialEmit?: boolean },
    ) => {
      listeners.add(listener);
      if (!options?.skipInitialEmit) listener(resources());
      return () => listeners.delete(listener);
    },
    setActive: async ({ organization }: { organization: string }) => {
      active = organizations.find((candidate) => candidate.id === organization) ?? null;
      if (session) session.lastActiveOrganizationId = active?.id ?? null;
      emit();
    },
    createOrganization: async ({ name }: { name: string }) => {
      const organization = { id: `org_${organizations.length + 1}`, name, publicMetadata: {} };
      organizations.push(organization);
      return organization;
    },
    signOut: async () => {
      user = null;
      session = null;
      active = null;
      emit();
    },
  };
  // Live values the SDK and the adapter read from the object itself.
  Object.defineProperties(known, {
    loaded: { get: () => loaded, enumerable: true },
    user: { get: () => user, enumerable: true },
    session: { get: () => session, enumerable: true },
    organization: { get: () => active, enumerable: true },
    client: { get: client, enumerable: true },
  });
  // The rest of the SDK surface: mounts are recorded, other methods do nothing. Each is made once,
  // since the SDK's stores compare what they read by identity.
  const clerk = new Proxy(known, {
    get(target, property) {
      if (typeof property !== 'string') return undefined;
      if (property in target) return Reflect.get(target, property);
      if (property.startsWith('mount')) {
        target[property] = (_node: unknown, props: Record<string, unknown>) =>
          mounted.push({ component: property.slice('mount'.length), props });
      } else if (
        property.startsWith('unmount') ||
        property.startsWith('__internal') ||
        property.startsWith('__experimental') ||
        property === 'on' ||
        property === 'off'
      ) {
        target[property] = () => undefined;
      } else return undefined;
      return target[property];
    },
  });
  const signIn = (person: StandInUser, organizationId: string) => {
    user = makeUser(person);
    active = organizations.find((organization) => organization.id === organizationId) ?? null;
    session = makeSession(user);
    emit();
  };
  return { clerk, mounted, templates, signIn };
}
