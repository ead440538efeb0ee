import { createAuthorizer, type Authorizer } from '@opsdeck/rbac';
import { Hono } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { AuthUser } from '../../auth/user.ts';
import type { AppEnv } from '../../http/env.ts';
import type { ServiceContext } from '../defineService.ts';
import type { ChangeEvent, ChangeFeed, TableReadAccess } from './feed.ts';
import { TRACED_BEHIND_VIEWS } from './triggers.ts';

/** How a stream behaves; each is a ServiceConfig key (`events…`) so tests can shorten them. */
export interface StreamSettings {
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMillis: number;
  /** Events waiting for a client that reads slower than they come; past it: `resync` and close. */
  queueLimit: number;
  /** A stream closes after this long; the browser reconnects (Last-Event-ID) and is authenticated again. */
  maxStreamMillis: number;
}

export const DEFAULT_STREAM_SETTINGS: StreamSettings = {
  heartbeatMillis: 15_000,
  queueLimit: 1000,
  maxStreamMillis: 10 * 60_000,
};

/** How long the browser waits before reconnecting (SSE `retry`). */
const RETRY_MILLIS = 2000;
const BACKFILL_BATCH = 500;

export function streamSettings(config: ServiceContext['config']): StreamSettings {
  const number = (key: string, fallback: number) =>
    typeof config[key] === 'number' ? (config[key] as number) : fallback;
  return {
    heartbeatMillis: number('eventsHeartbeatMillis', DEFAULT_STREAM_SETTINGS.heartbeatMillis),
    queueLimit: number('eventsQueueLimit', DEFAULT_STREAM_SETTINGS.queueLimit),
    maxStreamMillis: number('eventsMaxStreamMillis', DEFAULT_STREAM_SETTINGS.maxStreamMillis),
  };
}

/**
 * This event as this reader may be told it: by the same rule as a read of the table through
 * /api/db. A table read in part tells only the rows the reader may read (and nothing when none).
 * `written` is the table the statement wrote (the event may be told under a view's name).
 */
function readable(feed: ChangeFeed, user: AuthUser, authorizer: Authorizer) {
  const verdicts = new Map<string, TableReadAccess>();
  return async (event: ChangeEvent, written: string): Promise<ChangeEvent | undefined> => {
    let access = verdicts.get(event.table);
    if (access === undefined) {
      access = feed.canRead(user, authorizer, event.table);
      verdicts.set(event.table, access);
    }
    if (access === 'all') return event;
    if (access === 'none') return undefined;
    // The reader's teams unknown (a failed read): nothing is told rather than too much.
    const admits = await access.rows().catch(() => undefined);
    return admits && feed.restrict(event, written, admits);
  };
}

function parseLastEventId(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/**
 * `GET /api/events`: the change stream as Server-Sent Events, for the session's user. Each event is
 * `event: change`, `id: {id}`, `data: {id, table, action, ids, count, actor, at}`, only for tables the
 * user may read (of a table read in part, only for rows they may read, with only those rows' ids).
 * `Last-Event-ID` (or `?lastEventId=`) resumes after that id from the window kept in the database;
 * an id older than the window, or a client too slow for the queue, gets `event: resync` (reload
 * what you show): from the window it then continues from now, when slow it is closed.
 */
export function eventRoutes(context: ServiceContext, feed: ChangeFeed): Hono<AppEnv> {
  const settings = streamSettings(context.config);
  const app = new Hono<AppEnv>();
  app.get('/', (c) => {
    const user = c.get('user');
    const authorizer =
      c.get('authorizer') ?? createAuthorizer({ roles: user.roles, permissions: user.permissions });
    const lastEventId = parseLastEventId(
      c.req.header('Last-Event-ID') ?? c.req.query('lastEventId'),
    );
    const visible = readable(feed, user, authorizer);
    const response = streamSSE(c, async (stream) => {
      await streamChanges(stream, feed, { visible, lastEventId, settings });
    });
    // No gzip or proxy may hold events back to fill a buffer.
    response.headers.set('Cache-Control', 'no-cache, no-transform');
    response.headers.set('X-Accel-Buffering', 'no');
    return response;
  });
  return app;
}

async function streamChanges(
  stream: SSEStreamingApi,
  feed: ChangeFeed,
  options: {
    visible: (event: ChangeEvent, written: string) => Promise<ChangeEvent | undefined>;
    lastEventId: number | undefined;
    settings: StreamSettings;
  },
): Promise<void> {
  const { visible, settings } = options;
  const queue: ChangeEvent[] = [];
  let overflowed = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  let closed = false;
  const end = () => {
    closed = true;
    notify();
  };
  stream.onAbort(end);
  const forget = feed.onEndStreams(end);
  // Subscribed before the backfill is read: an event may come both ways, and `sent` drops the second.
  const unsubscribe = feed.subscribe((event) => {
    if (overflowed) return;
    if (queue.length >= settings.queueLimit) {
      overflowed = true;
      queue.length = 0;
    } else queue.push(event);
    notify();
  });
  await feed.start();
  const heartbeat = setInterval(() => {
    stream.write(': heartbeat\n\n').catch(() => undefined);
  }, settings.heartbeatMillis);
  const lifetime = setTimeout(end, settings.maxStreamMillis);
  let sent = 0;
  const send = async (event: ChangeEvent) => {
    if (event.id <= sent) return;
    sent = event.id;
    // A write to a view's base table is told as the view's, the table its readers query.
    const view = Object.hasOwn(TRACED_BEHIND_VIEWS, event.table)
      ? TRACED_BEHIND_VIEWS[event.table]
      : undefined;
    const told = await visible(view === undefined ? event : { ...event, table: view }, event.table);
    if (!told) return;
    await stream.writeSSE({ event: 'change', id: String(told.id), data: JSON.stringify(told) });
  };
  try {
    await stream.write(`retry: ${RETRY_MILLIS}\n\n`);
    const now = await feed.position();
    if (options.lastEventId === undefined) {
      sent = now;
    } else if (options.lastEventId < (await feed.trimmedThrough())) {
      // Older than the window: what was missed is gone; the client reloads and goes on from now.
      sent = now;
      await stream.writeSSE({
        event: 'resync',
        id: String(now),
        data: JSON.stringify({ id: now }),
      });
    } else {
      sent = options.lastEventId;
      for (;;) {
        const events = await feed.eventsAfter(sent, BACKFILL_BATCH);
        for (const event of events) await send(event);
        if (events.length < BACKFILL_BATCH || closed) break;
      }
    }
    while (!closed) {
      if (overflowed) {
        await stream.writeSSE({ event: 'resync', data: JSON.stringify({ id: sent }) });
        break;
      }
      const event = queue.shift();
      if (event) {
        await send(event);
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    forget();
    unsubscribe();
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    await feed.stop();
  }
}
