-- A property's source (settings §3 "Resource source values"): 'UI' for a row written through the
-- console or /api/db, 'ConfigFile' (or another source) for one set where the server is configured;
-- such a row is read-only through /api/db (general/service.ts guards it). Rows written before this
-- column came were written through the API.
ALTER TABLE properties ADD COLUMN IF NOT EXISTS source text NOT NULL DEFAULT 'UI';
