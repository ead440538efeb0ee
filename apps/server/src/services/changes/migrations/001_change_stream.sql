-- The change stream and the audit trail (issue 32 parts 2 and 4). Triggers on every declared table
-- (installed at each migrate by src/services/changes/triggers.ts, so declaring a table is enough)
-- call opsdeck.record_change(): one change event per statement, and one audit row with the rows'
-- images, in the write's own transaction.

-- Who writes: set per transaction by the server (set_config('opsdeck.actor', …, true)); unset is the
-- server itself.
CREATE OR REPLACE FUNCTION opsdeck.actor() RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('opsdeck.actor', true), ''), 'system')
$$;

-- The bounded window of change events. `id` is given at commit, under a lock held until the commit
-- is visible, so ids grow in commit order: a reader that has seen id N never later finds a row
-- below N (a bigserial taken at insert would let a slow transaction commit a smaller id after a
-- reader moved past it). Rows of a transaction still running have no id yet.
CREATE SEQUENCE IF NOT EXISTS opsdeck.change_event_ids;
CREATE TABLE IF NOT EXISTS opsdeck.change_events (
  uid bigserial PRIMARY KEY,
  id bigint UNIQUE,
  table_name text NOT NULL,
  action text NOT NULL,
  -- The written rows' keys (a composite key as a JSON array); NULL when the statement wrote more
  -- than opsdeck.record_change() lists.
  ids text[],
  row_count integer NOT NULL,
  actor text NOT NULL,
  at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX IF NOT EXISTS change_events_at ON opsdeck.change_events (at);

-- How far the window was trimmed: a resume from an id below this missed events.
CREATE TABLE IF NOT EXISTS opsdeck.change_window (
  id integer PRIMARY KEY CHECK (id = 1),
  trimmed_through bigint NOT NULL DEFAULT 0
);
INSERT INTO opsdeck.change_window (id) VALUES (1) ON CONFLICT (id) DO NOTHING;

-- Who wrote what, kept (never trimmed). Read through /api/db by admins; written only by the trigger.
CREATE TABLE IF NOT EXISTS audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  actor text NOT NULL,
  table_name text NOT NULL,
  action text NOT NULL,
  ids text[],
  row_count integer NOT NULL,
  -- The rows as they were and as the write left them (at most 100 of each), secrets masked.
  before jsonb,
  after jsonb
);
CREATE INDEX IF NOT EXISTS audit_log_at ON audit_log (at DESC);
CREATE INDEX IF NOT EXISTS audit_log_table_at ON audit_log (table_name, at DESC);
CREATE INDEX IF NOT EXISTS audit_log_actor_at ON audit_log (actor, at DESC);

-- A JSON value with the value of every key named like a secret replaced, at any depth.
CREATE OR REPLACE FUNCTION opsdeck.mask_secret_keys(value jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF jsonb_typeof(value) = 'object' THEN
    RETURN coalesce((
      SELECT jsonb_object_agg(
        key,
        CASE
          WHEN key ~* '(password|secret|token|credential|private_?key|certificate)' AND item <> 'null'::jsonb
            THEN '"***"'::jsonb
          ELSE opsdeck.mask_secret_keys(item)
        END)
      FROM jsonb_each(value) AS entries(key, item)), '{}'::jsonb);
  ELSIF jsonb_typeof(value) = 'array' THEN
    RETURN coalesce((SELECT jsonb_agg(opsdeck.mask_secret_keys(item) ORDER BY n)
      FROM jsonb_array_elements(value) WITH ORDINALITY AS items(item, n)), '[]'::jsonb);
  END IF;
  RETURN value;
END $$;

-- A row's image for the audit: the masked columns (a comma-separated list) replaced whole, then
-- every key named like a secret inside what is left.
CREATE OR REPLACE FUNCTION opsdeck.audit_image(image jsonb, masked text) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  name text;
BEGIN
  IF masked <> '' THEN
    FOREACH name IN ARRAY string_to_array(masked, ',') LOOP
      IF image ? name AND image -> name <> 'null'::jsonb THEN
        image := jsonb_set(image, ARRAY[name], '"***"'::jsonb);
      END IF;
    END LOOP;
  END IF;
  -- Walking every key costs; most rows name no secret anywhere, which one regex on the text tells.
  IF image::text !~* '(password|secret|token|credential|private_?key|certificate)' THEN
    RETURN image;
  END IF;
  RETURN opsdeck.mask_secret_keys(image);
END $$;

-- The statement trigger: TG_ARGV[0] the key columns (comma-separated, may be empty), TG_ARGV[1]
-- the columns masked whole in the audit. Reads the transition tables old_rows / new_rows.
CREATE OR REPLACE FUNCTION opsdeck.record_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  listed constant integer := 1000;
  imaged constant integer := 100;
  keys text[] := string_to_array(TG_ARGV[0], ',');
  masked text := coalesce(TG_ARGV[1], '');
  written text := CASE WHEN TG_OP = 'DELETE' THEN 'old_rows' ELSE 'new_rows' END;
  key_sql text;
  total integer;
  row_ids text[];
  before_rows jsonb;
  after_rows jsonb;
  who text := opsdeck.actor();
  audit_id bigint;
BEGIN
  EXECUTE format('SELECT count(*) FROM %I', written) INTO total;
  IF total = 0 THEN
    RETURN NULL;
  END IF;
  IF keys IS NOT NULL AND cardinality(keys) > 0 AND total <= listed THEN
    IF cardinality(keys) = 1 THEN
      key_sql := format('r.%I::text', keys[1]);
    ELSE
      SELECT 'jsonb_build_array(' || string_agg(format('r.%I', k), ', ') || ')::text'
        INTO key_sql FROM unnest(keys) AS k;
    END IF;
    EXECUTE format('SELECT array_agg(%s) FROM %I AS r', key_sql, written) INTO row_ids;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format(
      'SELECT jsonb_agg(opsdeck.audit_image(to_jsonb(r), %L)) FROM (SELECT * FROM old_rows LIMIT %s) AS r',
      masked, imaged) INTO before_rows;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    EXECUTE format(
      'SELECT jsonb_agg(opsdeck.audit_image(to_jsonb(r), %L)) FROM (SELECT * FROM new_rows LIMIT %s) AS r',
      masked, imaged) INTO after_rows;
  END IF;
  INSERT INTO public.audit_log (actor, table_name, action, ids, row_count, before, after)
  VALUES (who, TG_TABLE_NAME, lower(TG_OP), row_ids, total, before_rows, after_rows)
  RETURNING id INTO audit_id;
  INSERT INTO opsdeck.change_events (table_name, action, ids, row_count, actor)
  VALUES (TG_TABLE_NAME, lower(TG_OP), row_ids, total, who),
         ('audit_log', 'insert', ARRAY[audit_id::text], 1, who);
  RETURN NULL;
END $$;

-- At commit: number the transaction's events in commit order and wake the listeners. The lock is
-- released only after the commit is visible, so the next transaction's ids come after.
CREATE OR REPLACE FUNCTION opsdeck.number_change_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4242032);
  UPDATE opsdeck.change_events SET id = nextval('opsdeck.change_event_ids') WHERE uid = NEW.uid;
  PERFORM pg_notify('opsdeck_changes', '');
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS change_event_numbered ON opsdeck.change_events;
CREATE CONSTRAINT TRIGGER change_event_numbered AFTER INSERT ON opsdeck.change_events
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION opsdeck.number_change_event();

-- Drops events older than `keep` or beyond the newest `keep_count`, and records how far.
CREATE OR REPLACE FUNCTION opsdeck.trim_change_events(keep interval, keep_count integer)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  newest bigint;
  removed integer;
  through bigint;
BEGIN
  SELECT max(id) INTO newest FROM opsdeck.change_events;
  WITH gone AS (
    DELETE FROM opsdeck.change_events
    WHERE id IS NOT NULL AND (at < now() - keep OR id <= newest - keep_count)
    RETURNING id
  )
  SELECT count(*), max(id) INTO removed, through FROM gone;
  IF through IS NOT NULL THEN
    UPDATE opsdeck.change_window SET trimmed_through = greatest(trimmed_through, through) WHERE id = 1;
  END IF;
  RETURN removed;
END $$;
