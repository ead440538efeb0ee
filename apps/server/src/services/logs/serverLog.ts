import { hostname } from 'node:os';
import type { SqlRunner } from '../../db/database.ts';
import type { Logger } from '../../http/logging.ts';

/** One line of the server's own log as the logs service keeps it. */
export interface ServerLogLine {
  at: Date;
  level: string;
  message: string;
  labels: Record<string, string>;
}

// A line is a log entry, not a document: long values are cut so one entry cannot fill the table.
const MAX_MESSAGE = 8 * 1024;
const MAX_LABEL = 1024;
const MAX_LABELS = 32;

// PostgreSQL text and jsonb hold no NUL.
function cut(value: string, max: number): string {
  const clean = value.replaceAll('\u0000', '');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** A logger's entry (`{level?, msg, ...fields}`) as a stored line: fields become string labels. */
export function serverLogLine(entry: Record<string, unknown>, at = new Date()): ServerLogLine {
  const { level, msg, message, time: _time, ...fields } = entry;
  const labels: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields).slice(0, MAX_LABELS)) {
    if (value === undefined || value === null) continue;
    labels[key] = cut(typeof value === 'string' ? value : JSON.stringify(value), MAX_LABEL);
  }
  return {
    at,
    level: typeof level === 'string' && level !== '' ? level.toLowerCase() : 'info',
    message: cut(String(msg ?? message ?? ''), MAX_MESSAGE),
    labels,
  };
}

/**
 * The lines logged since the last flush, in memory. Logging only appends here (no I/O, nothing to
 * await), so it never slows the request that logs; a burst beyond `maxPending` drops the oldest
 * pending lines and counts them.
 */
export class ServerLogBuffer {
  private pending: ServerLogLine[] = [];
  dropped = 0;

  constructor(readonly maxPending = 10_000) {}

  /** `log`, whose every entry is also kept here. */
  tee(log: Logger): Logger {
    return (entry) => {
      log(entry);
      this.record(entry);
    };
  }

  record(entry: Record<string, unknown>): void {
    this.pending.push(serverLogLine(entry));
    if (this.pending.length > this.maxPending) {
      const over = this.pending.length - this.maxPending;
      this.pending.splice(0, over);
      this.dropped += over;
    }
  }

  /** Takes every pending line (and a line saying how many were dropped, if any). */
  take(): ServerLogLine[] {
    const lines = this.pending;
    this.pending = [];
    if (this.dropped > 0) {
      lines.push({
        at: new Date(),
        level: 'warn',
        message: 'server log lines dropped: logged faster than they were stored',
        labels: { dropped: String(this.dropped) },
      });
      this.dropped = 0;
    }
    return lines;
  }

  get size(): number {
    return this.pending.length;
  }
}

export interface ServerLogStoreOptions {
  /** Rows kept; the oldest beyond it are dropped after each flush. */
  maxRows: number;
  /** Which server wrote a line (several instances may share one PostgreSQL). */
  instance?: string;
}

export const DEFAULT_SERVER_LOG_ROWS = 100_000;

/** Writes a buffer's lines to opsdeck.server_log in batches and keeps the table to its row cap. */
export class ServerLogStore {
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  readonly instance: string;

  constructor(
    private readonly db: SqlRunner,
    private readonly buffer: ServerLogBuffer,
    private readonly options: ServerLogStoreOptions,
  ) {
    this.instance = options.instance ?? `${hostname()}:${process.pid}`;
  }

  /** Stores what is pending; calls made while one runs wait for it and then store what is left. */
  flush(): Promise<void> {
    const next = this.flushing.then(() => this.write());
    // A failed write (the database closing) must not wedge the chain.
    this.flushing = next.catch(() => undefined);
    return next;
  }

  private async write(): Promise<void> {
    const lines = this.buffer.take();
    if (lines.length === 0) return;
    await insertServerLogLines(this.db, lines, this.instance);
    await trimServerLog(this.db, this.options.maxRows);
  }

  /** Flushes every `millis` in the background. */
  start(millis = 1000): void {
    this.timer ??= setInterval(() => {
      this.flush().catch(() => undefined);
    }, millis);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush().catch(() => undefined);
  }
}

// Postgres caps a statement at 1 GB of parameters; a batch of lines is one JSON document.
const BATCH = 5000;

export async function insertServerLogLines(
  db: SqlRunner,
  lines: readonly ServerLogLine[],
  instance: string,
): Promise<void> {
  for (let start = 0; start < lines.length; start += BATCH) {
    const batch = lines.slice(start, start + BATCH).map((line) => ({
      at: line.at.toISOString(),
      level: line.level,
      message: line.message,
      labels: line.labels,
      instance,
    }));
    await db.query(
      `INSERT INTO opsdeck.server_log (at, level, message, labels, instance)
       SELECT at, level, message, labels, instance
       FROM jsonb_to_recordset($1::jsonb) AS line(at timestamptz, level text, message text, labels jsonb, instance text)`,
      [JSON.stringify(batch)],
    );
  }
}

/** Drops the oldest rows beyond `maxRows` (two index probes when there are none to drop). */
export async function trimServerLog(db: SqlRunner, maxRows: number): Promise<void> {
  const { rows } = await db.query<{ span: string | null }>(
    `SELECT (max(seq) - min(seq) + 1)::text AS span FROM opsdeck.server_log`,
  );
  if (Number(rows[0]?.span ?? 0) <= maxRows) return;
  await db.query(
    `DELETE FROM opsdeck.server_log
     WHERE seq <= (SELECT seq FROM opsdeck.server_log ORDER BY seq DESC OFFSET $1 LIMIT 1)`,
    [maxRows],
  );
}
