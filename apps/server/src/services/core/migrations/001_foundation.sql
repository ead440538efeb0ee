-- The foundation every module's tables refer to: people, teams and agents (Mission Control / duty
-- names and columns), the roles of each person, the scheduler's leases, the demo seed's helpers.
-- Internal bookkeeping lives in the "opsdeck" schema so /api/db never sees it.
-- opsdeck:baseline (part of the schema legacy migrations 001-006 made; adopted, not run, on their databases)

CREATE SCHEMA IF NOT EXISTS opsdeck;

CREATE TABLE IF NOT EXISTS people (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text UNIQUE,
  avatar text,
  type text,
  team_id uuid,
  organization text,
  properties jsonb,
  external_id text,
  last_login timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE IF NOT EXISTS agents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  description text,
  hostname text,
  version text,
  properties jsonb,
  tls text,
  person_id uuid REFERENCES people (id),
  username text,
  last_seen timestamptz,
  last_received timestamptz,
  cleanup boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- The zero agent is "local" (no agent); agent_id columns default to it.
INSERT INTO agents (id, name, description) VALUES ('00000000-0000-0000-0000-000000000000', 'local', 'This instance')
  ON CONFLICT (id) DO NOTHING;

CREATE TABLE IF NOT EXISTS teams (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  icon text,
  spec jsonb,
  source text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
ALTER TABLE people DROP CONSTRAINT IF EXISTS people_team_id_fkey;
ALTER TABLE people ADD CONSTRAINT people_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id);

CREATE TABLE IF NOT EXISTS team_members (
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  PRIMARY KEY (team_id, person_id)
);

-- Roles of each person (the real backend keeps them in casbin); whoami answers from here.
CREATE TABLE IF NOT EXISTS opsdeck.person_roles (
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  role text NOT NULL,
  PRIMARY KEY (person_id, role)
);

-- One row per scheduled job: whoever holds an unexpired lease runs it, so several instances on one
-- Postgres never run the same canary twice.
CREATE TABLE IF NOT EXISTS opsdeck.scheduler_leases (
  name text PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL,
  last_run timestamptz
);

-- Deterministic pseudo-random numbers for the demo seed: the same key always gives the same value, so
-- a seed run is reproducible without shipping a PRNG into SQL.
CREATE OR REPLACE FUNCTION opsdeck.seed_hash(key text) RETURNS integer
  LANGUAGE sql IMMUTABLE AS $$ SELECT ('x' || substr(md5(key), 1, 7))::bit(28)::integer $$;

CREATE OR REPLACE FUNCTION opsdeck.seed_uuid(key text) RETURNS uuid
  LANGUAGE sql IMMUTABLE AS $$ SELECT md5(key)::uuid $$;
