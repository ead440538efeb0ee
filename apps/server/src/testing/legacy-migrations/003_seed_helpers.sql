-- Deterministic pseudo-random numbers for the demo seed: the same key always gives the same value, so
-- a seed run is reproducible without shipping a PRNG into SQL.
CREATE OR REPLACE FUNCTION opsdeck.seed_hash(key text) RETURNS integer
  LANGUAGE sql IMMUTABLE AS $$ SELECT ('x' || substr(md5(key), 1, 7))::bit(28)::integer $$;

CREATE OR REPLACE FUNCTION opsdeck.seed_uuid(key text) RETURNS uuid
  LANGUAGE sql IMMUTABLE AS $$ SELECT md5(key)::uuid $$;
