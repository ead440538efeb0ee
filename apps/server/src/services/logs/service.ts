import { defineService } from '../defineService.ts';
import type { FileLimits } from './files.ts';
import { logsRoutes, type LogsState } from './routes.ts';
import { seedLogs } from './seed.ts';
import { DEFAULT_SERVER_LOG_ROWS, ServerLogBuffer, ServerLogStore } from './serverLog.ts';

/**
 * Logs (issue 34, reference §9): `POST /api/logs` reads a component's logs through its log
 * selectors: the server's own log (every line it writes, kept in opsdeck.server_log, a ring of
 * `logsServerLogRows` rows) and files under the directories a log backend's spec allows. Other
 * kinds (Loki, OpenSearch, Kubernetes, CloudWatch) need services the embedded server does not run.
 */
export const logsService = defineService<LogsState>({
  name: 'logs',
  // components.log_selectors is a column of topology's table; file backends are settings' rows.
  dependsOn: ['topology', 'settings'],
  migrations: true,
  setup: ({ db, config }) => {
    // createApp tees every line its logger writes into this buffer (startServer's from the start).
    const buffer =
      config.serverLog instanceof ServerLogBuffer ? config.serverLog : new ServerLogBuffer();
    const maxRows =
      typeof config.logsServerLogRows === 'number'
        ? config.logsServerLogRows
        : DEFAULT_SERVER_LOG_ROWS;
    return {
      store: new ServerLogStore(db, buffer, { maxRows }),
      fileLimits: config.logsFileLimits as FileLimits | undefined,
    };
  },
  routes: [{ base: '/api/logs', app: ({ db }, state) => logsRoutes(db, state) }],
  seed: seedLogs,
  // Lines are stored in batches, once a second, off every request's path.
  jobs: (_context, state) => {
    state.store.start();
    return { stop: () => state.store.stop() };
  },
});
