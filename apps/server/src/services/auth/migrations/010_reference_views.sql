-- People with their role names (reference §8, duty views/011_users.sql): teams excluded, only
-- people with an email. The id is computed (not people.id itself), so the /api/db engine does not
-- take the view for a second `people` every `created_by(...)` embed could mean.
CREATE OR REPLACE VIEW people_roles AS
  SELECT (p.id::text)::uuid AS id, p.name, p.email,
         coalesce(array_agg(r.role ORDER BY r.role) FILTER (WHERE r.role IS NOT NULL), '{}') AS roles
  FROM people p
  LEFT JOIN opsdeck.person_roles r ON r.person_id = p.id
  WHERE p.email IS NOT NULL AND p.deleted_at IS NULL
  GROUP BY p.id, p.name, p.email;

-- What the reference's getting-started checklist records of a person. The checklist is outside
-- this product; its writes are accepted and kept so the reference console stops posting them again.
CREATE TABLE IF NOT EXISTS person_analytics (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  person_id uuid REFERENCES people (id) ON DELETE CASCADE,
  event text,
  properties jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
