-- The incident model of reference §1: INC-n ids from a sequence, the columns the console reads and
-- writes, the value sets refused when unknown, soft deletion of hypotheses, evidence and comments,
-- and the history timeline written by the database itself (triggers), never by the browser.
-- Every statement is idempotent: the migration tests run each file's SQL a second time.

-- INC-1, INC-2… A database that already has incidents (a legacy one) continues after its highest.
CREATE SEQUENCE IF NOT EXISTS incident_id_sequence;
CREATE OR REPLACE FUNCTION format_incident_id(n bigint) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$ SELECT 'INC-' || n $$;
SELECT setval('incident_id_sequence', greatest(
  (SELECT last_value FROM incident_id_sequence WHERE is_called),
  (SELECT max(substring(incident_id FROM '^INC-([0-9]{1,9})$')::bigint) FROM incidents)
)) WHERE EXISTS (SELECT 1 FROM incidents WHERE incident_id ~ '^INC-[0-9]{1,9}$');
ALTER TABLE incidents
  ALTER COLUMN incident_id SET DEFAULT format_incident_id(nextval('incident_id_sequence'));

-- updated_by is the server's (like created_by, from the session on every write): the history
-- triggers name it as the author of a change.
-- (The table is incident_records once 004 has run; this file names it so, to run again after it.)
DO $$
DECLARE
  incidents_table regclass := coalesce(to_regclass('public.incident_records'), 'public.incidents'::regclass);
BEGIN
  EXECUTE format('ALTER TABLE %s ADD COLUMN IF NOT EXISTS incident_rule_id uuid', incidents_table);
  EXECUTE format('ALTER TABLE %s ADD COLUMN IF NOT EXISTS updated_by uuid REFERENCES people (id)',
                 incidents_table);
END
$$;
ALTER TABLE incidents ALTER COLUMN description SET DEFAULT '';
ALTER TABLE responders ADD COLUMN IF NOT EXISTS deleted_at timestamptz;
CREATE INDEX IF NOT EXISTS responders_incident_id_idx ON responders (incident_id);
CREATE INDEX IF NOT EXISTS incident_histories_incident_id_idx
  ON incident_histories (incident_id, created_at);

-- Hypotheses, evidence and comments are deleted softly (settings spec §4): their rows move to
-- *_records tables, and the names the console uses become views of the rows not deleted, so every
-- read and embed (hypotheses → evidences → checks…) leaves deleted rows out without asking.
DO $$
BEGIN
  IF to_regclass('public.hypothesis_records') IS NULL THEN
    ALTER TABLE hypotheses RENAME TO hypothesis_records;
  END IF;
  IF to_regclass('public.evidence_records') IS NULL THEN
    ALTER TABLE evidences RENAME TO evidence_records;
  END IF;
  IF to_regclass('public.comment_records') IS NULL THEN
    ALTER TABLE comments RENAME TO comment_records;
  END IF;
END
$$;
ALTER TABLE hypothesis_records ADD COLUMN IF NOT EXISTS updated_by uuid REFERENCES people (id);
ALTER TABLE hypothesis_records ADD COLUMN IF NOT EXISTS deleted_at timestamptz;
ALTER TABLE evidence_records ADD COLUMN IF NOT EXISTS config_analysis_id uuid;
ALTER TABLE evidence_records ADD COLUMN IF NOT EXISTS factor boolean;
ALTER TABLE evidence_records ADD COLUMN IF NOT EXISTS mitigator boolean;
ALTER TABLE evidence_records ADD COLUMN IF NOT EXISTS updated_by uuid REFERENCES people (id);
ALTER TABLE evidence_records ADD COLUMN IF NOT EXISTS deleted_at timestamptz;
ALTER TABLE comment_records ADD COLUMN IF NOT EXISTS read smallint[];
ALTER TABLE comment_records ADD COLUMN IF NOT EXISTS deleted_at timestamptz;
CREATE INDEX IF NOT EXISTS hypothesis_records_incident_id_idx ON hypothesis_records (incident_id);
CREATE INDEX IF NOT EXISTS evidence_records_hypothesis_id_idx ON evidence_records (hypothesis_id);
CREATE INDEX IF NOT EXISTS evidence_records_check_id_idx ON evidence_records (check_id);
CREATE INDEX IF NOT EXISTS evidence_records_config_id_idx ON evidence_records (config_id);
CREATE INDEX IF NOT EXISTS comment_records_incident_id_idx ON comment_records (incident_id);

-- A history row goes with what it tells of when that is removed for good (an incident deleted).
DO $$
DECLARE
  fk record;
BEGIN
  FOR fk IN
    SELECT con.conname, a.attname, f.relname
      FROM pg_constraint con
      JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = con.conkey[1]
      JOIN pg_class f ON f.oid = con.confrelid
     WHERE con.conrelid = 'public.incident_histories'::regclass AND con.contype = 'f'
       AND a.attname IN ('hypothesis_id', 'evidence_id', 'comment_id', 'responder_id')
       AND con.confdeltype <> 'c'
  LOOP
    EXECUTE format('ALTER TABLE incident_histories DROP CONSTRAINT %I', fk.conname);
    EXECUTE format(
      'ALTER TABLE incident_histories ADD CONSTRAINT %I FOREIGN KEY (%I) REFERENCES %I (id) ON DELETE CASCADE',
      fk.conname, fk.attname, fk.relname);
  END LOOP;
END
$$;

CREATE OR REPLACE VIEW hypotheses AS
  SELECT * FROM hypothesis_records WHERE deleted_at IS NULL;
CREATE OR REPLACE VIEW evidences AS
  SELECT * FROM evidence_records WHERE deleted_at IS NULL;
CREATE OR REPLACE VIEW comments AS
  SELECT * FROM comment_records WHERE deleted_at IS NULL;

-- DELETE on the views marks rows deleted. A hypothesis takes its comments and evidence with it
-- (the console deletes those first anyway), and its sub-hypotheses, which no tree could show.
CREATE OR REPLACE FUNCTION incidents_delete_hypothesis() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  WITH RECURSIVE tree AS (
    SELECT OLD.id AS id
    UNION
    SELECT h.id FROM hypothesis_records h JOIN tree ON h.parent_id = tree.id
     WHERE h.deleted_at IS NULL
  ), gone_comments AS (
    UPDATE comment_records SET deleted_at = now()
     WHERE hypothesis_id IN (SELECT id FROM tree) AND deleted_at IS NULL
  ), gone_evidence AS (
    UPDATE evidence_records SET deleted_at = now()
     WHERE hypothesis_id IN (SELECT id FROM tree) AND deleted_at IS NULL
  )
  UPDATE hypothesis_records SET deleted_at = now()
   WHERE id IN (SELECT id FROM tree) AND deleted_at IS NULL;
  RETURN OLD;
END
$$;
CREATE OR REPLACE FUNCTION incidents_delete_evidence() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE evidence_records SET deleted_at = now() WHERE id = OLD.id AND deleted_at IS NULL;
  RETURN OLD;
END
$$;
CREATE OR REPLACE FUNCTION incidents_delete_comment() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE comment_records SET deleted_at = now() WHERE id = OLD.id AND deleted_at IS NULL;
  RETURN OLD;
END
$$;
DROP TRIGGER IF EXISTS hypotheses_soft_delete ON hypotheses;
CREATE TRIGGER hypotheses_soft_delete INSTEAD OF DELETE ON hypotheses
  FOR EACH ROW EXECUTE FUNCTION incidents_delete_hypothesis();
DROP TRIGGER IF EXISTS evidences_soft_delete ON evidences;
CREATE TRIGGER evidences_soft_delete INSTEAD OF DELETE ON evidences
  FOR EACH ROW EXECUTE FUNCTION incidents_delete_evidence();
DROP TRIGGER IF EXISTS comments_soft_delete ON comments;
CREATE TRIGGER comments_soft_delete INSTEAD OF DELETE ON comments
  FOR EACH ROW EXECUTE FUNCTION incidents_delete_comment();

-- The views read through: the topology's component pages list what this one lists.
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

-- The list page's rows (duty's incident_summary), plus created_by, which the list filters on. The
-- commander comes from a join, which also keeps Postgres from making the view updatable: a write
-- to it is a 405, not a change of the incident behind it.
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
    -- For the list's commander filter (commander_id=eq.X). A component filter goes through
    -- incidents_by_component: the embedded filter the console sends has no embed to act on here.
    incidents.commander_id
  FROM incidents
  LEFT JOIN people AS commander ON commander.id = incidents.commander_id;

-- The value sets as stored (reference §1): anything else is the client's mistake, a 400 with the
-- reason. Checked on insert and only for a column an update changes, so an older row holding a value
-- from before these rules can still be edited.
CREATE OR REPLACE FUNCTION incidents_refuse(message text) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'check_violation', MESSAGE = message;
END
$$;

CREATE OR REPLACE FUNCTION incidents_validate_incident() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title)
     AND coalesce(btrim(NEW.title), '') = '' THEN
    PERFORM incidents_refuse('An incident needs a title');
  END IF;
  IF (TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status)
     AND NEW.status NOT IN ('new', 'open', 'investigating', 'mitigated', 'resolved', 'closed',
                            'cancelled') THEN
    PERFORM incidents_refuse(format(
      'Unknown incident status %L: one of new, open, investigating, mitigated, resolved, closed, cancelled',
      NEW.status));
  END IF;
  IF (TG_OP = 'INSERT' OR NEW.severity IS DISTINCT FROM OLD.severity) AND NEW.severity IS NOT NULL
     AND lower(NEW.severity) NOT IN ('info', 'warning', 'low', 'medium', 'high', 'blocker',
                                     'critical') THEN
    PERFORM incidents_refuse(format(
      'Unknown incident severity %L: one of info, warning, low, Medium, high, blocker, critical',
      NEW.severity));
  END IF;
  IF (TG_OP = 'INSERT' OR NEW.type IS DISTINCT FROM OLD.type) AND NEW.type IS NOT NULL
     AND NEW.type NOT IN ('cost', 'availability', 'performance', 'security', 'integration',
                          'compliance', 'technicalDebt', 'technical_debt', 'reliability') THEN
    PERFORM incidents_refuse(format(
      'Unknown incident type %L: one of cost, availability, performance, security, integration, compliance, technicalDebt, reliability',
      NEW.type));
  END IF;
  -- The console moves an incident by its status alone; the times that say where it stands follow
  -- (the topology counts an incident open while resolved and closed are unset): acknowledged once it
  -- is taken up, resolved and closed when it gets there (cancelled closes it), both cleared when it
  -- is reopened. A time the same write gives is kept.
  IF TG_OP = 'UPDATE' AND NEW.status IS DISTINCT FROM OLD.status THEN
    IF NEW.status IN ('new', 'open') THEN
      IF NEW.resolved IS NOT DISTINCT FROM OLD.resolved THEN NEW.resolved := NULL; END IF;
      IF NEW.closed IS NOT DISTINCT FROM OLD.closed THEN NEW.closed := NULL; END IF;
    ELSE
      NEW.acknowledged := coalesce(NEW.acknowledged, incidents_change_time(OLD.updated_at, NEW.updated_at));
      IF NEW.status IN ('investigating', 'mitigated') THEN
        IF NEW.resolved IS NOT DISTINCT FROM OLD.resolved THEN NEW.resolved := NULL; END IF;
        IF NEW.closed IS NOT DISTINCT FROM OLD.closed THEN NEW.closed := NULL; END IF;
      ELSIF NEW.status = 'resolved' THEN
        NEW.resolved := coalesce(NEW.resolved, incidents_change_time(OLD.updated_at, NEW.updated_at));
        IF NEW.closed IS NOT DISTINCT FROM OLD.closed THEN NEW.closed := NULL; END IF;
      ELSE
        NEW.closed := coalesce(NEW.closed, incidents_change_time(OLD.updated_at, NEW.updated_at));
      END IF;
    END IF;
  END IF;
  RETURN NEW;
END
$$;
DO $$
DECLARE
  incidents_table regclass := coalesce(to_regclass('public.incident_records'), 'public.incidents'::regclass);
BEGIN
  EXECUTE format('DROP TRIGGER IF EXISTS incidents_validate ON %s', incidents_table);
  EXECUTE format('CREATE TRIGGER incidents_validate BEFORE INSERT OR UPDATE ON %s
    FOR EACH ROW EXECUTE FUNCTION incidents_validate_incident()', incidents_table);
END
$$;

CREATE OR REPLACE FUNCTION incidents_validate_hypothesis() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title)
     AND coalesce(btrim(NEW.title), '') = '' THEN
    PERFORM incidents_refuse('A hypothesis needs a title');
  END IF;
  IF (TG_OP = 'INSERT' OR NEW.type IS DISTINCT FROM OLD.type)
     AND NEW.type IS DISTINCT FROM 'root' AND NEW.type IS DISTINCT FROM 'factor'
     AND NEW.type IS DISTINCT FROM 'solution' THEN
    PERFORM incidents_refuse(format(
      'Unknown hypothesis type %L: one of root, factor, solution', NEW.type));
  END IF;
  IF (TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status) AND NEW.status IS NOT NULL
     AND NEW.status NOT IN ('proven', 'likely', 'possible', 'unlikely', 'improbable',
                            'disproven') THEN
    PERFORM incidents_refuse(format(
      'Unknown hypothesis status %L: one of proven, likely, possible, unlikely, improbable, disproven',
      NEW.status));
  END IF;
  IF (TG_OP = 'INSERT' OR NEW.parent_id IS DISTINCT FROM OLD.parent_id) AND NEW.parent_id IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM hypothesis_records p
                      WHERE p.id = NEW.parent_id AND p.incident_id = NEW.incident_id
                        AND p.deleted_at IS NULL) THEN
    PERFORM incidents_refuse('The parent hypothesis must be one of the same incident');
  END IF;
  RETURN NEW;
END
$$;
DROP TRIGGER IF EXISTS hypotheses_validate ON hypothesis_records;
CREATE TRIGGER hypotheses_validate BEFORE INSERT OR UPDATE ON hypothesis_records
  FOR EACH ROW EXECUTE FUNCTION incidents_validate_hypothesis();

CREATE OR REPLACE FUNCTION incidents_validate_evidence() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'INSERT' OR NEW.type IS DISTINCT FROM OLD.type)
     AND coalesce(NEW.type, '') NOT IN ('log', 'config', 'topology', 'check', 'config_analysis',
                                        'config_change', 'comment') THEN
    PERFORM incidents_refuse(format(
      'Unknown evidence type %L: one of log, config, topology, check, config_analysis, config_change, comment',
      NEW.type));
  END IF;
  IF TG_OP = 'INSERT' AND NOT EXISTS (SELECT 1 FROM hypothesis_records h
                                       WHERE h.id = NEW.hypothesis_id AND h.deleted_at IS NULL) THEN
    PERFORM incidents_refuse('Evidence needs a hypothesis that exists');
  END IF;
  RETURN NEW;
END
$$;
DROP TRIGGER IF EXISTS evidences_validate ON evidence_records;
CREATE TRIGGER evidences_validate BEFORE INSERT OR UPDATE ON evidence_records
  FOR EACH ROW EXECUTE FUNCTION incidents_validate_evidence();

CREATE OR REPLACE FUNCTION incidents_validate_comment() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'INSERT' OR NEW.comment IS DISTINCT FROM OLD.comment)
     AND coalesce(btrim(NEW.comment), '') = '' THEN
    PERFORM incidents_refuse('A comment needs text');
  END IF;
  RETURN NEW;
END
$$;
DROP TRIGGER IF EXISTS comments_validate ON comment_records;
CREATE TRIGGER comments_validate BEFORE INSERT OR UPDATE ON comment_records
  FOR EACH ROW EXECUTE FUNCTION incidents_validate_comment();

-- The history (duty's incident history triggers, with the spec's event names). The author is the
-- row's created_by for what was created and its updated_by for a change: both come from the session,
-- set by the server on every /api/db write. The time is the row's own: a demo seed's back-dated rows
-- tell their story at the times they give.
CREATE OR REPLACE FUNCTION incidents_change_time(old_at timestamptz, new_at timestamptz)
  RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN new_at IS DISTINCT FROM old_at AND new_at IS NOT NULL THEN new_at ELSE now() END
$$;

CREATE OR REPLACE FUNCTION incidents_history_incident() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO incident_histories (incident_id, type, description, created_by, created_at)
    VALUES (NEW.id, 'incident.created', NEW.incident_id, NEW.created_by,
            coalesce(NEW.created_at, now()));
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO incident_histories (incident_id, type, description, created_by, created_at)
    VALUES (NEW.id, 'incident.status_updated', NEW.status,
            coalesce(NEW.updated_by, NEW.created_by),
            incidents_change_time(OLD.updated_at, NEW.updated_at));
  END IF;
  RETURN NULL;
END
$$;
DO $$
DECLARE
  incidents_table regclass := coalesce(to_regclass('public.incident_records'), 'public.incidents'::regclass);
BEGIN
  EXECUTE format('DROP TRIGGER IF EXISTS incidents_history ON %s', incidents_table);
  EXECUTE format('CREATE TRIGGER incidents_history AFTER INSERT OR UPDATE ON %s
    FOR EACH ROW EXECUTE FUNCTION incidents_history_incident()', incidents_table);
END
$$;

CREATE OR REPLACE FUNCTION incidents_history_responder() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO incident_histories (incident_id, type, responder_id, created_by, created_at)
  VALUES (NEW.incident_id, 'responder.created', NEW.id, NEW.created_by,
          coalesce(NEW.created_at, now()));
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS responders_history ON responders;
CREATE TRIGGER responders_history AFTER INSERT ON responders
  FOR EACH ROW EXECUTE FUNCTION incidents_history_responder();

CREATE OR REPLACE FUNCTION incidents_history_hypothesis() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO incident_histories
      (incident_id, type, description, hypothesis_id, created_by, created_at)
    VALUES (NEW.incident_id, 'hypothesis.created', NEW.status, NEW.id, NEW.created_by,
            coalesce(NEW.created_at, now()));
  ELSIF NEW.status IS DISTINCT FROM OLD.status AND NEW.deleted_at IS NULL THEN
    INSERT INTO incident_histories
      (incident_id, type, description, hypothesis_id, created_by, created_at)
    VALUES (NEW.incident_id, 'hypothesis.status_updated', NEW.status, NEW.id,
            coalesce(NEW.updated_by, NEW.created_by),
            incidents_change_time(OLD.updated_at, NEW.updated_at));
  END IF;
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS hypotheses_history ON hypothesis_records;
CREATE TRIGGER hypotheses_history AFTER INSERT OR UPDATE ON hypothesis_records
  FOR EACH ROW EXECUTE FUNCTION incidents_history_hypothesis();

CREATE OR REPLACE FUNCTION incidents_history_evidence() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  incident uuid;
BEGIN
  SELECT h.incident_id INTO incident FROM hypothesis_records h WHERE h.id = NEW.hypothesis_id;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO incident_histories
      (incident_id, type, description, hypothesis_id, evidence_id, created_by, created_at)
    VALUES (incident, 'evidence.created', NEW.description, NEW.hypothesis_id, NEW.id,
            NEW.created_by, coalesce(NEW.created_at, now()));
  END IF;
  -- A definition of done given at creation counts as one added.
  IF NEW.definition_of_done AND NEW.deleted_at IS NULL
     AND (TG_OP = 'INSERT' OR NOT coalesce(OLD.definition_of_done, false)) THEN
    INSERT INTO incident_histories
      (incident_id, type, description, hypothesis_id, evidence_id, created_by, created_at)
    VALUES (incident, 'evidence.done_definition_added', NEW.description, NEW.hypothesis_id, NEW.id,
            CASE WHEN TG_OP = 'INSERT' THEN NEW.created_by
                 ELSE coalesce(NEW.updated_by, NEW.created_by) END,
            CASE WHEN TG_OP = 'INSERT' THEN coalesce(NEW.created_at, now())
                 ELSE incidents_change_time(OLD.updated_at, NEW.updated_at) END);
  END IF;
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS evidences_history ON evidence_records;
CREATE TRIGGER evidences_history AFTER INSERT OR UPDATE ON evidence_records
  FOR EACH ROW EXECUTE FUNCTION incidents_history_evidence();

-- Every comment is told (duty tells only those with a responder_id, which the console never sends).
CREATE OR REPLACE FUNCTION incidents_history_comment() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO incident_histories
    (incident_id, type, description, hypothesis_id, responder_id, comment_id, created_by, created_at)
  VALUES (NEW.incident_id, 'responder.commented', left(NEW.comment, 200), NEW.hypothesis_id,
          NEW.responder_id, NEW.id, NEW.created_by, coalesce(NEW.created_at, now()));
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS comments_history ON comment_records;
CREATE TRIGGER comments_history AFTER INSERT ON comment_records
  FOR EACH ROW EXECUTE FUNCTION incidents_history_comment();

-- Nobody writes the history but these triggers (and what removes an incident with its rows): a
-- write straight to incident_histories, which runs outside any trigger, is refused (403 over HTTP).
CREATE OR REPLACE FUNCTION incidents_history_written_by_triggers() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege',
      MESSAGE = 'incident_histories is written by the database as incidents change, not by requests';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END
$$;
DROP TRIGGER IF EXISTS incident_histories_guard ON incident_histories;
CREATE TRIGGER incident_histories_guard BEFORE INSERT OR UPDATE OR DELETE ON incident_histories
  FOR EACH ROW EXECUTE FUNCTION incidents_history_written_by_triggers();
