import type { FlowRecord, IdentityRecord, SessionRecord } from './store.ts';

// Kratos's JSON shapes for identities, sessions and flows (what @ory/client-fetch deserialises).

export function identityJson(identity: IdentityRecord, apiBase: string): Record<string, unknown> {
  const created = identity.createdAt.toISOString();
  const updated = identity.updatedAt.toISOString();
  return {
    id: identity.id,
    schema_id: 'default',
    schema_url: apiBase + '/schemas/ZGVmYXVsdA',
    state: identity.state,
    state_changed_at: created,
    traits: identity.traits,
    verifiable_addresses: [
      {
        id: identity.id,
        value: identity.email,
        verified: identity.emailVerified,
        via: 'email',
        status: identity.emailVerified ? 'completed' : 'sent',
        created_at: created,
        updated_at: updated,
      },
    ],
    recovery_addresses: [
      {
        id: identity.id,
        value: identity.email,
        via: 'email',
        created_at: created,
        updated_at: updated,
      },
    ],
    metadata_public: null,
    organization_id: null,
    created_at: created,
    updated_at: updated,
  };
}

export function sessionJson(
  session: SessionRecord,
  identity: IdentityRecord,
  apiBase: string,
): Record<string, unknown> {
  return {
    id: session.id,
    active: true,
    expires_at: session.expiresAt.toISOString(),
    authenticated_at: session.authenticatedAt.toISOString(),
    authenticator_assurance_level: session.aal,
    authentication_methods: session.methods,
    issued_at: session.issuedAt.toISOString(),
    identity: identityJson(identity, apiBase),
    devices: [],
  };
}

export function flowJson(
  flow: FlowRecord,
  identity?: IdentityRecord,
  apiBase = '',
): Record<string, unknown> {
  const common: Record<string, unknown> = {
    id: flow.id,
    type: 'browser',
    expires_at: flow.expiresAt,
    issued_at: flow.issuedAt,
    request_url: flow.requestUrl,
    ui: flow.ui,
    state: flow.state,
  };
  if (flow.returnTo) common.return_to = flow.returnTo;
  switch (flow.kind) {
    case 'login':
    case 'registration':
      return {
        ...common,
        organization_id: null,
        created_at: flow.issuedAt,
        updated_at: flow.issuedAt,
        refresh: flow.refresh ?? false,
        requested_aal: flow.requestedAal ?? 'aal1',
      };
    case 'recovery':
    case 'verification':
      return { ...common, active: 'code' };
    case 'settings':
      return identity ? { ...common, identity: identityJson(identity, apiBase) } : common;
    default:
      return common;
  }
}
