-- The playbook filter of the reference's runs page (reference §2, duty views/018_playbooks.sql):
-- category, description and icon come from the spec, not the columns.
CREATE OR REPLACE VIEW playbook_names AS
  SELECT id, title, name, namespace,
         spec->>'description' AS description,
         spec->>'category' AS category,
         spec->>'icon' AS icon
  FROM playbooks
  WHERE deleted_at IS NULL
  ORDER BY title;
