-- Option lists of the reference's topology filters (reference §4, §8).
CREATE OR REPLACE VIEW component_labels_keys AS
  SELECT DISTINCT l.key
  FROM components, jsonb_object_keys(coalesce(components.labels, '{}'::jsonb)) AS l(key)
  WHERE components.deleted_at IS NULL
  ORDER BY l.key;

-- Components with log selectors, for the reference's logs page. Logs are outside this product and
-- components carry no log selectors here, so the list is empty with the reference's columns.
CREATE OR REPLACE VIEW components_with_logs AS
  SELECT id, name, agent_id, external_id, type, icon
  FROM components
  WHERE false;
