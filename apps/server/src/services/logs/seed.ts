import { insertRows } from '../../db/seed/insert.ts';
import { seedUuid } from '../../db/seed/random.ts';
import { need, type DemoSeed } from '../seed.ts';
import { FILE_SELECTOR, SERVER_LOG_SELECTOR } from './routes.ts';

/** The demo's log backend of files: the host's /var/log (an admin reads it; nothing is written). */
export const DEMO_FILE_BACKEND = 'opsdeck-files';

/**
 * The demo's "Opsdeck server" component, in the demo cluster's topology, with both kinds of log
 * selector this server reads: its own log, and the files of the demo's file log backend. Nothing
 * is drawn from a PRNG, so every other module's estate is as before.
 */
export const seedLogs: DemoSeed = async (context) => {
  const { db } = context;
  const id = (s: string) => seedUuid(context.key(s));
  const adminId = need(context.estate.adminId, 'adminId');
  const topologyId = need(context.estate.topologyId, 'topologyId');
  // A database of an older schema (the upgrade tests seed one) has no log selectors to seed.
  const { rows } = await db.query(
    `SELECT 1 FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = 'components' AND column_name = 'log_selectors'`,
  );
  if (rows.length === 0) return;
  await insertRows(db, 'logging_backends', [
    {
      id: id('logging:files'),
      name: DEMO_FILE_BACKEND,
      labels: { env: 'demo' },
      spec: { file: { path: '/var/log' } },
      source: 'UI',
      created_by: adminId,
    },
  ]);
  await insertRows(db, 'components', [
    {
      id: id('component:opsdeck-server'),
      topology_id: topologyId,
      name: 'Opsdeck server',
      type: 'Application',
      icon: 'server',
      owner: 'platform-team',
      status: 'healthy',
      health: 'healthy',
      labels: { app: 'opsdeck' },
      properties: [],
      path: '',
      description: 'This server: its own log and the log files it may read',
      log_selectors: [
        { name: 'server', type: SERVER_LOG_SELECTOR, labels: {} },
        { name: 'files', type: FILE_SELECTOR, labels: { backend: DEMO_FILE_BACKEND } },
      ],
      created_by: adminId,
    },
  ]);
  context.step('logs (the Opsdeck server component and its log backend)');
};
