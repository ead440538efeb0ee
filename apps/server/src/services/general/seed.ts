import { insertRows } from '../../db/seed/insert.ts';
import { type DemoSeed } from '../seed.ts';

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
};
