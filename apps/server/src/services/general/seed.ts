import { insertRows } from '../../db/seed/insert.ts';
import { type DemoSeed } from '../seed.ts';

/** Set in the server's configuration file rather than on the feature flags page (read-only there). */
const CONFIG_FILE_PROPERTIES = ['settings.logging_backends.disable', 'check.retention.days'];

/** The feature flags and settings properties of the demo. */
export const seedProperties: DemoSeed = async (context) => {
  const { db } = context;
  await insertRows(db, 'properties', [
    { name: 'incidents.disable', value: 'false' },
    { name: 'logs.disable', value: 'false' },
    { name: 'playbooks.disable', value: 'false' },
    { name: 'topology.disable', value: 'false' },
    { name: 'settings.logging_backends.disable', value: 'false' },
    { name: 'check.retention.days', value: '30' },
  ]);
  // The others keep the column's default, UI (toggled on the page). A database of the legacy
  // runner, seeded before general/003 adds the column, has no source yet.
  const { rows } = await db.query(
    `SELECT 1 FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = 'properties' AND column_name = 'source'`,
  );
  if (rows.length > 0)
    await db.query(`UPDATE properties SET source = 'ConfigFile' WHERE name = ANY($1::text[])`, [
      CONFIG_FILE_PROPERTIES,
    ]);
};
