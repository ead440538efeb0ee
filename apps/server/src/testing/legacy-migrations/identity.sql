CREATE TABLE IF NOT EXISTS identity_identities (
  id uuid PRIMARY KEY,
  schema_id text NOT NULL DEFAULT 'default',
  traits jsonb NOT NULL,
  email text NOT NULL,
  email_verified boolean NOT NULL DEFAULT false,
  state text NOT NULL DEFAULT 'active',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS identity_identities_email ON identity_identities (email);
CREATE TABLE IF NOT EXISTS identity_credentials (
  identity_id uuid NOT NULL REFERENCES identity_identities (id) ON DELETE CASCADE,
  type text NOT NULL,
  config jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (identity_id, type)
);
CREATE TABLE IF NOT EXISTS identity_sessions (
  id uuid PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  logout_token_hash text NOT NULL,
  identity_id uuid NOT NULL REFERENCES identity_identities (id) ON DELETE CASCADE,
  aal text NOT NULL,
  methods jsonb NOT NULL,
  authenticated_at timestamptz NOT NULL,
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  active boolean NOT NULL DEFAULT true
);
CREATE TABLE IF NOT EXISTS identity_flows (
  id uuid PRIMARY KEY,
  kind text NOT NULL,
  record jsonb NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A flow's one-time code lives beside its record, so saving the record never rewinds its counters.
ALTER TABLE identity_flows ADD COLUMN IF NOT EXISTS code_hash text;
ALTER TABLE identity_flows ADD COLUMN IF NOT EXISTS code_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE identity_flows ADD COLUMN IF NOT EXISTS code_sends integer NOT NULL DEFAULT 0;
CREATE TABLE IF NOT EXISTS identity_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_start timestamptz NOT NULL,
  locked_until timestamptz
);
CREATE TABLE IF NOT EXISTS identity_outbox (
  id bigserial PRIMARY KEY,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  code text,
  created_at timestamptz NOT NULL DEFAULT now()
);
