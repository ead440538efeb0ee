import { withActor } from '../../db/actor.ts';
import { randomToken, randomUUID, safeEqual, sha256 } from './crypto.ts';
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
  /** The last 30 s step a code was accepted for; that step and earlier ones are refused (RFC 6238 §5.2). */
  last_step?: number;
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

export type FlowKind =
  'login' | 'registration' | 'recovery' | 'verification' | 'settings' | 'error';

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
const parse = <T>(value: unknown): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);
const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** A unique index refused the row: another identity or person took the address first. */
function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}

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
  const name = [traits.name.first, traits.name.last]
    .filter((part) => part && part.trim())
    .join(' ');
  return name || traits.email;
}

export class IdentityStore {
  constructor(private readonly db: SqlExecutor) {}

  async identityById(id: string): Promise<IdentityRecord | undefined> {
    const { rows } = await this.db.query<IdentityRow>(
      'SELECT * FROM identity_identities WHERE id = $1',
      [id],
    );
    return rows[0] && toIdentity(rows[0]);
  }

  async identityByEmail(email: string): Promise<IdentityRecord | undefined> {
    const { rows } = await this.db.query<IdentityRow>(
      'SELECT * FROM identity_identities WHERE email = $1',
      [normalizeEmail(email)],
    );
    return rows[0] && toIdentity(rows[0]);
  }

  /**
   * Creates the identity, its password and its `people` row in one statement, so a refusal or a
   * failure leaves nothing half-written. Undefined when another identity or another person (any
   * case) holds the address; a person with this very id is the one being linked, as the seed does.
   */
  async createIdentity(
    traits: IdentityTraits,
    id: string = randomUUID(),
    hashedPassword?: string,
    /** Signed in at once (a sign-up): the person's last_login is set by this same statement. */
    signedIn = false,
  ): Promise<IdentityRecord | undefined> {
    const people = await this.hasPeople();
    const sql = `WITH created AS (
        INSERT INTO identity_identities (id, traits, email)
        SELECT $1::uuid, $2::jsonb, $3::text
        ${people ? 'WHERE NOT EXISTS (SELECT 1 FROM people p WHERE lower(p.email) = $3::text AND p.id <> $1::uuid)' : ''}
        ON CONFLICT (email) DO NOTHING RETURNING *
      ), password AS (
        INSERT INTO identity_credentials (identity_id, type, config)
        SELECT id, 'password', jsonb_build_object('hashed_password', $4::text) FROM created WHERE $4::text IS NOT NULL
      )${
        people
          ? `, person AS (
        INSERT INTO people (id, name, email, last_login)
        SELECT id, $5::text, email, CASE WHEN $6::boolean THEN now() END FROM created
        ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email,
          last_login = coalesce(EXCLUDED.last_login, people.last_login)
      )`
          : ''
      }
      SELECT * FROM created`;
    const params: unknown[] = [
      id,
      json(traits),
      normalizeEmail(traits.email),
      hashedPassword ?? null,
    ];
    if (people) params.push(displayName(traits), signedIn);
    return this.writeIdentity(sql, params);
  }

  /** Runs an identity write that returns the row; undefined when a unique address is already taken. */
  private async writeIdentity(sql: string, params: unknown[]): Promise<IdentityRecord | undefined> {
    try {
      const { rows } = await this.db.query<IdentityRow>(sql, params);
      return rows[0] && toIdentity(rows[0]);
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  /** Changes traits and the mirrored person in one statement; undefined when the address is taken. */
  async updateTraits(id: string, traits: IdentityTraits): Promise<IdentityRecord | undefined> {
    const people = await this.hasPeople();
    const sql = `WITH updated AS (
        UPDATE identity_identities SET traits = $2::jsonb, email = $3::text,
          email_verified = CASE WHEN email = $3::text THEN email_verified ELSE false END, updated_at = now()
        WHERE id = $1::uuid
          AND NOT EXISTS (SELECT 1 FROM identity_identities o WHERE o.email = $3::text AND o.id <> $1::uuid)
          ${people ? 'AND NOT EXISTS (SELECT 1 FROM people p WHERE lower(p.email) = $3::text AND p.id <> $1::uuid)' : ''}
        RETURNING *
      )${
        people
          ? `, person AS (
        INSERT INTO people (id, name, email) SELECT id, $4::text, email FROM updated
        ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email
      )`
          : ''
      }
      SELECT * FROM updated`;
    const params = [id, json(traits), normalizeEmail(traits.email)];
    if (people) params.push(displayName(traits));
    return this.writeIdentity(sql, params);
  }

  async markEmailVerified(id: string): Promise<void> {
    await this.db.query(
      'UPDATE identity_identities SET email_verified = true, updated_at = now() WHERE id = $1',
      [id],
    );
  }

  async credential<T>(identityId: string, type: CredentialType): Promise<T | undefined> {
    const { rows } = await this.db.query<{ config: unknown }>(
      'SELECT config FROM identity_credentials WHERE identity_id = $1 AND type = $2',
      [identityId, type],
    );
    return rows[0] ? parse<T>(rows[0].config) : undefined;
  }

  async credentialTypes(identityId: string): Promise<CredentialType[]> {
    const { rows } = await this.db.query<{ type: CredentialType }>(
      'SELECT type FROM identity_credentials WHERE identity_id = $1',
      [identityId],
    );
    return rows.map((row) => row.type);
  }

  async setCredential(identityId: string, type: CredentialType, config: unknown): Promise<void> {
    await this.db.query(
      `INSERT INTO identity_credentials (identity_id, type, config) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (identity_id, type) DO UPDATE SET config = EXCLUDED.config, updated_at = now()`,
      [identityId, type, json(config)],
    );
  }

  /**
   * Takes a TOTP step for good: true for the one caller that moves the identity's last step forward,
   * so a code is accepted once however many requests carry it.
   */
  async useTotpStep(identityId: string, step: number): Promise<boolean> {
    const { rows } = await this.db.query(
      `UPDATE identity_credentials SET config = jsonb_set(config, '{last_step}', to_jsonb($2::bigint)), updated_at = now()
       WHERE identity_id = $1 AND type = 'totp' AND COALESCE((config->>'last_step')::bigint, -1) < $2::bigint
       RETURNING 1`,
      [identityId, step],
    );
    return rows.length > 0;
  }

  /** Marks a backup code used; true only for the one caller that found it unused. */
  async useLookupCode(identityId: string, codeHash: string, now: Date): Promise<boolean> {
    const config = await this.credential<LookupSecretConfig>(identityId, 'lookup_secret');
    const index =
      config?.codes.findIndex((entry) => !entry.used_at && safeEqual(entry.code_hash, codeHash)) ??
      -1;
    if (index < 0) return false;
    // The row lock makes a concurrent request re-read the entry and find it used.
    const { rows } = await this.db.query(
      `UPDATE identity_credentials
       SET config = jsonb_set(config, ARRAY['codes', $3::int::text, 'used_at'], to_jsonb($4::text)), updated_at = now()
       WHERE identity_id = $1 AND type = 'lookup_secret'
         AND config->'codes'->($3::int)->>'code_hash' = $2::text AND config->'codes'->($3::int)->>'used_at' IS NULL
       RETURNING 1`,
      [identityId, codeHash, index, now.toISOString()],
    );
    return rows.length > 0;
  }

  async deleteCredential(identityId: string, type: CredentialType): Promise<void> {
    await this.db.query('DELETE FROM identity_credentials WHERE identity_id = $1 AND type = $2', [
      identityId,
      type,
    ]);
  }

  // ---- people mirror: core owns `people`; we keep its rows in step when the table exists.
  private peopleTable: boolean | undefined;

  private async hasPeople(): Promise<boolean> {
    if (this.peopleTable === undefined) {
      const { rows } = await this.db.query<{ present: boolean }>(
        "SELECT to_regclass('people') IS NOT NULL AS present",
      );
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
    // Signing in is the person's own write, whoever the flow's request was before.
    await withActor(identityId, () =>
      this.db.query('UPDATE people SET last_login = now() WHERE id = $1', [identityId]),
    );
  }

  async personIdByEmail(email: string): Promise<string | undefined> {
    if (!(await this.hasPeople())) return undefined;
    const { rows } = await this.db.query<{ id: string }>(
      'SELECT id FROM people WHERE lower(email) = $1 LIMIT 1',
      [normalizeEmail(email)],
    );
    return rows[0]?.id;
  }

  async peopleEmails(
    suffix: string,
  ): Promise<{ id: string; name: string | null; email: string }[]> {
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
    /** False when the person's last_login was written with the identity (a sign-up). */
    touchLogin = true,
  ): Promise<{ token: string; session: SessionRecord }> {
    const token = randomToken();
    const methods = [{ method, aal: 'aal1' as Aal, completed_at: now.toISOString() }];
    const { rows } = await this.db.query<SessionRow>(
      `INSERT INTO identity_sessions (id, token_hash, logout_token_hash, identity_id, aal, methods, authenticated_at,
         issued_at, expires_at, last_seen_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::timestamptz, $7::timestamptz, $8::timestamptz, $7::timestamptz) RETURNING *`,
      [
        randomUUID(),
        sha256(token),
        sha256(randomToken()),
        identityId,
        aal,
        json(methods),
        now.toISOString(),
        new Date(now.getTime() + lifespanMs).toISOString(),
      ],
    );
    if (touchLogin) await this.touchPersonLogin(identityId);
    return { token, session: toSession(rows[0] as SessionRow) };
  }

  async sessionByToken(token: string): Promise<SessionRecord | undefined> {
    const { rows } = await this.db.query<SessionRow>(
      'SELECT * FROM identity_sessions WHERE token_hash = $1 AND active',
      [sha256(token)],
    );
    return rows[0] && toSession(rows[0]);
  }

  async touchSession(id: string, now: Date): Promise<void> {
    await this.db.query(
      'UPDATE identity_sessions SET last_seen_at = $2::timestamptz WHERE id = $1',
      [id, now.toISOString()],
    );
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
    await this.db.query("UPDATE identity_sessions SET aal = 'aal1' WHERE identity_id = $1", [
      identityId,
    ]);
  }

  async newLogoutToken(sessionId: string): Promise<string> {
    const token = randomToken();
    await this.db.query('UPDATE identity_sessions SET logout_token_hash = $2 WHERE id = $1', [
      sessionId,
      sha256(token),
    ]);
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
    await this.db.query(
      'UPDATE identity_sessions SET active = false WHERE identity_id = $1 AND id IS DISTINCT FROM $2',
      [identityId, keepId ?? null],
    );
  }

  // ---- flows
  async saveFlow(flow: FlowRecord): Promise<void> {
    // A spent flow (expired at the epoch) stays spent: a parallel request's older copy cannot revive it.
    await this.db.query(
      `INSERT INTO identity_flows (id, kind, record, expires_at) VALUES ($1, $2, $3::jsonb, $4::timestamptz)
       ON CONFLICT (id) DO UPDATE SET record = EXCLUDED.record, expires_at = EXCLUDED.expires_at
       WHERE identity_flows.expires_at > 'epoch'::timestamptz`,
      [flow.id, flow.kind, json(flow), flow.expiresAt],
    );
  }

  // ---- a flow's one-time code: hash and counters in their own columns, changed by single statements

  async flowCodeSends(flowId: string): Promise<number> {
    const { rows } = await this.db.query<{ code_sends: number }>(
      'SELECT code_sends FROM identity_flows WHERE id = $1',
      [flowId],
    );
    return rows[0]?.code_sends ?? 0;
  }

  /**
   * Puts a new code (or none, for an address that gets no mail) on the flow, saving the flow when it
   * is new; false when the flow already had `maxSends` codes.
   */
  async putFlowCode(flow: FlowRecord, codeHash: string | null, maxSends: number): Promise<boolean> {
    const { rows } = await this.db.query(
      `INSERT INTO identity_flows (id, kind, record, expires_at, code_hash, code_attempts, code_sends)
       VALUES ($1, $2, $3::jsonb, $4::timestamptz, $5, 0, 1)
       ON CONFLICT (id) DO UPDATE SET code_hash = EXCLUDED.code_hash, code_attempts = 0, code_sends = identity_flows.code_sends + 1
       WHERE identity_flows.code_sends < $6
       RETURNING 1`,
      [flow.id, flow.kind, json(flow), flow.expiresAt, codeHash, maxSends],
    );
    return rows.length > 0;
  }

  /** Counts one attempt at the flow's code and returns which attempt it was, with the code to compare. */
  async attemptFlowCode(
    flowId: string,
  ): Promise<{ attempt: number; codeHash: string } | undefined> {
    const { rows } = await this.db.query<{ code_attempts: number; code_hash: string }>(
      `UPDATE identity_flows SET code_attempts = code_attempts + 1 WHERE id = $1 AND code_hash IS NOT NULL
       RETURNING code_attempts, code_hash`,
      [flowId],
    );
    const row = rows[0];
    return row && { attempt: row.code_attempts, codeHash: row.code_hash };
  }

  /** Removes the code; true for the one caller that still found it there. */
  async consumeFlowCode(flowId: string, codeHash: string): Promise<boolean> {
    const { rows } = await this.db.query(
      'UPDATE identity_flows SET code_hash = NULL WHERE id = $1 AND code_hash = $2 RETURNING 1',
      [flowId, codeHash],
    );
    return rows.length > 0;
  }

  async flow(id: string, kind: FlowKind): Promise<FlowRecord | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const { rows } = await this.db.query<{ record: unknown }>(
      'SELECT record FROM identity_flows WHERE id = $1 AND kind = $2',
      [id, kind],
    );
    return rows[0] ? parse<FlowRecord>(rows[0].record) : undefined;
  }

  async deleteExpiredFlows(olderThan: Date): Promise<void> {
    await this.db.query('DELETE FROM identity_flows WHERE expires_at < $1::timestamptz', [
      olderThan.toISOString(),
    ]);
  }

  // ---- throttling of failed sign-ins, per identifier and per client address
  /**
   * Counts one attempt on every key in a single statement and says whether each stayed within
   * `max`. A window starts at the first attempt; the attempt that reaches `max` locks the key for
   * `lockMs`, and attempts while locked count past `max`, so they are refused.
   */
  async countAttempt(
    keys: string[],
    now: Date,
    limits: { max: number; windowMs: number; lockMs: number },
  ): Promise<boolean> {
    if (!keys.length) return true;
    const locked = 't.locked_until > $2::timestamptz';
    const fresh = `NOT (${locked}) AND (t.locked_until IS NOT NULL OR t.window_start + $3::float8 * interval '1 millisecond' <= $2::timestamptz)`;
    const counted = `CASE WHEN ${locked} THEN GREATEST(t.failures, $5::int) + 1 WHEN ${fresh} THEN 1 ELSE t.failures + 1 END`;
    const lockUntil = `$2::timestamptz + $4::float8 * interval '1 millisecond'`;
    // Keys in one order everywhere, so two statements never wait on each other's rows in a cycle.
    const { rows } = await this.db.query<{ failures: number }>(
      `INSERT INTO identity_throttle AS t (key, failures, window_start, locked_until)
       SELECT key, 1, $2::timestamptz, CASE WHEN $5::int <= 1 THEN ${lockUntil} END FROM unnest($1::text[]) AS key
       ON CONFLICT (key) DO UPDATE SET
         failures = ${counted},
         window_start = CASE WHEN ${fresh} THEN $2::timestamptz ELSE t.window_start END,
         locked_until = CASE WHEN ${locked} THEN t.locked_until WHEN ${counted} >= $5::int THEN ${lockUntil} END
       RETURNING failures`,
      [[...new Set(keys)].sort(), now.toISOString(), limits.windowMs, limits.lockMs, limits.max],
    );
    return rows.every((row) => row.failures <= limits.max);
  }

  async anyLocked(keys: string[], now: Date): Promise<boolean> {
    const { rows } = await this.db.query(
      'SELECT 1 FROM identity_throttle WHERE key = ANY($1::text[]) AND locked_until > $2::timestamptz LIMIT 1',
      [keys, now.toISOString()],
    );
    return rows.length > 0;
  }

  async clearThrottle(keys: string[]): Promise<void> {
    await this.db.query('DELETE FROM identity_throttle WHERE key = ANY($1::text[])', [keys]);
  }

  // ---- outbox
  async queueMessage(
    recipient: string,
    subject: string,
    body: string,
    code?: string,
  ): Promise<void> {
    await this.db.query(
      'INSERT INTO identity_outbox (recipient, subject, body, code) VALUES ($1, $2, $3, $4)',
      [recipient, subject, body, code ?? null],
    );
  }

  async outbox(limit = 50): Promise<
    {
      id: number;
      recipient: string;
      subject: string;
      body: string;
      code: string | null;
      created_at: string;
    }[]
  > {
    const { rows } = await this.db.query<{
      id: number | string;
      recipient: string;
      subject: string;
      body: string;
      code: string | null;
      created_at: Date | string;
    }>('SELECT * FROM identity_outbox ORDER BY id DESC LIMIT $1', [limit]);
    return rows.map((row) => ({
      ...row,
      id: Number(row.id),
      created_at: date(row.created_at).toISOString(),
    }));
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
