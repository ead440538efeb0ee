import type { Database, SqlRunner } from '../../db/database.ts';
import type { Logger } from '../../http/logging.ts';
import { defineJob, type JobDefinition } from '../../jobs/definition.ts';
import { JobScheduler } from '../../jobs/scheduler.ts';
import type { ServiceJob } from '../defineService.ts';

/** How often the kept counts' windows move on: how stale a 7- or 30-day count may be. */
export const CHANGE_WINDOWS_ADVANCE_MILLIS = 60_000;

/**
 * Moves the kept 7- and 30-day change counts (migration 004) on to `now`, the database's clock
 * unless given: changes that have left a window since the last advance are taken away from their
 * configs' counts. Several instances on one database may call it at once: each advance takes the
 * windows' row for update, so the second one starts where the first left off. Never moves back.
 * Answers how many configs' counts went down.
 */
export async function advanceChangeWindows(db: SqlRunner, now?: Date): Promise<number> {
  const { rows } = await db.query<{ configs: number }>(
    now === undefined
      ? 'SELECT opsdeck.advance_config_change_windows() AS configs'
      : 'SELECT opsdeck.advance_config_change_windows($1::timestamptz) AS configs',
    now === undefined ? [] : [now.toISOString()],
  );
  return Number(rows[0]?.configs ?? 0);
}

export interface ChangeWindowsJobOptions {
  db: Database;
  log: Logger;
}

/**
 * The catalog's job: advances the windows every minute, and at once when the last advance is older
 * (a server that was down catches up on start); one instance at a time under its lease.
 */
export function changeWindowsJob(log: Logger): JobDefinition {
  return defineJob({
    name: 'AdvanceConfigChangeWindows',
    schedule: `@every ${CHANGE_WINDOWS_ADVANCE_MILLIS / 1000}s`,
    run: async (context) => {
      const configs = await context.transaction((tx) => advanceChangeWindows(tx));
      context.success(configs);
      if (configs > 0) log({ msg: 'change counts advanced', configs });
    },
  });
}

/** The change windows' job alone on a scheduler of its own. */
export function startChangeWindows(options: ChangeWindowsJobOptions): ServiceJob {
  const scheduler = new JobScheduler([changeWindowsJob(options.log)], options);
  scheduler.start();
  return scheduler;
}
