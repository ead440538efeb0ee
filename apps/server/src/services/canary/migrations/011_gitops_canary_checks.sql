-- A canary's checks follow its spec (issue 35), whoever writes it (/api/db, a resource file, `apply`),
-- in the write's own transaction, so the runner finds a saved canary's checks on its next look and
-- stops running a deleted one's. Each list under a check type (`http: [...]`, and the single
-- `webhook` map) is one check per entry, keyed by (canary, type, name): an entry still there keeps
-- its check (and its history), a new one gets a check, one gone is deleted softly, as is every check
-- of a canary deleted softly. The canary's own fields (schedule, interval, env…) are no checks.
CREATE OR REPLACE FUNCTION opsdeck.canary_spec_checks(spec jsonb)
RETURNS TABLE (type text, name text, spec jsonb)
LANGUAGE sql IMMUTABLE AS $$
  SELECT entry.key, item.value->>'name', item.value
  FROM jsonb_each(CASE WHEN jsonb_typeof(spec) = 'object' THEN spec ELSE '{}'::jsonb END) AS entry
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE
      WHEN entry.key IN ('schedule', 'interval', 'owner', 'severity', 'resultMode', 'replicas', 'env')
        THEN '[]'::jsonb
      WHEN jsonb_typeof(entry.value) = 'array' THEN entry.value
      WHEN entry.key = 'webhook' AND jsonb_typeof(entry.value) = 'object'
        THEN jsonb_build_array(entry.value)
      ELSE '[]'::jsonb
    END) AS item
  WHERE jsonb_typeof(item.value) = 'object' AND coalesce(item.value->>'name', '') <> ''
$$;

CREATE OR REPLACE FUNCTION opsdeck.sync_canary_checks() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL THEN
    UPDATE checks SET deleted_at = now(), updated_at = now()
    WHERE canary_id = NEW.id AND deleted_at IS NULL;
    RETURN NULL;
  END IF;
  -- Checks of entries still listed: their spec, description, icon and labels as the entry says.
  UPDATE checks SET
    spec = wanted.spec,
    namespace = NEW.namespace,
    description = wanted.spec->>'description',
    icon = coalesce(wanted.spec->>'icon', checks.icon),
    labels = coalesce(wanted.spec->'labels', NEW.labels),
    deleted_at = NULL,
    updated_at = now()
  FROM opsdeck.canary_spec_checks(NEW.spec) AS wanted
  WHERE checks.canary_id = NEW.id AND checks.type = wanted.type AND checks.name = wanted.name
    AND (checks.deleted_at IS NOT NULL OR checks.spec IS DISTINCT FROM wanted.spec
         OR checks.labels IS DISTINCT FROM coalesce(wanted.spec->'labels', NEW.labels)
         OR checks.namespace IS DISTINCT FROM NEW.namespace);
  INSERT INTO checks (canary_id, agent_id, type, name, namespace, description, icon, spec, labels)
  SELECT DISTINCT ON (wanted.type, wanted.name)
         NEW.id, NEW.agent_id, wanted.type, wanted.name, NEW.namespace,
         wanted.spec->>'description', coalesce(wanted.spec->>'icon', wanted.type), wanted.spec,
         coalesce(wanted.spec->'labels', NEW.labels)
  FROM opsdeck.canary_spec_checks(NEW.spec) AS wanted
  WHERE NOT EXISTS (
    SELECT 1 FROM checks
    WHERE checks.canary_id = NEW.id AND checks.type = wanted.type AND checks.name = wanted.name);
  -- A new canary has no checks of its own yet; an updated one loses those its spec no longer lists.
  IF TG_OP = 'UPDATE' THEN
    UPDATE checks SET deleted_at = now(), updated_at = now()
    WHERE canary_id = NEW.id AND deleted_at IS NULL
      AND NOT EXISTS (
        SELECT 1 FROM opsdeck.canary_spec_checks(NEW.spec) AS wanted
        WHERE wanted.type = checks.type AND wanted.name = checks.name);
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS canaries_sync_checks_insert ON canaries;
CREATE TRIGGER canaries_sync_checks_insert AFTER INSERT ON canaries
  FOR EACH ROW EXECUTE PROCEDURE opsdeck.sync_canary_checks();
DROP TRIGGER IF EXISTS canaries_sync_checks_update ON canaries;
CREATE TRIGGER canaries_sync_checks_update AFTER UPDATE ON canaries
  FOR EACH ROW
  WHEN (OLD.spec IS DISTINCT FROM NEW.spec OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE PROCEDURE opsdeck.sync_canary_checks();
