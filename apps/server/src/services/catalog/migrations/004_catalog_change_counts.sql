-- Each config's changes in the last 7 and 30 days, kept as changes are written (issue 16): the
-- list's `changes` column and its sort, config_detail's and the relationship graph's counts, and the
-- summary's 30 days read one row per config instead of counting its changes (at 100k configs and
-- 200k changes, a sort by changes counted every config's changes: two seconds).
--
-- A change counts in a window while its created_at is after as_of minus the window, as_of being
-- the one row of opsdeck.config_change_windows. Writes to config_changes add or take away their
-- rows against that as_of (statement triggers with transition tables: a bulk write of 200k changes
-- is one aggregate); opsdeck.advance_config_change_windows(now), which the catalog's job calls every
-- minute and at start, moves as_of on and takes away the changes the windows have left behind.

-- No config or change is written while the counts are taken (another instance on this database).
LOCK TABLE config_items, config_changes IN SHARE MODE;

CREATE TABLE IF NOT EXISTS opsdeck.config_change_windows (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  as_of timestamptz NOT NULL
);
INSERT INTO opsdeck.config_change_windows (as_of) VALUES (now()) ON CONFLICT DO NOTHING;

-- One row for every config (made with it), so the configs view joins it without losing a config.
CREATE TABLE IF NOT EXISTS opsdeck.config_change_counts (
  config_id uuid PRIMARY KEY REFERENCES config_items (id) ON DELETE CASCADE ON UPDATE CASCADE,
  changes_7d bigint NOT NULL DEFAULT 0,
  changes_30d bigint NOT NULL DEFAULT 0
);
-- `order=changes.desc` (DESC NULLS FIRST, the column never null) walks it backwards.
CREATE INDEX IF NOT EXISTS config_change_counts_7d_idx
  ON opsdeck.config_change_counts (changes_7d);

-- The as_of a write of changes counts against. A change less than 6 days old (than now, or than
-- as_of) is inside both windows at any as_of an advance can reach before the write commits (an
-- advance goes no further than the clock, and a write lasts less than a day): it counts the same
-- whichever as_of it reads, and takes no lock. A write touching older changes (a back-filled
-- history, a clean-up of old changes) takes the row's share lock: an advance, which locks it for
-- update, has then either moved the windows before (and that as_of is read) or moves them after
-- the write commits (and sees its rows).
CREATE OR REPLACE FUNCTION opsdeck.config_change_window(oldest timestamptz) RETURNS timestamptz
  LANGUAGE plpgsql AS $$
DECLARE
  bound timestamptz;
BEGIN
  SELECT w.as_of INTO bound FROM opsdeck.config_change_windows w;
  IF oldest <= greatest(bound, now()) - interval '6 days' THEN
    SELECT w.as_of INTO bound FROM opsdeck.config_change_windows w FOR SHARE;
  END IF;
  RETURN bound;
END;
$$;

-- Adds (or, negative, takes away) counts, locking the rows in config_id order as every writer of
-- counts does, so two writers never wait for each other's rows in a cycle.
CREATE OR REPLACE FUNCTION opsdeck.add_config_change_counts(
  ids uuid[], add_7d bigint[], add_30d bigint[]
) RETURNS bigint
  LANGUAGE plpgsql AS $$
DECLARE
  touched bigint;
BEGIN
  PERFORM 1 FROM opsdeck.config_change_counts n
  WHERE n.config_id = ANY (ids) ORDER BY n.config_id FOR UPDATE;
  UPDATE opsdeck.config_change_counts AS n
  SET changes_7d = n.changes_7d + d.more_7d, changes_30d = n.changes_30d + d.more_30d
  FROM unnest(ids, add_7d, add_30d) AS d(config_id, more_7d, more_30d)
  WHERE n.config_id = d.config_id;
  GET DIAGNOSTICS touched = ROW_COUNT;
  RETURN touched;
END;
$$;

CREATE OR REPLACE FUNCTION opsdeck.config_change_counts_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  as_of timestamptz;
  ids uuid[];
  add_7d bigint[];
  add_30d bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    as_of := opsdeck.config_change_window((SELECT min(created_at) FROM new_changes));
    -- An upsert: a config written in the same statement (a data-modifying WITH) may have no row yet.
    INSERT INTO opsdeck.config_change_counts AS n (config_id, changes_7d, changes_30d)
    SELECT c.config_id, count(*) FILTER (WHERE c.created_at > as_of - interval '7 days'), count(*)
    FROM new_changes c
    WHERE c.created_at > as_of - interval '30 days'
    GROUP BY c.config_id ORDER BY c.config_id
    ON CONFLICT (config_id) DO UPDATE
      SET changes_7d = n.changes_7d + excluded.changes_7d,
          changes_30d = n.changes_30d + excluded.changes_30d;
    RETURN NULL;
  END IF;

  IF TG_OP = 'UPDATE' THEN
    as_of := opsdeck.config_change_window(
      least((SELECT min(created_at) FROM old_changes), (SELECT min(created_at) FROM new_changes)));
    -- Only a change moved to another config or in time changes a count.
    SELECT array_agg(d.config_id ORDER BY d.config_id), array_agg(d.n7 ORDER BY d.config_id),
           array_agg(d.n30 ORDER BY d.config_id)
    INTO ids, add_7d, add_30d
    FROM (
      SELECT m.config_id, sum(m.n7) AS n7, sum(m.n30) AS n30
      FROM (
        SELECT o.config_id, -(o.created_at > as_of - interval '7 days')::int AS n7,
               -(o.created_at > as_of - interval '30 days')::int AS n30
        FROM old_changes o
        UNION ALL
        SELECT c.config_id, (c.created_at > as_of - interval '7 days')::int,
               (c.created_at > as_of - interval '30 days')::int
        FROM new_changes c
      ) m
      GROUP BY m.config_id
      HAVING sum(m.n7) <> 0 OR sum(m.n30) <> 0
    ) d;
  ELSE
    as_of := opsdeck.config_change_window((SELECT min(created_at) FROM old_changes));
    SELECT array_agg(d.config_id ORDER BY d.config_id), array_agg(-d.n7 ORDER BY d.config_id),
           array_agg(-d.n30 ORDER BY d.config_id)
    INTO ids, add_7d, add_30d
    FROM (
      SELECT o.config_id, count(*) FILTER (WHERE o.created_at > as_of - interval '7 days') AS n7,
             count(*) AS n30
      FROM old_changes o
      WHERE o.created_at > as_of - interval '30 days'
      GROUP BY o.config_id
    ) d;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM opsdeck.add_config_change_counts(ids, add_7d, add_30d);
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION opsdeck.config_change_counts_truncated() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE opsdeck.config_change_counts SET changes_7d = 0, changes_30d = 0
  WHERE changes_7d <> 0 OR changes_30d <> 0;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION opsdeck.config_change_counts_configs_inserted() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO opsdeck.config_change_counts (config_id)
  SELECT n.id FROM new_configs n
  ON CONFLICT (config_id) DO NOTHING;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS config_change_counts_inserted ON config_changes;
CREATE TRIGGER config_change_counts_inserted AFTER INSERT ON config_changes
  REFERENCING NEW TABLE AS new_changes
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck.config_change_counts_changed();
-- Every update: a trigger with transition tables cannot name its columns (UPDATE OF).
DROP TRIGGER IF EXISTS config_change_counts_updated ON config_changes;
CREATE TRIGGER config_change_counts_updated AFTER UPDATE ON config_changes
  REFERENCING OLD TABLE AS old_changes NEW TABLE AS new_changes
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck.config_change_counts_changed();
DROP TRIGGER IF EXISTS config_change_counts_deleted ON config_changes;
CREATE TRIGGER config_change_counts_deleted AFTER DELETE ON config_changes
  REFERENCING OLD TABLE AS old_changes
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck.config_change_counts_changed();
DROP TRIGGER IF EXISTS config_change_counts_truncated ON config_changes;
CREATE TRIGGER config_change_counts_truncated AFTER TRUNCATE ON config_changes
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck.config_change_counts_truncated();
DROP TRIGGER IF EXISTS config_change_counts_configs_inserted ON config_items;
CREATE TRIGGER config_change_counts_configs_inserted AFTER INSERT ON config_items
  REFERENCING NEW TABLE AS new_configs
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck.config_change_counts_configs_inserted();

-- Moves the windows on to `target` (never back): the changes that were inside a window at the
-- last as_of and are not at `target` are taken away from their configs' counts. The row lock makes
-- instances sharing the database advance one at a time, each from where the last one left off, so
-- no change is taken away twice. Answers how many configs' counts went down.
CREATE OR REPLACE FUNCTION opsdeck.advance_config_change_windows(target timestamptz DEFAULT now())
RETURNS bigint
  LANGUAGE plpgsql AS $$
DECLARE
  was timestamptz;
  ids uuid[];
  add_7d bigint[];
  add_30d bigint[];
BEGIN
  SELECT w.as_of INTO was FROM opsdeck.config_change_windows w FOR UPDATE;
  IF target <= was THEN
    RETURN 0;
  END IF;
  SELECT array_agg(d.config_id ORDER BY d.config_id), array_agg(-d.n7 ORDER BY d.config_id),
         array_agg(-d.n30 ORDER BY d.config_id)
  INTO ids, add_7d, add_30d
  FROM (
    SELECT c.config_id,
           count(*) FILTER (WHERE c.created_at > was - interval '7 days'
                              AND c.created_at <= target - interval '7 days') AS n7,
           count(*) FILTER (WHERE c.created_at > was - interval '30 days'
                              AND c.created_at <= target - interval '30 days') AS n30
    FROM config_changes c
    WHERE (c.created_at > was - interval '7 days' AND c.created_at <= target - interval '7 days')
       OR (c.created_at > was - interval '30 days' AND c.created_at <= target - interval '30 days')
    GROUP BY c.config_id
  ) d;
  UPDATE opsdeck.config_change_windows SET as_of = target;
  IF ids IS NULL THEN
    RETURN 0;
  END IF;
  RETURN opsdeck.add_config_change_counts(ids, add_7d, add_30d);
END;
$$;

-- The counts of the configs and changes already there (derived data: recounted whenever this runs).
DELETE FROM opsdeck.config_change_counts;
INSERT INTO opsdeck.config_change_counts (config_id, changes_7d, changes_30d)
SELECT ci.id, coalesce(c.changes_7d, 0), coalesce(c.changes_30d, 0)
FROM config_items ci
LEFT JOIN (
  SELECT cc.config_id,
         count(*) FILTER (WHERE cc.created_at > w.as_of - interval '7 days') AS changes_7d,
         count(*) AS changes_30d
  FROM config_changes cc CROSS JOIN opsdeck.config_change_windows w
  WHERE cc.created_at > w.as_of - interval '30 days'
  GROUP BY cc.config_id
) c ON c.config_id = ci.id;
ANALYZE opsdeck.config_change_counts;

-- duty's meaning of a config's changes (the last 7 days), read from the kept count: config_detail's
-- summary and related_configs_recursive call it.
CREATE OR REPLACE FUNCTION opsdeck.config_changes_7d(config uuid) RETURNS bigint
  LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT n.changes_7d FROM opsdeck.config_change_counts n
                   WHERE n.config_id = config), 0)
$$;

-- The configs view's `changes` reads the kept count too: catalog/005 defines it.
