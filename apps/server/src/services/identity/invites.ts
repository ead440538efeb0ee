import type { Context } from 'hono';
import { errors, sendError, setSessionCookie, uiUrl, wantsJson, type Services } from './context.ts';
import { randomToken, sha256 } from './crypto.ts';
import { createSettingsFlowFor } from './settings.ts';
import type { SqlExecutor } from './sql.ts';
import { IdentityStore, normalizeEmail } from './store.ts';
import { text } from './ui.ts';

/** How long an invitation link signs its person in (Kratos's recovery links: hours; ours: a week). */
export const INVITE_LIFESPAN_MS = 7 * 24 * 3600_000;

export interface Invitation {
  firstName?: string | undefined;
  lastName?: string | undefined;
  email: string;
  role: string;
  createdBy?: string | undefined;
}

export type InviteResult =
  | { ok: true; identityId: string; token: string }
  | { ok: false; reason: 'user already exists' | 'pending invite already exists' };

/**
 * Creates the invited identity (no password yet), its person with `role`, and a one-time token
 * whose hash alone is stored. An address with an invitation still open is a pending invite; one
 * held by an identity or a person otherwise, an existing user.
 */
export async function createInvitation(
  db: SqlExecutor,
  invitation: Invitation,
  now: Date = new Date(),
): Promise<InviteResult> {
  const store = new IdentityStore(db);
  const email = normalizeEmail(invitation.email);
  const existing = await store.identityByEmail(email);
  if (existing) {
    const { rows } = await db.query(
      `SELECT 1 FROM identity_invites WHERE identity_id = $1 AND used_at IS NULL AND expires_at > $2`,
      [existing.id, now.toISOString()],
    );
    return {
      ok: false,
      reason: rows.length ? 'pending invite already exists' : 'user already exists',
    };
  }
  const identity = await store.createIdentity({
    email,
    name: { first: invitation.firstName?.trim() ?? '', last: invitation.lastName?.trim() ?? '' },
  });
  if (!identity) return { ok: false, reason: 'user already exists' };
  await db.query(
    `INSERT INTO opsdeck.person_roles (person_id, role) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [identity.id, invitation.role],
  );
  const token = randomToken();
  await db.query(
    `INSERT INTO identity_invites (identity_id, token_hash, role, created_by, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [
      identity.id,
      sha256(token),
      invitation.role,
      invitation.createdBy ?? null,
      new Date(now.getTime() + INVITE_LIFESPAN_MS).toISOString(),
    ],
  );
  return { ok: true, identityId: identity.id, token };
}

/** The link an invitation is sent as: our own identity API, which signs the person in once. */
export function invitationLink(origin: string, token: string): string {
  return `${origin}/api/.ory/self-service/invite?token=${encodeURIComponent(token)}`;
}

/**
 * GET /self-service/invite?token=: an open invitation signs its person in once (the link proves the
 * address, as a recovery code does) and leads to the settings flow to choose a password. A used,
 * expired or unknown token is a 400, the same for each.
 */
export async function acceptInvitation(services: Services, c: Context): Promise<Response> {
  const token = c.req.query('token') ?? '';
  const now = services.options.now();
  const { rows } = token
    ? await services.options.db.query<{ identity_id: string }>(
        `UPDATE identity_invites SET used_at = $2
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
         RETURNING identity_id`,
        [sha256(token), now.toISOString()],
      )
    : { rows: [] };
  const identity = rows[0] && (await services.store.identityById(rows[0].identity_id));
  if (!identity || identity.state !== 'active')
    return sendError(c, errors.badRequest('The invitation link is invalid, used or expired.'));
  await services.store.markEmailVerified(identity.id);
  const session = await services.store.createSession(
    identity.id,
    'aal1',
    'code_recovery',
    services.options.sessionLifespanMs,
    now,
  );
  setSessionCookie(services, c, session.token);
  const settings = await createSettingsFlowFor(services, c, identity, undefined, [
    text.recoveryAfterCode,
  ]);
  const next = uiUrl(services, c, '/profile-settings', { flow: settings.id });
  if (wantsJson(c)) return sendError(c, errors.locationChange(next));
  return c.redirect(next, 303);
}
