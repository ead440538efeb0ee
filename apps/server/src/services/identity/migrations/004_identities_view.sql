-- /api/db/identities answers the identities people really sign in with (reference §6 "Users page":
-- Kratos's identities, with traits {email, name {first, last}}, state and timestamps), read from
-- identity_identities, instead of the older table nothing ever wrote. Never a credential: those are
-- identity_credentials, which no view reads. `roles` are the person's (the identity's id is the
-- person's), as the settings spec's Identity lists them.

-- When the state last changed (Kratos's state_changed_at): kept by the database for every writer.
ALTER TABLE identity_identities ADD COLUMN IF NOT EXISTS state_changed_at timestamptz;
CREATE OR REPLACE FUNCTION identity_state_changed() RETURNS trigger AS $$
BEGIN
  NEW.state_changed_at := now();
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
DROP TRIGGER IF EXISTS identity_identities_state_changed ON identity_identities;
CREATE TRIGGER identity_identities_state_changed
  BEFORE UPDATE OF state ON identity_identities
  FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state)
  EXECUTE FUNCTION identity_state_changed();

-- The older table (identity/001) held no rows; its only reference, the older sessions table's
-- foreign key, goes with it (CASCADE drops the constraint, not the table).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'identities') THEN
    DROP TABLE identities CASCADE;
  END IF;
END
$$;
DROP VIEW IF EXISTS identities;
CREATE VIEW identities AS
  SELECT
    i.id,
    i.schema_id,
    i.traits,
    i.state,
    coalesce(i.state_changed_at, i.created_at) AS state_changed_at,
    i.created_at,
    i.updated_at,
    ARRAY(SELECT r.role FROM opsdeck.person_roles r WHERE r.person_id = i.id ORDER BY r.role) AS roles
  FROM identity_identities i;
