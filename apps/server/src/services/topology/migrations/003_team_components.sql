-- Which teams own which components (reference §4: a component's team_names, the reply's teams list).

CREATE TABLE IF NOT EXISTS team_components (
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  role text,
  selector_id text NOT NULL DEFAULT '',
  PRIMARY KEY (team_id, component_id, selector_id)
);

CREATE INDEX IF NOT EXISTS team_components_component_idx ON team_components (component_id);
