-- Incident rules (reference §6, duty: incident_rules): rules that open incidents by themselves are
-- outside this product; the table is kept so the reference's settings list reads and writes it.
CREATE TABLE IF NOT EXISTS incident_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  spec jsonb,
  source text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
