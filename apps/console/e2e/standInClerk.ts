// A stand-in for Clerk's browser object inside Chromium, installed before the hosted build loads.
// With `window.Clerk` present the SDK loads no script from the hosted service; with a UI
// constructor present it loads no UI bundle either. Mounts are recorded (and shown as text).
// The function is serialized by page.addInitScript: it must not close over anything.

export interface StandInSetup {
  signedIn: boolean;
  organizations: Array<{ id: string; name: string; publicMetadata: Record<string, unknown> }>;
}

export function installStandInClerk(setup: StandInSetup): void {
  const mounted: string[] = [];
  const listeners = new Set<(resources: unknown) => void>();
  const organizations = setup.organizations;
  let active: (typeof organizations)[number] | null = null;
  let loaded = false;
  const user = setup.signedIn
    ? {
        id: 'user_1',
        fullName: 'Ada Lovelace',
        primaryEmailAddress: { emailAddress: 'ada@example.org' },
        getOrganizationMemberships: async () => ({
          data: organizations.map((organization) => ({ organization })),
        }),
      }
    : null;
  const session = user && {
    id: 'sess_1',
    status: 'active',
    user,
    lastActiveOrganizationId: null as string | null,
    factorVerificationAge: null,
    getToken: async () => 'jwt',
  };
  const resources = () => ({
    client: { sessions: session ? [session] : [], signedInSessions: session ? [session] : [] },
    session,
    user,
    organization: active,
  });
  const known: Record<string, unknown> = {
    load: () =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          loaded = true;
          resolve();
        }, 20),
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
      listeners.forEach((listener) => listener(resources()));
    },
    createOrganization: async ({ name }: { name: string }) => ({
      id: 'org_new',
      name,
      publicMetadata: {},
    }),
    signOut: async () => undefined,
  };
  Object.defineProperties(known, {
    loaded: { get: () => loaded },
    user: { get: () => user },
    session: { get: () => session },
    organization: { get: () => active },
    client: { get: () => resources().client },
  });
  const clerk = new Proxy(known, {
    get(target, property) {
      if (typeof property !== 'string') return undefined;
      if (property in target) return Reflect.get(target, property);
      if (property.startsWith('mount')) {
        target[property] = (node: HTMLElement) => {
          mounted.push(property.slice('mount'.length));
          node.textContent = `[${property.slice('mount'.length)}]`;
        };
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
  Object.assign(window, {
    Clerk: clerk,
    __internal_ClerkUICtor: function ClerkUI() {},
    __standInMounted: mounted,
  });
}
