import { insertRows } from '../../db/seed/insert.ts';
import { type DemoSeed } from '../seed.ts';

/** The feature flags and settings properties of the demo. */
export const seedProperties: DemoSeed = async (context) => {
  const { db } = context;
  await insertRows(db, 'properties', [
    // Feature flags an admin toggled on the feature flags page; the retention and the log backends
    // switch come from the server's configuration file, so the page shows them read-only.
    { name: 'incidents.disable', value: 'false', source: 'UI' },
    { name: 'logs.disable', value: 'false', source: 'UI' },
    { name: 'playbooks.disable', value: 'false', source: 'UI' },
    { name: 'topology.disable', value: 'false', source: 'UI' },
    { name: 'settings.logging_backends.disable', value: 'false', source: 'ConfigFile' },
    { name: 'check.retention.days', value: '30', source: 'ConfigFile' },
  ]);
};
