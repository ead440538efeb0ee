-- The audit masks the secrets each module declares (a playbook spec's env values, a connection's
-- sealed password and keys) as /api/db reads show them, not only the columns and keys named like a
-- secret: TG_ARGV[2], when given, names a function (installed per table by
-- src/services/changes/triggers.ts from the declarations) that masks a row's image first.

-- The mask is the one /api/db reads show (SECRET_MASK, eight asterisks), by name as well.
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
            THEN '"********"'::jsonb
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
        image := jsonb_set(image, ARRAY[name], '"********"'::jsonb);
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
-- the columns masked whole in the audit, TG_ARGV[2] the declared secrets' mask function (may be
-- empty or absent). Reads the transition tables old_rows / new_rows.
CREATE OR REPLACE FUNCTION opsdeck.record_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  listed constant integer := 1000;
  imaged constant integer := 100;
  keys text[] := string_to_array(TG_ARGV[0], ',');
  masked text := coalesce(TG_ARGV[1], '');
  declared text := coalesce(TG_ARGV[2], '');
  image text := CASE WHEN declared = '' THEN 'to_jsonb(r)' ELSE declared || '(to_jsonb(r))' END;
  written text := CASE WHEN TG_OP = 'DELETE' THEN 'old_rows' ELSE 'new_rows' END;
  key_sql text;
  total integer;
  row_ids text[];
  before_rows jsonb;
  after_rows jsonb;
  who text := opsdeck.actor();
  audit_id bigint;
BEGIN
  -- A bulk load (the demo seed) is recorded once per table when it ends (record_bulk_load).
  IF current_setting('opsdeck.bulk_load', true) = 'on' THEN
    RETURN NULL;
  END IF;
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
      'SELECT jsonb_agg(opsdeck.audit_image(%s, %L)) FROM (SELECT * FROM old_rows LIMIT %s) AS r',
      image, masked, imaged) INTO before_rows;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    EXECUTE format(
      'SELECT jsonb_agg(opsdeck.audit_image(%s, %L)) FROM (SELECT * FROM new_rows LIMIT %s) AS r',
      image, masked, imaged) INTO after_rows;
  END IF;
  INSERT INTO public.audit_log (actor, table_name, action, ids, row_count, before, after)
  VALUES (who, TG_TABLE_NAME, lower(TG_OP), row_ids, total, before_rows, after_rows)
  RETURNING id INTO audit_id;
  INSERT INTO opsdeck.change_events (table_name, action, ids, row_count, actor)
  VALUES (TG_TABLE_NAME, lower(TG_OP), row_ids, total, who),
         ('audit_log', 'insert', ARRAY[audit_id::text], 1, who);
  RETURN NULL;
END $$;

-- The end of a bulk load (the demo seed, which sets opsdeck.bulk_load for its transaction so the
-- statement triggers skip its thousands of statements): one audit row and one change event per
-- table it left rows in, their keys not listed (a reader reloads the table), as a statement
-- writing that many rows would have been recorded. Returns how many tables.
CREATE OR REPLACE FUNCTION opsdeck.record_bulk_load(tables text[]) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  name text;
  total bigint;
  audit_id bigint;
  who text := opsdeck.actor();
  recorded integer := 0;
BEGIN
  FOREACH name IN ARRAY tables LOOP
    CONTINUE WHEN to_regclass(format('public.%I', name)) IS NULL;
    EXECUTE format('SELECT count(*) FROM public.%I', name) INTO total;
    CONTINUE WHEN total = 0;
    INSERT INTO public.audit_log (actor, table_name, action, ids, row_count)
    VALUES (who, name, 'insert', NULL, total) RETURNING id INTO audit_id;
    INSERT INTO opsdeck.change_events (table_name, action, ids, row_count, actor)
    VALUES (name, 'insert', NULL, total, who),
           ('audit_log', 'insert', ARRAY[audit_id::text], 1, who);
    recorded := recorded + 1;
  END LOOP;
  RETURN recorded;
END $$;
