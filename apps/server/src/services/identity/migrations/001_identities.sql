-- Kratos-style identities and sessions as Mission Control exposes them under /api/db (admin only).
-- opsdeck:baseline (part of the schema legacy migrations 001-006 made; adopted, not run, on their databases)

-- Kratos-style identities and sessions as Mission Control exposes them (admin only).
CREATE TABLE IF NOT EXISTS identities (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  schema_id text NOT NULL DEFAULT 'default',
  traits jsonb NOT NULL DEFAULT '{}',
  state text NOT NULL DEFAULT 'active',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  identity_id uuid REFERENCES identities (id) ON DELETE CASCADE,
  person_id uuid REFERENCES people (id) ON DELETE CASCADE,
  token_hash text UNIQUE,
  active boolean NOT NULL DEFAULT true,
  authenticated_at timestamptz NOT NULL DEFAULT now(),
  issued_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
