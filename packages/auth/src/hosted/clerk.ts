import type { HostedOrganization, OrganizationService } from './organizations.ts';

// The slice of the hosted SDK's browser object (Clerk's `Clerk` instance) the adapter uses, typed
// structurally so the SDK stays an optional peer that this package never imports.
interface ClerkOrganization {
  id: string;
  name: string;
  publicMetadata?: Record<string, unknown>;
}

export interface ClerkLike {
  user?: {
    id: string;
    fullName?: string | null;
    imageUrl?: string;
    primaryEmailAddress?: { emailAddress: string } | null;
    getOrganizationMemberships(): Promise<{ data: { organization: ClerkOrganization }[] }>;
  } | null;
  organization?: ClerkOrganization | null;
  session?: { getToken(options: { template: string }): Promise<string | null> } | null;
  setActive(params: { organization: string }): Promise<void>;
  createOrganization(params: { name: string }): Promise<ClerkOrganization>;
  signOut(): Promise<void>;
  /** Clerk emits on every user, session or organization change (and, unless skipped, once at once). */
  addListener?(callback: () => void, options?: { skipInitialEmit?: boolean }): () => void;
}

const toOrganization = (organization: ClerkOrganization): HostedOrganization => ({
  id: organization.id,
  name: organization.name,
  publicMetadata: organization.publicMetadata ?? {},
});

export function clerkOrganizationService(clerk: ClerkLike): OrganizationService {
  return {
    async user() {
      const user = clerk.user;
      if (!user) return null;
      const email = user.primaryEmailAddress?.emailAddress;
      return {
        id: user.id,
        name: user.fullName || email || user.id,
        ...(email ? { email } : {}),
        ...(user.imageUrl ? { imageUrl: user.imageUrl } : {}),
      };
    },
    async activeOrganization() {
      return clerk.organization ? toOrganization(clerk.organization) : null;
    },
    async organizations() {
      const memberships = (await clerk.user?.getOrganizationMemberships())?.data ?? [];
      return memberships.map((membership) => toOrganization(membership.organization));
    },
    setActiveOrganization: (id) => clerk.setActive({ organization: id }),
    createOrganization: async (name) => toOrganization(await clerk.createOrganization({ name })),
    getToken: async (template) => (await clerk.session?.getToken({ template })) ?? null,
    signOut: () => clerk.signOut(),
    ...(clerk.addListener
      ? {
          subscribe: (onChange: () => void) =>
            clerk.addListener?.(() => onChange(), { skipInitialEmit: true }) ?? (() => undefined),
        }
      : {}),
  };
}
