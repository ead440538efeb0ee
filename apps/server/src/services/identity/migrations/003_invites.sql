-- Invitations (POST /api/auth/invite_user): a one-time link that signs the invited person in once,
-- to set a password. Only the token's hash is kept; a used or expired invitation signs nobody in.
CREATE TABLE IF NOT EXISTS identity_invites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  identity_id uuid NOT NULL REFERENCES identity_identities (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  role text NOT NULL,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX IF NOT EXISTS identity_invites_identity ON identity_invites (identity_id);
