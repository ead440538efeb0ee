-- The permissions list of the console (reference §6 Permissions, duty views/036_permission.sql): the
-- rows with their subject and their object named, non-deleted only. The columns the reference's
-- table has and ours lacked (error, tags, agents) are added first.
ALTER TABLE permissions ADD COLUMN IF NOT EXISTS error text;
ALTER TABLE permissions ADD COLUMN IF NOT EXISTS tags jsonb;
ALTER TABLE permissions ADD COLUMN IF NOT EXISTS agents text[];

DROP VIEW IF EXISTS permissions_summary;
CREATE VIEW permissions_summary AS
  SELECT p.id, p.name, p.namespace, p.description, p.error, p.source, p.action, p.object,
         p.object_selector, p.deny, p.subject, p.subject_type, p.created_at, p.updated_at,
         p.deleted_at, p.created_by, p.updated_by, p.until, p.tags, p.agents,
         p.component_id, p.config_id, p.canary_id, p.playbook_id, p.connection_id,
         p.notification_id,
         CASE WHEN pe.id IS NOT NULL
           THEN jsonb_build_object('id', pe.id, 'name', pe.name, 'email', pe.email) END AS person,
         CASE WHEN t.id IS NOT NULL
           THEN jsonb_build_object('id', t.id, 'namespace', t.source, 'name', t.name) END AS team,
         CASE WHEN n.id IS NOT NULL
           THEN jsonb_build_object('id', n.id, 'namespace', n.namespace, 'name', n.name) END AS notification,
         CASE WHEN co.id IS NOT NULL
           THEN jsonb_build_object('id', co.id, 'icon', co.icon, 'name', co.name) END AS component_object,
         CASE WHEN ci.id IS NOT NULL
           THEN jsonb_build_object('id', ci.id, 'icon', NULL::text, 'type', ci.type, 'name', ci.name) END AS config_object,
         CASE WHEN ca.id IS NOT NULL
           THEN jsonb_build_object('id', ca.id, 'name', ca.name) END AS canary_object,
         CASE WHEN pb.id IS NOT NULL
           THEN jsonb_build_object('id', pb.id, 'icon', pb.icon, 'name', pb.name) END AS playbook_object,
         CASE WHEN cn.id IS NOT NULL
           THEN jsonb_build_object('id', cn.id, 'type', cn.type, 'name', cn.name) END AS connection_object
  FROM permissions p
  LEFT JOIN people pe ON pe.id = coalesce(p.person_id,
    CASE WHEN p.subject_type = 'person' AND p.subject ~* '^[0-9a-f-]{36}$' THEN p.subject::uuid END)
  LEFT JOIN teams t ON t.id = coalesce(p.team_id,
    CASE WHEN p.subject_type = 'team' AND p.subject ~* '^[0-9a-f-]{36}$' THEN p.subject::uuid END)
  LEFT JOIN notifications n ON n.id = p.notification_id
  LEFT JOIN components co ON co.id = p.component_id
  LEFT JOIN config_items ci ON ci.id = p.config_id
  LEFT JOIN canaries ca ON ca.id = p.canary_id
  LEFT JOIN playbooks pb ON pb.id = p.playbook_id
  LEFT JOIN connections cn ON cn.id = p.connection_id
  WHERE p.deleted_at IS NULL;
