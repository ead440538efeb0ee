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

/** Whether `user` may read `table` through /api/db (the app passes authorizeTable over its registry). */
export type TableReadCheck = (user: AuthUser, authorizer: Authorizer, table: string) => boolean;

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

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly onChange: (event: ChangeEvent) => Promise<void>,
    /** Who may see an event: a read of its table. Without one (a hand-built context), nobody. */
    readonly canRead: TableReadCheck = () => false,
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
