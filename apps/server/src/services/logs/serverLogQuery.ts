import type { SqlRunner } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { LogFilter } from './filters.ts';

/** One result of a logs reply (reference §9). */
export interface LogResult {
  id: string;
  timestamp: string;
  message: string;
  labels: Record<string, string>;
}

export interface LogsReply {
  total: number;
  results: LogResult[];
  nextPage: string;
}

interface Cursor {
  at: string;
  seq: string;
}

// A page token is where the previous page ended: its last line's time (µs, as stored) and seq.
function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at}|${cursor.seq}`).toString('base64url');
}

function decodeCursor(page: string): Cursor {
  const [at, seq, ...rest] = Buffer.from(page, 'base64url').toString().split('|');
  if (rest.length || !at || !seq || !/^\d{1,18}$/.test(seq) || !/^\d{1,20}$/.test(at))
    throw badRequest('labels.page: not a page of this log (use the nextPage of a reply)');
  return { at, seq };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/**
 * Matches counted at most: beyond it `total` says this many and `nextPage` goes on. Counting every
 * match of a day's log would read the whole day; a log view says "10,000+" (issue 34's bench: a
 * query over 1M lines within 300 ms).
 */
export const TOTAL_COUNTED = 10_000;

/**
 * The server's own log, newest first: lines in [start, end] matching every filter, `limit` at a
 * time. `total` counts the matches in the range up to TOTAL_COUNTED; `nextPage` is empty on the
 * last page.
 */
export async function queryServerLog(db: SqlRunner, filter: LogFilter): Promise<LogsReply> {
  const params: unknown[] = [filter.start.toISOString(), filter.end.toISOString()];
  const where = ['at >= $1', 'at <= $2'];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (filter.levels) where.push(`level = ANY(${param(filter.levels)}::text[])`);
  if (filter.text) where.push(`message ILIKE ${param(`%${escapeLike(filter.text)}%`)}`);
  // Every label named must equal the line's (a GIN index answers the containment).
  if (Object.keys(filter.labels).length > 0)
    where.push(`labels @> ${param(JSON.stringify(filter.labels))}::jsonb`);
  const matched = where.join(' AND ');

  const pageWhere = [...where];
  const pageParams = [...params];
  if (filter.page) {
    const cursor = decodeCursor(filter.page);
    pageParams.push(cursor.at, cursor.seq);
    // Microseconds since the epoch, as the previous reply's last line was stored.
    pageWhere.push(
      `(at, seq) < (to_timestamp(0) + $${pageParams.length - 1}::bigint * interval '1 microsecond', $${pageParams.length}::bigint)`,
    );
  }
  pageParams.push(filter.limit + 1);
  const [page, count] = await Promise.all([
    db.query<{
      seq: string;
      at: string;
      micros: string;
      level: string;
      message: string;
      labels: Record<string, string>;
    }>(
      `SELECT seq::text AS seq, at, ((extract(epoch FROM at) * 1000000)::bigint)::text AS micros,
              level, message, labels
       FROM opsdeck.server_log
       WHERE ${pageWhere.join(' AND ')}
       ORDER BY at DESC, seq DESC
       LIMIT $${pageParams.length}`,
      pageParams,
    ),
    db.query<{ total: string }>(
      `SELECT count(*)::text AS total
       FROM (SELECT 1 FROM opsdeck.server_log WHERE ${matched} LIMIT ${TOTAL_COUNTED}) AS matched`,
      params,
    ),
  ]);
  const rows = page.rows.slice(0, filter.limit);
  const last = rows.at(-1);
  return {
    total: Number(count.rows[0]?.total ?? 0),
    results: rows.map((row) => ({
      id: row.seq,
      timestamp: new Date(row.at).toISOString(),
      message: row.message,
      labels: { ...row.labels, level: row.level },
    })),
    nextPage:
      page.rows.length > filter.limit && last
        ? encodeCursor({ at: last.micros, seq: last.seq })
        : '',
  };
}
