-- Option lists of the reference's health filters (reference §8: database.public).
CREATE OR REPLACE VIEW canary_names AS
  SELECT id, name, namespace, labels
  FROM canaries
  WHERE deleted_at IS NULL
  ORDER BY name;

CREATE OR REPLACE VIEW checks_labels_keys AS
  SELECT DISTINCT l.key
  FROM checks, jsonb_object_keys(coalesce(checks.labels, '{}'::jsonb)) AS l(key)
  WHERE checks.deleted_at IS NULL
  ORDER BY l.key;
