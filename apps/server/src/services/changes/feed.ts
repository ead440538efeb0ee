import type { Authorizer } from '@opsdeck/rbac';
import type { AuthUser } from '../../auth/user.ts';
import type { Database } from '../../db/database.ts';
import type { Logger } from '../../http/logging.ts';

/** One committed write as the change stream tells it (a statement on one table). */
export interface ChangeEvent {
  /** Grows in commit order across every instance; the SSE id and Last-Event-ID. */
  id: number;
  table: string;
  action: 'insert' | 'update' | 'delete';
  /** The written rows' keys (a composite key as a JSON array text); null when there were too many to list. */
  ids: string[] | null;
  /** How many rows the statement wrote. */
  count: number;
  /** A person's id, `agent:{id}`, or `system`. */
  actor: string;
  at: string;
}

/** The NOTIFY channel the commit trigger wakes (migration changes/001). */
export const CHANGE_CHANNEL = 'opsdeck_changes';

const BATCH = 500;
/** With no notification, look anyway this often (a lost listen connection, a missed wake-up). */
const IDLE_POLL_MILLIS = 2000;

export type ChangeSubscriber = (event: ChangeEvent) => void;

/** A written row as the audit imaged it (column → value). */
export type RowImage = Readonly<Record<string, unknown>>;

/**
 * How much of a table a reader may see through /api/db: every row, none, or (a table read in
 * part: one's own rows, one's teams', the resources a permission row names) the rows `admits`
 * passes. `rows` is asked once per event, so it sees a change of the reader's teams at once.
 */
export type TableReadAccess = 'all' | 'none' | { rows: () => Promise<(row: RowImage) => boolean> };

/** What `user` may read of `table` through /api/db (the app passes authorizeTable over its registry). */
export type TableReadCheck = (
  user: AuthUser,
  authorizer: Authorizer,
  table: string,
) => TableReadAccess;

/** The rows one event's statement wrote, as the audit kept them (at most 100 of each side). */
interface WrittenRows {
  keys: readonly string[];
  rows: readonly RowImage[];
}

/** How many events' written rows are kept for the streams that filter them. */
const WRITTEN_ROWS_KEPT = 256;

/**
 * The change stream of one app: reads opsdeck.change_events past its cursor, in id order, when the
 * database notifies (any instance's commit) or a local write asks (`catchUp`), and hands each event
 * to its subscribers (the SSE streams) and to `onChange` (the modules' `table-written` handlers).
 * Listens only while started (the server's jobs) or while some stream is subscribed.
 */
export class ChangeFeed {
  private cursor: number | undefined;
  private readonly ready: Promise<boolean>;
  private readonly subscribers = new Set<ChangeSubscriber>();
  private readonly enders = new Set<() => void>();
  private reading: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;
  private users = 0;
  private stopListening: Promise<() => Promise<void>> | undefined;
  private idle: NodeJS.Timeout | undefined;
  private readonly written = new Map<number, Promise<WrittenRows | undefined>>();
  private readonly keyColumns = new Map<string, Promise<string[]>>();

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly onChange: (event: ChangeEvent) => Promise<void>,
    /** Who may see an event: a read of its table. Without one (a hand-built context), nobody. */
    readonly canRead: TableReadCheck = () => 'none',
  ) {
    // Where the stream starts: the newest event when the app is made (absent on a database migrated
    // without the changes module: the feed then does nothing).
    this.ready = db
      .query<{ ok: boolean; newest: number | null }>(
        `SELECT to_regclass('opsdeck.change_events') IS NOT NULL AS ok,
           CASE WHEN to_regclass('opsdeck.change_events') IS NOT NULL
             THEN (SELECT max(id) FROM opsdeck.change_events) END AS newest`,
      )
      .then(({ rows }) => {
        this.cursor = rows[0]?.newest ?? 0;
        return rows[0]?.ok ?? false;
      })
      .catch(() => false);
  }

  /** The id of the last event handed out (0 before any); every later event has a greater id. */
  async position(): Promise<number> {
    await this.ready;
    return this.cursor ?? 0;
  }

  /**
   * Reads and hands out every event committed so far. A write through this app awaits it before
   * answering, so its own caches are cleared before the reply (read-your-writes).
   */
  async catchUp(): Promise<void> {
    if (!(await this.ready)) return;
    // One read at a time, in order. A read queued and not yet begun serves every caller that
    // arrives before it begins (it starts after their commits); one already reading does not.
    if (this.queued) return this.queued;
    const read = this.reading.then(() => {
      this.queued = undefined;
      return this.readAll();
    });
    this.queued = read;
    this.reading = read.catch(() => undefined);
    return read;
  }

  private async readAll(): Promise<void> {
    for (;;) {
      const events = await this.eventsAfter(this.cursor ?? 0, BATCH);
      for (const event of events) {
        this.cursor = event.id;
        for (const subscriber of this.subscribers) subscriber(event);
        await this.onChange(event);
      }
      if (events.length < BATCH) return;
    }
  }

  private wake = () => {
    this.catchUp().catch((error: Error) =>
      this.log({ level: 'error', msg: 'change stream read failed', error: error.message }),
    );
  };

  /** Listens for other sessions' commits until `stop` is called as often. */
  async start(): Promise<void> {
    this.users += 1;
    if (this.users > 1 || !(await this.ready)) return;
    this.stopListening = this.db.listen(CHANGE_CHANNEL, this.wake);
    this.idle = setInterval(this.wake, IDLE_POLL_MILLIS);
    this.idle.unref();
    try {
      await this.stopListening;
    } catch (error) {
      this.log({
        level: 'error',
        msg: 'change stream listen failed',
        error: (error as Error).message,
      });
    }
    this.wake();
  }

  async stop(): Promise<void> {
    if (this.users === 0) return;
    this.users -= 1;
    if (this.users > 0) return;
    clearInterval(this.idle);
    const stop = this.stopListening;
    this.stopListening = undefined;
    if (stop) await (await stop.catch(() => async () => undefined))();
  }

  /** Ends every open stream (the server is closing; browsers reconnect to another instance). */
  endStreams(): void {
    for (const end of [...this.enders]) end();
  }

  /** Registers a stream's end for endStreams; returns its removal. */
  onEndStreams(end: () => void): () => void {
    this.enders.add(end);
    return () => this.enders.delete(end);
  }

  subscribe(subscriber: ChangeSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Events after `after` still in the window, in order, at most `limit`. */
  async eventsAfter(after: number, limit: number): Promise<ChangeEvent[]> {
    const { rows } = await this.db.query<{
      id: number;
      table_name: string;
      action: ChangeEvent['action'];
      ids: string[] | null;
      row_count: number;
      actor: string;
      at: string;
    }>(
      `SELECT id, table_name, action, ids, row_count, actor, at FROM opsdeck.change_events
       WHERE id > $1 ORDER BY id LIMIT $2`,
      [after, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      table: row.table_name,
      action: row.action,
      ids: row.ids,
      count: row.row_count,
      actor: row.actor,
      at: row.at,
    }));
  }

  /**
   * `event` as a reader who may see only the rows `admits` passes is told it: only those rows'
   * keys and count, or undefined when the statement wrote none of them (nor when its rows are
   * unknown: a bulk load's, a trimmed window's). The rows come from the statement's audit row,
   * as they were before and after it: a row that leaves a reader's sight is told them too.
   * `table` is the written table (the event may be told under a view's name).
   */
  async restrict(
    event: ChangeEvent,
    table: string,
    admits: (row: RowImage) => boolean,
  ): Promise<ChangeEvent | undefined> {
    const written = await this.writtenRows(event, table);
    if (!written) return undefined;
    const seen = written.rows.filter(admits);
    if (seen.length === 0) return undefined;
    const keyOf = (row: RowImage) =>
      written.keys.map((key) => (row[key] == null ? '' : String(row[key])));
    const admitted = new Set(seen.map((row) => JSON.stringify(keyOf(row))));
    const ids =
      event.ids === null || written.keys.length === 0
        ? null
        : event.ids.filter((id) => {
            // A composite key is listed as a JSON array, a single one as its text.
            let parts: unknown = [id];
            if (written.keys.length > 1) {
              try {
                parts = JSON.parse(id);
              } catch {
                return false;
              }
            }
            return (
              Array.isArray(parts) &&
              admitted.has(JSON.stringify(parts.map((part) => (part == null ? '' : String(part)))))
            );
          });
    return { ...event, ids, count: ids === null ? admitted.size : ids.length };
  }

  /**
   * The rows of the statement behind `event` from its audit row: the trigger records each change
   * event with its audit row's event right after it (one statement, numbered in order at commit).
   */
  private writtenRows(event: ChangeEvent, table: string): Promise<WrittenRows | undefined> {
    let found = this.written.get(event.id);
    if (!found) {
      found = this.readWrittenRows(event, table).catch(() => undefined);
      this.written.set(event.id, found);
      if (this.written.size > WRITTEN_ROWS_KEPT)
        this.written.delete(this.written.keys().next().value!);
    }
    return found;
  }

  private async readWrittenRows(
    event: ChangeEvent,
    table: string,
  ): Promise<WrittenRows | undefined> {
    const { rows } = await this.db.query<{ before: RowImage[] | null; after: RowImage[] | null }>(
      `SELECT a.before, a.after FROM opsdeck.change_events e
       JOIN audit_log a ON a.id::text = e.ids[1]
       WHERE e.id = $1 AND e.table_name = 'audit_log' AND e.actor = $2
         AND a.table_name = $3 AND a.action = $4 AND a.row_count = $5`,
      [event.id + 1, event.actor, table, event.action, event.count],
    );
    const [audit] = rows;
    if (!audit) return undefined;
    return {
      keys: await this.keysOf(table),
      rows: [...(audit.before ?? []), ...(audit.after ?? [])],
    };
  }

  /** The primary key's columns of a public table, in order. */
  private keysOf(table: string): Promise<string[]> {
    let keys = this.keyColumns.get(table);
    if (!keys) {
      keys = this.db
        .query<{ name: string }>(
          `SELECT a.attname::text AS name FROM pg_index i
           CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)
           JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
           WHERE i.indrelid = to_regclass(format('public.%I', $1::text)) AND i.indisprimary
           ORDER BY k.n`,
          [table],
        )
        .then(({ rows }) => rows.map((row) => row.name));
      this.keyColumns.set(table, keys);
      keys.catch(() => this.keyColumns.delete(table));
    }
    return keys;
  }

  /** The highest id trimmed from the window: a resume from below it has lost events. */
  async trimmedThrough(): Promise<number> {
    const { rows } = await this.db.query<{ trimmed_through: number }>(
      'SELECT trimmed_through FROM opsdeck.change_window WHERE id = 1',
    );
    return rows[0]?.trimmed_through ?? 0;
  }

  /** Drops events older than `keepMillis` or beyond the newest `keepCount`. */
  async trim(keepMillis: number, keepCount: number): Promise<number> {
    const { rows } = await this.db.query<{ removed: number }>(
      `SELECT opsdeck.trim_change_events(make_interval(secs => $1::double precision / 1000), $2) AS removed`,
      [keepMillis, keepCount],
    );
    return rows[0]?.removed ?? 0;
  }
}
