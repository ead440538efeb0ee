-- The incidents whose evidence names a component (the topology's component page lists them).

CREATE OR REPLACE VIEW incidents_by_component AS
  SELECT DISTINCT ON (evidences.component_id, incidents.id)
    evidences.component_id,
    incidents.id,
    incidents.incident_id,
    incidents.title,
    incidents.type,
    incidents.status,
    incidents.severity,
    incidents.created_at,
    incidents.resolved,
    incidents.closed
  FROM evidences
  INNER JOIN hypotheses ON hypotheses.id = evidences.hypothesis_id
  INNER JOIN incidents ON incidents.id = hypotheses.incident_id
  WHERE evidences.component_id IS NOT NULL;
