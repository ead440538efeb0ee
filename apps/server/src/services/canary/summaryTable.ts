import type { Database } from '../../db/database.ts';
import type { Logger } from '../../http/logging.ts';
import { RUNNER_NAME, SUMMARY_OBJECT, type SummaryQuery } from './summary.ts';

export interface SummaryTableOptions {
  /** After this long a refresh starts in the background while the last one is served (default 30 s). */
  staleMillis?: number;
  log?: Logger;
}

/** Tables whose writes change the summary: a write through /api/db to one of them marks it dirty. */
export const SUMMARY_SOURCES: ReadonlySet<string> = new Set([
  'checks',
  'canaries',
  'check_statuses',
]);

/** Rebuilds rows of opsdeck.summary_rows from the live check_summary view. */
const INSERT_ROWS = `INSERT INTO opsdeck.summary_rows (check_id, name, labels, deleted_at, body)
  SELECT id, name, labels, deleted_at, ${SUMMARY_OBJECT}::text FROM check_summary`;

/**
 * The summary served from opsdeck.summary_rows. A dirty (or never built) table is refreshed before
 * answering; a merely old one is answered and refreshed in the background, so uptime and latency
 * over the last hour lag by at most `staleMillis`, as with duty's refreshed view. State lives in the
 * database, so several instances on one Postgres agree.
 */
export function createSummaryTable(db: Database, options: SummaryTableOptions = {}) {
  const staleMillis = options.staleMillis ?? 30_000;
  let refreshing: Promise<void> | undefined;

  const refreshAll = (): Promise<void> =>
    (refreshing ??= db
      .transaction(async (tx) => {
        const { rows } = await tx.query<{ generation: string }>(
          'SELECT dirty_generation AS generation FROM opsdeck.summary_state WHERE id = 1',
        );
        await tx.query('DELETE FROM opsdeck.summary_rows');
        await tx.query(INSERT_ROWS);
        await tx.query(
          'UPDATE opsdeck.summary_state SET refreshed_at = now(), clean_generation = $1 WHERE id = 1',
          [rows[0]?.generation ?? 0],
        );
      })
      .finally(() => {
        refreshing = undefined;
      }));

  return {
    refreshAll,

    /** After a run: that check's row now, without waiting for a full refresh. */
    async refreshCheck(checkId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.query('DELETE FROM opsdeck.summary_rows WHERE check_id = $1', [checkId]);
        await tx.query(`${INSERT_ROWS} WHERE id = $1`, [checkId]);
      });
    },

    /** Rebuilds the table when it is dirty or older than the stale window; answers whether it did. */
    async refreshIfStale(): Promise<boolean> {
      const { rows } = await db.query<{ due: boolean }>(
        `SELECT dirty_generation > clean_generation OR refreshed_at IS NULL
                OR refreshed_at < now() - make_interval(secs => $1::double precision / 1000) AS due
         FROM opsdeck.summary_state WHERE id = 1`,
        [staleMillis],
      );
      if (!(rows[0]?.due ?? true)) return false;
      await refreshAll();
      return true;
    },

    async markDirty(): Promise<void> {
      await db.query(
        'UPDATE opsdeck.summary_state SET dirty_generation = dirty_generation + 1 WHERE id = 1',
      );
    },

    /** The whole reply of /api/summary, as the text it is sent as. */
    async responseText(query: SummaryQuery = {}): Promise<string> {
      const started = performance.now();
      const { rows: state } = await db.query<{
        refreshed_at: string | Date | null;
        dirty: boolean;
      }>(
        'SELECT refreshed_at, dirty_generation > clean_generation AS dirty FROM opsdeck.summary_state WHERE id = 1',
      );
      const current = state[0];
      if (!current || current.dirty || current.refreshed_at === null) {
        await refreshAll();
      } else if (Date.now() - new Date(current.refreshed_at).getTime() > staleMillis) {
        refreshAll().catch((error: Error) =>
          options.log?.({ level: 'error', msg: 'summary refresh failed', error: error.message }),
        );
      }
      const order = query.sortBy === '-name' ? 'name DESC, check_id' : 'name, check_id';
      const { rows } = await db.query<{ summary: string }>(
        `SELECT '[' || COALESCE(string_agg(body, ',' ORDER BY ${order}), '') || ']' AS summary
         FROM opsdeck.summary_rows
         WHERE (deleted_at IS NULL OR deleted_at > $1::timestamptz) AND labels @> $2::jsonb`,
        [query.deleteFrom ?? null, JSON.stringify(query.labels ?? {})],
      );
      const duration = Math.round(performance.now() - started);
      return `{"duration":${duration},"runnerName":${JSON.stringify(RUNNER_NAME)},"checks_summary":${rows[0]?.summary ?? '[]'}}`;
    },
  };
}

export type SummaryTable = ReturnType<typeof createSummaryTable>;
