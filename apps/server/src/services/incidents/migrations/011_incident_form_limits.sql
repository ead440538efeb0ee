-- The longest text the forms take (issue 29): an incident's title and description, a hypothesis's
-- title and a comment. The console states the same numbers (@opsdeck/api-client's
-- incidentTextLimits); anything longer is the client's mistake, a 400 that says the limit.
-- Checked on insert and only for a column an update changes, so an older, longer row can still be
-- edited in its other columns. Every statement is idempotent (the migration tests run it twice).

CREATE OR REPLACE FUNCTION incidents_refuse_long(value text, most integer, what text) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF char_length(value) > most THEN
    PERFORM incidents_refuse(format('%s is %s characters long; at most %s are allowed',
                                    what, char_length(value), most));
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION incidents_limit_incident() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title THEN
    PERFORM incidents_refuse_long(NEW.title, 200, 'An incident''s title');
  END IF;
  IF TG_OP = 'INSERT' OR NEW.description IS DISTINCT FROM OLD.description THEN
    PERFORM incidents_refuse_long(NEW.description, 4000, 'An incident''s description');
  END IF;
  RETURN NEW;
END
$$;
DROP TRIGGER IF EXISTS incidents_limit ON incident_records;
CREATE TRIGGER incidents_limit BEFORE INSERT OR UPDATE ON incident_records
  FOR EACH ROW EXECUTE FUNCTION incidents_limit_incident();

CREATE OR REPLACE FUNCTION incidents_limit_hypothesis() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title THEN
    PERFORM incidents_refuse_long(NEW.title, 200, 'A hypothesis''s title');
  END IF;
  RETURN NEW;
END
$$;
DROP TRIGGER IF EXISTS hypotheses_limit ON hypothesis_records;
CREATE TRIGGER hypotheses_limit BEFORE INSERT OR UPDATE ON hypothesis_records
  FOR EACH ROW EXECUTE FUNCTION incidents_limit_hypothesis();

CREATE OR REPLACE FUNCTION incidents_limit_comment() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.comment IS DISTINCT FROM OLD.comment THEN
    PERFORM incidents_refuse_long(NEW.comment, 4000, 'A comment');
  END IF;
  RETURN NEW;
END
$$;
DROP TRIGGER IF EXISTS comments_limit ON comment_records;
CREATE TRIGGER comments_limit BEFORE INSERT OR UPDATE ON comment_records
  FOR EACH ROW EXECUTE FUNCTION incidents_limit_comment();
