-- Incidents are deleted softly, as hypotheses, evidence and comments are (issue 27 #10): their rows
-- move to incident_records, and `incidents` becomes the view of those not deleted, so every read,
-- embed, list and count (incident_summary, incidents_by_component/config, the topology's counts)
-- leaves a deleted incident out, and its history stays. DELETE on the view marks the row deleted.
-- Every statement is idempotent: the migration tests run each file's SQL a second time.

DO $$
BEGIN
  IF to_regclass('public.incident_records') IS NULL THEN
    ALTER TABLE incidents RENAME TO incident_records;
  END IF;
END
$$;
ALTER TABLE incident_records ADD COLUMN IF NOT EXISTS deleted_at timestamptz;

CREATE OR REPLACE VIEW incidents AS
  SELECT * FROM incident_records WHERE deleted_at IS NULL;
-- INC-n for a row inserted through the view (a view column has no default of its own).
ALTER VIEW incidents ALTER COLUMN incident_id
  SET DEFAULT format_incident_id(nextval('incident_id_sequence'));

CREATE OR REPLACE FUNCTION incidents_delete_incident() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE incident_records SET deleted_at = now() WHERE id = OLD.id AND deleted_at IS NULL;
  RETURN OLD;
END
$$;
DROP TRIGGER IF EXISTS incidents_soft_delete ON incidents;
CREATE TRIGGER incidents_soft_delete INSTEAD OF DELETE ON incidents
  FOR EACH ROW EXECUTE FUNCTION incidents_delete_incident();

-- The views over incidents followed the rename to incident_records; they read the live ones again.
CREATE OR REPLACE VIEW incidents_by_component AS
  SELECT DISTINCT ON (evidences.component_id, incidents.id)
    evidences.component_id,
    incidents.id,
    incidents.incident_id,
    incidents.title,
    incidents.type,
    incidents.status,
    incidents.severity,
    incidents.created_at,
    incidents.resolved,
    incidents.closed
  FROM evidences
  INNER JOIN hypotheses ON hypotheses.id = evidences.hypothesis_id
  INNER JOIN incidents ON incidents.id = hypotheses.incident_id
  WHERE evidences.component_id IS NOT NULL;

CREATE OR REPLACE VIEW incidents_by_config AS
  SELECT DISTINCT ON (evidences.config_id, incidents.id)
    evidences.config_id,
    incidents.id,
    incidents.incident_id,
    incidents.title,
    incidents.type,
    incidents.status,
    incidents.severity,
    incidents.created_at,
    incidents.resolved,
    incidents.closed
  FROM evidences
  INNER JOIN hypotheses ON hypotheses.id = evidences.hypothesis_id
  INNER JOIN incidents ON incidents.id = hypotheses.incident_id
  WHERE evidences.config_id IS NOT NULL;

CREATE OR REPLACE VIEW incident_summary AS
  SELECT
    incidents.id,
    incidents.incident_id,
    incidents.title,
    incidents.severity,
    incidents.type,
    incidents.status,
    incidents.created_by,
    incidents.created_at,
    incidents.updated_at,
    CASE WHEN commander.id IS NOT NULL THEN
      json_build_object('id', commander.id, 'avatar', commander.avatar, 'name', commander.name)
    END AS commander,
    coalesce((
      SELECT json_agg(json_build_object(
               'id', coalesce(p.id, t.id),
               'avatar', coalesce(p.avatar, t.icon),
               'name', coalesce(p.name, t.name)) ORDER BY r.created_at, r.id)
        FROM responders r
        LEFT JOIN people p ON p.id = r.person_id
        LEFT JOIN teams t ON t.id = r.team_id
       WHERE r.incident_id = incidents.id AND r.deleted_at IS NULL
         AND (p.id IS NOT NULL OR t.id IS NOT NULL)
    ), '[]'::json) AS responders,
    coalesce((
      SELECT json_agg(json_build_object('id', p.id, 'avatar', p.avatar, 'name', p.name)
                      ORDER BY p.name, p.id)
        FROM people p
       WHERE p.id IN (SELECT c.created_by FROM comments c WHERE c.incident_id = incidents.id)
    ), '[]'::json) AS commenters,
    incidents.commander_id
  FROM incidents
  LEFT JOIN people AS commander ON commander.id = incidents.commander_id;
