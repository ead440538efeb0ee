import { randomToken, randomUUID, sha256 } from './crypto.ts';
import type { SqlExecutor } from './sql.ts';
import type { UiContainer } from './ui.ts';

export interface IdentityTraits {
  email: string;
  name: { first?: string; last?: string };
}

export interface IdentityRecord {
  id: string;
  traits: IdentityTraits;
  email: string;
  emailVerified: boolean;
  state: string;
  createdAt: Date;
  updatedAt: Date;
}

export type CredentialType = 'password' | 'totp' | 'lookup_secret';

export interface PasswordConfig {
  hashed_password: string;
}
export interface TotpConfig {
  secret: string;
}
export interface LookupSecretConfig {
  codes: { code_hash: string; used_at?: string }[];
}

export type Aal = 'aal1' | 'aal2';

export interface SessionRecord {
  id: string;
  identityId: string;
  aal: Aal;
  methods: { method: string; aal: Aal; completed_at: string }[];
  authenticatedAt: Date;
  issuedAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  active: boolean;
}

export type FlowKind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings' | 'error';

/** What the server keeps per flow: the public fields plus private state (codes, pending secrets). */
export interface FlowRecord {
  id: string;
  kind: FlowKind;
  issuedAt: string;
  expiresAt: string;
  requestUrl: string;
  returnTo?: string;
  state: string;
  csrfToken: string;
  ui?: UiContainer;
  refresh?: boolean;
  requestedAal?: Aal;
  identityId?: string;
  email?: string;
  codeHash?: string;
  codeAttempts?: number;
  pendingTotpSecret?: string;
  pendingLookupCodes?: string[];
  afterVerificationReturnTo?: string;
  error?: Record<string, unknown>;
}

interface IdentityRow {
  id: string;
  traits: IdentityTraits | string;
  email: string;
  email_verified: boolean;
  state: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const json = (value: unknown) => JSON.stringify(value);
const parse = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function toIdentity(row: IdentityRow): IdentityRecord {
  return {
    id: row.id,
    traits: parse<IdentityTraits>(row.traits),
    email: row.email,
    emailVerified: row.email_verified,
    state: row.state,
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function displayName(traits: IdentityTraits): string {
  const name = [traits.name.first, traits.name.last].filter((part) => part && part.trim()).join(' ');
  return name || traits.email;
}

export class IdentityStore {
  constructor(private readonly db: SqlExecutor) {}

  async identityById(id: string): Promise<IdentityRecord | undefined> {
    const { rows } = await this.db.query<IdentityRow>('SELECT * FROM identity_identities WHERE id = $1', [id]);
    return rows[0] && toIdentity(rows[0]);
  }

  async identityByEmail(email: string): Promise<IdentityRecord | undefined> {
    const { rows } = await this.db.query<IdentityRow>('SELECT * FROM identity_identities WHERE email = $1', [normalizeEmail(email)]);
    return rows[0] && toIdentity(rows[0]);
  }

  /** Returns undefined when the email is taken (the unique index decides, not a racy pre-check). */
  async createIdentity(traits: IdentityTraits, id: string = randomUUID()): Promise<IdentityRecord | undefined> {
    const { rows } = await this.db.query<IdentityRow>(
      `INSERT INTO identity_identities (id, traits, email) VALUES ($1, $2::jsonb, $3)
       ON CONFLICT (email) DO NOTHING RETURNING *`,
      [id, json(traits), normalizeEmail(traits.email)],
    );
    const identity = rows[0] && toIdentity(rows[0]);
    if (identity) await this.mirrorPerson(identity);
    return identity;
  }

  async updateTraits(id: string, traits: IdentityTraits): Promise<IdentityRecord | undefined> {
    const { rows } = await this.db.query<IdentityRow>(
      `UPDATE identity_identities SET traits = $2::jsonb, email = $3,
         email_verified = CASE WHEN email = $3 THEN email_verified ELSE false END, updated_at = now()
       WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM identity_identities o WHERE o.email = $3 AND o.id <> $1)
       RETURNING *`,
      [id, json(traits), normalizeEmail(traits.email)],
    );
    const identity = rows[0] && toIdentity(rows[0]);
    if (identity) await this.mirrorPerson(identity);
    return identity;
  }

  async markEmailVerified(id: string): Promise<void> {
    await this.db.query('UPDATE identity_identities SET email_verified = true, updated_at = now() WHERE id = $1', [id]);
  }

  async credential<T>(identityId: string, type: CredentialType): Promise<T | undefined> {
    const { rows } = await this.db.query<{ config: unknown }>(
      'SELECT config FROM identity_credentials WHERE identity_id = $1 AND type = $2',
      [identityId, type],
    );
    return rows[0] ? parse<T>(rows[0].config) : undefined;
  }

  async credentialTypes(identityId: string): Promise<CredentialType[]> {
    const { rows } = await this.db.query<{ type: CredentialType }>('SELECT type FROM identity_credentials WHERE identity_id = $1', [identityId]);
    return rows.map((row) => row.type);
  }

  async setCredential(identityId: string, type: CredentialType, config: unknown): Promise<void> {
    await this.db.query(
      `INSERT INTO identity_credentials (identity_id, type, config) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (identity_id, type) DO UPDATE SET config = EXCLUDED.config, updated_at = now()`,
      [identityId, type, json(config)],
    );
  }

  async deleteCredential(identityId: string, type: CredentialType): Promise<void> {
    await this.db.query('DELETE FROM identity_credentials WHERE identity_id = $1 AND type = $2', [identityId, type]);
  }

  // ---- people mirror: core owns `people`; we keep its rows in step when the table exists.
  private peopleTable: boolean | undefined;

  private async hasPeople(): Promise<boolean> {
    if (this.peopleTable === undefined) {
      const { rows } = await this.db.query<{ present: boolean }>("SELECT to_regclass('people') IS NOT NULL AS present");
      this.peopleTable = rows[0]?.present === true;
    }
    return this.peopleTable;
  }

  async mirrorPerson(identity: IdentityRecord): Promise<void> {
    if (!(await this.hasPeople())) return;
    await this.db.query(
      `INSERT INTO people (id, name, email) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email`,
      [identity.id, displayName(identity.traits), identity.email],
    );
  }

  async touchPersonLogin(identityId: string): Promise<void> {
    if (!(await this.hasPeople())) return;
    await this.db.query('UPDATE people SET last_login = now() WHERE id = $1', [identityId]);
  }

  async personIdByEmail(email: string): Promise<string | undefined> {
    if (!(await this.hasPeople())) return undefined;
    const { rows } = await this.db.query<{ id: string }>('SELECT id FROM people WHERE lower(email) = $1 LIMIT 1', [normalizeEmail(email)]);
    return rows[0]?.id;
  }

  async peopleEmails(suffix: string): Promise<{ id: string; name: string | null; email: string }[]> {
    if (!(await this.hasPeople())) return [];
    const { rows } = await this.db.query<{ id: string; name: string | null; email: string }>(
      'SELECT id, name, email FROM people WHERE lower(email) LIKE $1',
      ['%' + suffix.toLowerCase()],
    );
    return rows;
  }

  // ---- sessions: the cookie holds a random token; only its hash is stored.
  async createSession(
    identityId: string,
    aal: Aal,
    method: string,
    lifespanMs: number,
    now: Date,
  ): Promise<{ token: string; session: SessionRecord }> {
    const token = randomToken();
    const methods = [{ method, aal: 'aal1' as Aal, completed_at: now.toISOString() }];
    const { rows } = await this.db.query<SessionRow>(
      `INSERT INTO identity_sessions (id, token_hash, logout_token_hash, identity_id, aal, methods, authenticated_at,
         issued_at, expires_at, last_seen_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::timestamptz, $7::timestamptz, $8::timestamptz, $7::timestamptz) RETURNING *`,
      [randomUUID(), sha256(token), sha256(randomToken()), identityId, aal, json(methods), now.toISOString(), new Date(now.getTime() + lifespanMs).toISOString()],
    );
    await this.touchPersonLogin(identityId);
    return { token, session: toSession(rows[0] as SessionRow) };
  }

  async sessionByToken(token: string): Promise<SessionRecord | undefined> {
    const { rows } = await this.db.query<SessionRow>('SELECT * FROM identity_sessions WHERE token_hash = $1 AND active', [sha256(token)]);
    return rows[0] && toSession(rows[0]);
  }

  async touchSession(id: string, now: Date): Promise<void> {
    await this.db.query('UPDATE identity_sessions SET last_seen_at = $2::timestamptz WHERE id = $1', [id, now.toISOString()]);
  }

  async completeMethod(id: string, method: string, aal: Aal, now: Date): Promise<void> {
    const completed = json([{ method, aal, completed_at: now.toISOString() }]);
    await this.db.query(
      `UPDATE identity_sessions SET aal = CASE WHEN aal = 'aal2' OR $3 = 'aal2' THEN 'aal2' ELSE 'aal1' END,
         methods = methods || $2::jsonb, authenticated_at = $4::timestamptz, last_seen_at = $4::timestamptz WHERE id = $1`,
      [id, completed, aal, now.toISOString()],
    );
  }

  async downgradeSessions(identityId: string): Promise<void> {
    // Removing the last second factor leaves aal2 sessions valid but no longer meaningful.
    await this.db.query("UPDATE identity_sessions SET aal = 'aal1' WHERE identity_id = $1", [identityId]);
  }

  async newLogoutToken(sessionId: string): Promise<string> {
    const token = randomToken();
    await this.db.query('UPDATE identity_sessions SET logout_token_hash = $2 WHERE id = $1', [sessionId, sha256(token)]);
    return token;
  }

  async revokeByLogoutToken(token: string): Promise<boolean> {
    const { rows } = await this.db.query<{ id: string }>(
      'UPDATE identity_sessions SET active = false WHERE logout_token_hash = $1 AND active RETURNING id',
      [sha256(token)],
    );
    return rows.length > 0;
  }

  async revokeSession(id: string): Promise<void> {
    await this.db.query('UPDATE identity_sessions SET active = false WHERE id = $1', [id]);
  }

  async revokeOtherSessions(identityId: string, keepId?: string): Promise<void> {
    await this.db.query('UPDATE identity_sessions SET active = false WHERE identity_id = $1 AND id IS DISTINCT FROM $2', [identityId, keepId ?? null]);
  }

  // ---- flows
  async saveFlow(flow: FlowRecord): Promise<void> {
    await this.db.query(
      `INSERT INTO identity_flows (id, kind, record, expires_at) VALUES ($1, $2, $3::jsonb, $4::timestamptz)
       ON CONFLICT (id) DO UPDATE SET record = EXCLUDED.record`,
      [flow.id, flow.kind, json(flow), flow.expiresAt],
    );
  }

  async flow(id: string, kind: FlowKind): Promise<FlowRecord | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const { rows } = await this.db.query<{ record: unknown }>('SELECT record FROM identity_flows WHERE id = $1 AND kind = $2', [id, kind]);
    return rows[0] ? parse<FlowRecord>(rows[0].record) : undefined;
  }

  async deleteExpiredFlows(olderThan: Date): Promise<void> {
    await this.db.query('DELETE FROM identity_flows WHERE expires_at < $1::timestamptz', [olderThan.toISOString()]);
  }

  // ---- throttling of failed sign-ins, per identifier and per client address
  async throttleState(key: string): Promise<{ failures: number; windowStart: Date; lockedUntil?: Date } | undefined> {
    const { rows } = await this.db.query<{ failures: number; window_start: Date | string; locked_until: Date | string | null }>(
      'SELECT failures, window_start, locked_until FROM identity_throttle WHERE key = $1',
      [key],
    );
    const row = rows[0];
    if (!row) return undefined;
    return { failures: row.failures, windowStart: date(row.window_start), lockedUntil: row.locked_until ? date(row.locked_until) : undefined };
  }

  async saveThrottle(key: string, failures: number, windowStart: Date, lockedUntil?: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO identity_throttle (key, failures, window_start, locked_until) VALUES ($1, $2, $3::timestamptz, $4::timestamptz)
       ON CONFLICT (key) DO UPDATE SET failures = EXCLUDED.failures, window_start = EXCLUDED.window_start, locked_until = EXCLUDED.locked_until`,
      [key, failures, windowStart.toISOString(), lockedUntil?.toISOString() ?? null],
    );
  }

  async clearThrottle(key: string): Promise<void> {
    await this.db.query('DELETE FROM identity_throttle WHERE key = $1', [key]);
  }

  // ---- outbox
  async queueMessage(recipient: string, subject: string, body: string, code?: string): Promise<void> {
    await this.db.query('INSERT INTO identity_outbox (recipient, subject, body, code) VALUES ($1, $2, $3, $4)', [recipient, subject, body, code ?? null]);
  }

  async outbox(limit = 50): Promise<{ id: number; recipient: string; subject: string; body: string; code: string | null; created_at: string }[]> {
    const { rows } = await this.db.query<{ id: number | string; recipient: string; subject: string; body: string; code: string | null; created_at: Date | string }>(
      'SELECT * FROM identity_outbox ORDER BY id DESC LIMIT $1',
      [limit],
    );
    return rows.map((row) => ({ ...row, id: Number(row.id), created_at: date(row.created_at).toISOString() }));
  }
}

interface SessionRow {
  id: string;
  identity_id: string;
  aal: Aal;
  methods: unknown;
  authenticated_at: Date | string;
  issued_at: Date | string;
  expires_at: Date | string;
  last_seen_at: Date | string;
  active: boolean;
}

function toSession(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    identityId: row.identity_id,
    aal: row.aal,
    methods: parse<SessionRecord['methods']>(row.methods),
    authenticatedAt: date(row.authenticated_at),
    issuedAt: date(row.issued_at),
    expiresAt: date(row.expires_at),
    lastSeenAt: date(row.last_seen_at),
    active: row.active,
  };
}
