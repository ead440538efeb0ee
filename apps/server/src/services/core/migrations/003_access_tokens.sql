-- Access tokens (POST /api/agent/generate): an agent signs in with one as HTTP Basic (its username
-- and the token) or as a Bearer token. Only the token's hash is kept, in the server's own schema
-- (never under /api/db). Deleting an agent (agents.deleted_at set) expires its tokens; with
-- `cleanup`, its resources are soft-deleted too (reference §6 Agents).
CREATE TABLE IF NOT EXISTS opsdeck.access_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  auto_renew boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS access_tokens_person ON opsdeck.access_tokens (person_id);

CREATE OR REPLACE FUNCTION opsdeck.agent_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL THEN
    IF NEW.person_id IS NOT NULL THEN
      UPDATE opsdeck.access_tokens SET expires_at = least(expires_at, now())
        WHERE person_id = NEW.person_id;
    END IF;
    IF NEW.cleanup THEN
      UPDATE canaries SET deleted_at = now() WHERE agent_id = NEW.id AND deleted_at IS NULL;
      UPDATE checks SET deleted_at = now() WHERE agent_id = NEW.id AND deleted_at IS NULL;
      UPDATE config_scrapers SET deleted_at = now() WHERE agent_id = NEW.id AND deleted_at IS NULL;
      UPDATE config_items SET deleted_at = now() WHERE agent_id = NEW.id AND deleted_at IS NULL;
      UPDATE topologies SET deleted_at = now() WHERE agent_id = NEW.id AND deleted_at IS NULL;
      UPDATE components SET deleted_at = now() WHERE agent_id = NEW.id AND deleted_at IS NULL;
    END IF;
  END IF;
  RETURN NEW;
END
$$;
DROP TRIGGER IF EXISTS agent_deleted ON agents;
CREATE TRIGGER agent_deleted AFTER UPDATE OF deleted_at ON agents
  FOR EACH ROW EXECUTE FUNCTION opsdeck.agent_deleted();
