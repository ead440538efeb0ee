import type { SqlRunner } from '../../db/database.ts';
import type { Logger } from '../../http/logging.ts';
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
  db: SqlRunner;
  log: Logger;
  /** Default CHANGE_WINDOWS_ADVANCE_MILLIS. */
  everyMillis?: number;
}

/**
 * The catalog's job: advances the windows at once (a server that was down catches up on start)
 * and then every minute.
 */
export function startChangeWindows(options: ChangeWindowsJobOptions): ServiceJob {
  const { db, log } = options;
  let running: Promise<void> | undefined;
  const advance = () => {
    if (running) return;
    running = advanceChangeWindows(db)
      .then(
        (configs) => {
          if (configs > 0) log({ msg: 'change counts advanced', configs });
        },
        (error: unknown) =>
          log({
            level: 'error',
            msg: 'advancing the change counts failed',
            error: (error as Error).message,
          }),
      )
      .finally(() => {
        running = undefined;
      });
  };
  advance();
  const timer = setInterval(advance, options.everyMillis ?? CHANGE_WINDOWS_ADVANCE_MILLIS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
