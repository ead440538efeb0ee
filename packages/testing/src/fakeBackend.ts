// A real HTTP server on 127.0.0.1 answering from a route table: component and client tests talk to
// it through the real fetch/ky stack, so headers, status codes and bodies cross a socket as in
// production. Only the backend is fake.
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** `'GET /api/canary/api/summary'`; `*` as the method matches any; `:name` matches one path segment, a final `*` the rest. */
export type RouteKey = `${string} /${string}`;

export interface RecordedRequest {
  method: string;
  /** The path without the query, as sent (still percent-encoded). */
  path: string;
  /** The decoded query parameters, in order. */
  query: URLSearchParams;
  /** Path and query exactly as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  /** A JSON body parsed, any other body as text, `undefined` when there is none. */
  body: unknown;
  /** Values of the matched route's `:name` segments (decoded), and `*` for a trailing wildcard. */
  params: Record<string, string>;
}

const replyMark = Symbol('opsdeck fake backend reply');

/** A reply built by `json`, `text`, `hang` or `disconnect`; anything else a route answers is sent as JSON with 200. */
export interface Reply {
  readonly [replyMark]: true;
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** Milliseconds to wait before answering. */
  readonly delay: number;
  /** `hang`: never answer; `disconnect`: destroy the socket without a reply (a network error). */
  readonly mode: 'answer' | 'hang' | 'disconnect';
}

export interface ReplyInit {
  status?: number;
  headers?: Record<string, string>;
  delay?: number;
}

function lowerCaseKeys(headers: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
}

function makeReply(
  body: string,
  contentType: string,
  init: ReplyInit,
  mode: Reply['mode'] = 'answer',
): Reply {
  return {
    [replyMark]: true,
    status: init.status ?? 200,
    headers: { 'content-type': contentType, ...lowerCaseKeys(init.headers) },
    body,
    delay: init.delay ?? 0,
    mode,
  };
}

/** A JSON reply; `undefined` sends an empty body (a 204 or a bodiless error). */
export function json(value: unknown, init: ReplyInit = {}): Reply {
  return makeReply(value === undefined ? '' : JSON.stringify(value), 'application/json', init);
}

/** A plain-text reply, as a real Mission Control sends for 401 (`Authorization Error`) and 403. */
export function text(body: string, init: ReplyInit = {}): Reply {
  return makeReply(body, 'text/plain; charset=utf-8', init);
}

/** The code apps/server puts in `error` for each status it answers with (apps/server/src/http/errors.ts). */
const serverErrorCodeOf = {
  400: 'invalid',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not found',
  409: 'conflict',
  413: 'payload too large',
  500: 'internal',
  501: 'not implemented',
  503: 'busy',
} as const;

export type ServerErrorStatus = keyof typeof serverErrorCodeOf;

/**
 * An error as apps/server answers it outside `/api/db` (see `dbError`): `{error: <code>, message:
 * <sentence>}`. A stand-in of our own server answers with this, never a hand-written shape; apps/server's stand-in contract test holds it
 * to the real server's replies. (A real Mission Control's shapes are `json({error: sentence})` and
 * `text(...)`.)
 */
export function serverError(
  status: ServerErrorStatus,
  message: string,
  init: Omit<ReplyInit, 'status'> = {},
): Reply {
  return json({ error: serverErrorCodeOf[status], message }, { ...init, status });
}

/** The SQLSTATE or PostgREST code apps/server's `/api/db` gives a refusal of each status. */
const dbErrorCodeOf: Partial<Record<number, string>> = {
  401: 'PGRST301',
  403: '42501',
  409: '23000',
};

/**
 * An error as apps/server's `/api/db` answers it: PostgREST's `{code, message, details, hint}` plus
 * `error`, the same sentence as `message`. `code` defaults to the one the server gives a refusal of
 * that status (403 → `42501`); pass the engine's own for a bad query (`42703` an unknown column).
 */
export function dbError(
  status: number,
  message: string,
  init: Omit<ReplyInit, 'status'> & { code?: string } = {},
): Reply {
  const { code, ...reply } = init;
  return json(
    {
      code: code ?? dbErrorCodeOf[status] ?? String(status),
      message,
      details: null,
      hint: null,
      error: message,
    },
    { ...reply, status },
  );
}

/** Never answers: for timeouts and aborts. `close` still ends the connection. */
export function hang(): Reply {
  return makeReply('', 'text/plain', {}, 'hang');
}

/** Drops the connection without a reply: what a browser reports as a network error. */
export function disconnect(): Reply {
  return makeReply('', 'text/plain', {}, 'disconnect');
}

function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && replyMark in value;
}

/**
 * What a route answers: a `Reply`, any other value as a 200 JSON body, or a handler returning one
 * of those. A handler returning `undefined` passes the request on to the next matching route.
 */
export type RouteAnswer = Reply | object | string | number | boolean | null;
export type RouteHandler = (
  request: RecordedRequest,
) => RouteAnswer | undefined | Promise<RouteAnswer | undefined>;
export type Route = RouteAnswer | RouteHandler;
export type RouteTable = Record<RouteKey, Route>;

export interface FakeBackendOptions {
  /** Headers added to every reply (a route's own headers win), e.g. CORS headers. */
  headers?: Record<string, string>;
}

export interface FakeBackend {
  /** `http://127.0.0.1:<port>`, no trailing slash: append `/api` for an API base URL. */
  url: string;
  /** Every request in arrival order, whether a route matched or not. */
  requests: RecordedRequest[];
  /** The latest request; throws when none arrived, so an assertion cannot pass on nothing. */
  last(): RecordedRequest;
  /** Requests matching a route key, e.g. `backend.requestsTo('POST /api/canary/run/check/:id')`. */
  requestsTo(key: RouteKey): RecordedRequest[];
  /** Answers `key` with `route` ahead of the table (the latest `on` first); returns its removal. */
  on(key: RouteKey, route: Route): () => void;
  /** Drops every `on` override and the request log: call it in `afterEach` when the backend is shared. */
  reset(): void;
  close(): Promise<void>;
}

interface CompiledRoute {
  key: RouteKey;
  method: string;
  segments: string[];
  route: Route;
}

function compile(key: RouteKey, route: Route): CompiledRoute {
  const space = key.indexOf(' ');
  const method = key.slice(0, space).toUpperCase();
  const path = key.slice(space + 1);
  if (!method || !path.startsWith('/') || path.includes('?')) {
    throw new Error(
      `route key ${JSON.stringify(key)} is not "METHOD /path" (the query is read from request.query)`,
    );
  }
  const segments = path.split('/').slice(1);
  const wildcard = segments.indexOf('*');
  if (wildcard !== -1 && wildcard !== segments.length - 1)
    throw new Error(`route key ${key}: * may only end a path`);
  return { key, method, segments, route };
}

/** The params of `path` under `route`, or null when it does not match. */
function match(route: CompiledRoute, method: string, path: string): Record<string, string> | null {
  if (route.method !== '*' && route.method !== method) return null;
  const parts = path.split('/').slice(1);
  const params: Record<string, string> = {};
  for (const [index, segment] of route.segments.entries()) {
    if (segment === '*') {
      params['*'] = decodeURIComponent(parts.slice(index).join('/'));
      return params;
    }
    const part = parts[index];
    if (part === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(part);
    else if (segment !== part) return null;
  }
  return parts.length === route.segments.length ? params : null;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw === '') return undefined;
  if (/\bjson\b/i.test(request.headers['content-type'] ?? '')) {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw;
    }
  }
  return raw;
}

/**
 * Starts a server on 127.0.0.1 (a free port) answering from `routes`:
 *
 *     const backend = await createFakeBackend({ 'GET /api/canary/api/summary': { checks_summary: [] } });
 *
 * A request no route answers gets a 404 naming it, and stays in `requests` for the assertion.
 */
export async function createFakeBackend(
  routes: Partial<RouteTable> = {},
  options: FakeBackendOptions = {},
): Promise<FakeBackend> {
  const table = Object.entries(routes).map(([key, route]) =>
    compile(key as RouteKey, route as Route),
  );
  let overrides: CompiledRoute[] = [];
  const requests: RecordedRequest[] = [];
  const shared = lowerCaseKeys(options.headers);

  async function answer(request: RecordedRequest): Promise<Reply> {
    for (const candidate of [...overrides, ...table]) {
      const params = match(candidate, request.method, request.path);
      if (!params) continue;
      request.params = params;
      const value =
        typeof candidate.route === 'function' ? await candidate.route(request) : candidate.route;
      if (value === undefined) continue;
      return isReply(value) ? value : json(value);
    }
    request.params = {};
    return json(
      { error: `fake backend: no route for ${request.method} ${request.path}` },
      { status: 404 },
    );
  }

  async function handle(incoming: IncomingMessage, response: ServerResponse) {
    const raw = incoming.url ?? '/';
    const url = new URL(raw, 'http://127.0.0.1');
    const request: RecordedRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      url: raw,
      headers: incoming.headers,
      body: await readBody(incoming),
      params: {},
    };
    requests.push(request);
    let reply: Reply;
    try {
      reply = await answer(request);
    } catch (error) {
      // A throwing handler is a bug in the test: answer 500 with the reason so it shows in the failure.
      reply = json(
        {
          error: `fake backend handler for ${request.method} ${request.path} threw: ${(error as Error).message}`,
        },
        { status: 500 },
      );
    }
    if (reply.delay > 0) await new Promise((resolve) => setTimeout(resolve, reply.delay));
    if (reply.mode === 'hang') return;
    if (reply.mode === 'disconnect') {
      incoming.socket.destroy();
      return;
    }
    response.writeHead(reply.status, { ...shared, ...reply.headers });
    response.end(reply.body);
  }

  const server = createServer((incoming, response) => {
    handle(incoming, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  // Node closes an idle keep-alive socket after 5 s, and a client reusing it at that moment sees a
  // reset ("Network Error"): a loaded CI machine stalls long enough to hit that window. close()
  // ends every connection, so idle ones may stay open for the whole suite.
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    last() {
      const request = requests.at(-1);
      if (!request) throw new Error('no request reached the fake backend');
      return request;
    },
    requestsTo(key) {
      const route = compile(key, null);
      return requests.filter((request) => match(route, request.method, request.path) !== null);
    },
    on(key, route) {
      const compiled = compile(key, route);
      overrides = [compiled, ...overrides];
      return () => {
        overrides = overrides.filter((candidate) => candidate !== compiled);
      };
    },
    reset() {
      overrides = [];
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Hanging and keep-alive connections would hold close() open until they time out.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A port nothing listens on (bound, then released): for "the backend is down" tests. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
