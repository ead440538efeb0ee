-- Saved views (issue 38): a page's URL state under a name, a person's own or shared with one of
-- their teams, and each person's default view per page. Read and written through /api/db; who may
-- see and change which row is the server's rule (TableDeclaration.shared, src/auth/tableAccess.ts).

CREATE TABLE IF NOT EXISTS saved_views (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  -- The route path (`/health`) and its query string without the `?`, normalised by the console.
  page text NOT NULL,
  search text NOT NULL DEFAULT '',
  created_by uuid REFERENCES people (id) ON DELETE CASCADE,
  -- Shared with this team's members (read only for them); null: the creator's alone.
  team_id uuid REFERENCES teams (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT saved_views_name_length CHECK (char_length(btrim(name)) BETWEEN 1 AND 100),
  CONSTRAINT saved_views_search_size CHECK (octet_length(search) <= 4096),
  CONSTRAINT saved_views_page_path CHECK (page ~ '^/[^?#]*$' AND char_length(page) <= 200)
);

-- One name per person and page, among views not deleted.
CREATE UNIQUE INDEX IF NOT EXISTS saved_views_name_unique
  ON saved_views (created_by, page, lower(btrim(name))) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS saved_views_team ON saved_views (team_id, page) WHERE team_id IS NOT NULL;

-- The checks again with messages a person can act on (the constraints above stay the backstop):
-- 23514 is a 400 and 23505 a 409 through /api/db.
CREATE OR REPLACE FUNCTION opsdeck.saved_views_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF char_length(btrim(coalesce(NEW.name, ''))) = 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', MESSAGE = 'a saved view needs a name';
  END IF;
  IF char_length(btrim(NEW.name)) > 100 THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation',
      MESSAGE = 'a saved view''s name is at most 100 characters';
  END IF;
  IF octet_length(coalesce(NEW.search, '')) > 4096 THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation',
      MESSAGE = 'a saved view''s search is at most 4 KB';
  END IF;
  IF NEW.page IS NULL OR NEW.page !~ '^/[^?#]*$' OR char_length(NEW.page) > 200 THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation',
      MESSAGE = 'a saved view''s page is a route path such as /health';
  END IF;
  IF NEW.deleted_at IS NULL AND EXISTS (
    SELECT 1 FROM saved_views v
    WHERE v.id <> NEW.id AND v.deleted_at IS NULL AND v.page = NEW.page
      AND v.created_by IS NOT DISTINCT FROM NEW.created_by
      AND lower(btrim(v.name)) = lower(btrim(NEW.name))
  ) THEN
    RAISE EXCEPTION USING ERRCODE = 'unique_violation',
      MESSAGE = format('you already have a view named "%s" on %s', btrim(NEW.name), NEW.page);
  END IF;
  RETURN NEW;
END;
$$;
DROP TRIGGER IF EXISTS saved_views_check ON saved_views;
CREATE TRIGGER saved_views_check BEFORE INSERT OR UPDATE ON saved_views
  FOR EACH ROW EXECUTE FUNCTION opsdeck.saved_views_check();

-- The view a person's visit to a page opens with when its URL has no search; view_id null: none.
CREATE TABLE IF NOT EXISTS saved_view_defaults (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  person_id uuid REFERENCES people (id) ON DELETE CASCADE,
  page text NOT NULL,
  view_id uuid REFERENCES saved_views (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT saved_view_defaults_page_path CHECK (page ~ '^/[^?#]*$' AND char_length(page) <= 200)
);
CREATE UNIQUE INDEX IF NOT EXISTS saved_view_defaults_person_page
  ON saved_view_defaults (person_id, page);
