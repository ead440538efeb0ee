import ky, { TimeoutError } from 'ky';
import { safeParse, type core } from 'zod/mini';
import {
  ApiError,
  apiErrorMessages,
  describeIssue,
  formatIssuePath,
  isOffline,
  messageFromReply,
} from './errors.ts';

export interface ApiClientOptions {
  /** Where the service groups live when proxied; default `/api`. */
  baseUrl?: string;
  /** Direct mode: the organization's backend address replaces `baseUrl` for every group. */
  backendUrl?: string;
  /** Bearer token for each request (direct mode); no header when it returns nothing. */
  getToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /** Called on every 401 with the current path and query (empty outside a browser). */
  onUnauthorized?: (returnTo: string) => void;
  /**
   * Called when rows of a list reply failed their schema and were left out (`rowSchema`), so the app
   * can say so; the rest of the list is returned.
   */
  onInvalidRows?: (report: InvalidRows) => void;
  /** Milliseconds before a call fails with kind `timeout`; default 30000. */
  timeout?: number;
  fetch?: typeof globalThis.fetch;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type SearchParamsInit =
  URLSearchParams | Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<T = unknown> {
  searchParams?: SearchParamsInit;
  json?: unknown;
  headers?: Record<string, string>;
  /** `Prefer` header; writes default to `return=representation`, `null` sends none. */
  prefer?: string | null;
  signal?: AbortSignal;
  /** Validates the reply (a zod or zod/mini schema); a mismatch fails with kind `validation` naming the path. */
  schema?: core.$ZodType<T>;
  /**
   * The reply is a list of these (null reads as empty): each row is checked alone, and one that fails
   * is left out and reported to `onInvalidRows` instead of failing the whole list. Used instead of
   * `schema`.
   */
  rowSchema?: core.$ZodType;
  /**
   * Loads a check made ahead of time from a schema (plain code, fast under a strict CSP where zod
   * cannot compile its own) that validates the reply instead of `schema`, failing as it would. It
   * is loaded as the request starts, so it arrives while the reply is on its way.
   */
  check?: () => Promise<ReplyCheck<T>>;
}

/** A reply check generated from a zod schema (see checkCode.test.helper.ts). */
export interface ReplyCheck<T> {
  /** Whether the schema accepts the reply. */
  accepts(reply: unknown): boolean;
  /** What the schema's parse returns for a reply `accepts` passed (its transforms applied). */
  output(reply: unknown): T;
  /** The schema the check was made from: it names what is wrong with a reply the check rejected. */
  schema: core.$ZodType<T>;
}

/** Rows of a list reply left out because they failed their schema. */
export interface InvalidRows {
  url: string;
  method: HttpMethod;
  /** How many rows were left out, and of how many. */
  count: number;
  total: number;
  /** The first failure, with its path into the reply (`1.spec.actions: expected array`). */
  message: string;
}

/** What every domain call takes besides its query: TanStack Query passes its signal here. */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface ApiReply<T> {
  data: T;
  response: Response;
}

/** One backend service (db, canary, auth, ...) under the client's base address. */
export interface ServiceGroup {
  /** The group's path below the base, e.g. `db` or `apm/search` (`''` for general). */
  readonly path: string;
  /** Absolute or base-relative URL of a path in this group, for links and downloads. */
  url(path?: string, searchParams?: SearchParamsInit): string;
  send<T = unknown>(
    method: HttpMethod,
    path: string,
    options?: RequestOptions<T>,
  ): Promise<ApiReply<T>>;
  get<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  put<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  patch<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  /** A binary reply (snapshot zips, kubeconfig). */
  blob(path: string, options?: Omit<RequestOptions, 'schema'>): Promise<Blob>;
  /**
   * A reply read as it comes (a Server-Sent Events stream): the timeout covers the headers only, and
   * a status that is not 2xx fails as `http` before the body is read.
   */
  stream(path: string, options?: Omit<RequestOptions, 'schema' | 'json'>): Promise<Response>;
}

export const serviceGroupPaths = {
  general: '',
  db: 'db',
  config: 'config',
  catalog: 'catalog',
  snapshot: 'snapshot',
  agent: 'agent',
  logs: 'logs',
  apmSearch: 'apm/search',
  auth: 'auth',
  people: 'people',
  playbook: 'playbook',
  rbac: 'rbac',
  notification: 'notification',
  canary: 'canary',
} as const;
export type ServiceGroupName = keyof typeof serviceGroupPaths;

const writeMethods: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const defaultTimeout = 30_000;

function toSearchString(init: SearchParamsInit | undefined): string {
  if (init === undefined) return '';
  let params: URLSearchParams;
  if (init instanceof URLSearchParams) params = init;
  else {
    params = new URLSearchParams();
    for (const [key, value] of Object.entries(init)) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function joinPath(...parts: string[]): string {
  const [first = '', ...rest] = parts;
  const segments = rest.map((part) => part.replace(/^\/+|\/+$/g, '')).filter((part) => part !== '');
  return [first.replace(/\/+$/, ''), ...segments].join('/');
}

function currentReturnTo(): string {
  if (typeof location === 'undefined') return '';
  return `${location.pathname}${location.search}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Shared by every group: one place that turns a call into a reply or an ApiError. */
export interface Transport {
  readonly base: string;
  send<T>(method: HttpMethod, url: string, options: RequestOptions<T>): Promise<ApiReply<T>>;
  sendForBlob(method: HttpMethod, url: string, options: RequestOptions): Promise<Blob>;
  open(url: string, options: RequestOptions): Promise<Response>;
}

export function createTransport(options: ApiClientOptions): Transport {
  const base = (options.backendUrl ?? options.baseUrl ?? '/api').replace(/\/+$/, '');
  const timeout = options.timeout ?? defaultTimeout;

  async function fetchResponse(
    method: HttpMethod,
    url: string,
    request: RequestOptions,
  ): Promise<Response> {
    const headers = new Headers({ Accept: 'application/json' });
    const prefer =
      request.prefer === undefined
        ? writeMethods.has(method)
          ? 'return=representation'
          : undefined
        : request.prefer;
    if (prefer) headers.set('Prefer', prefer);
    for (const [key, value] of Object.entries(request.headers ?? {})) headers.set(key, value);
    // Outside the try: a token provider failure is the auth layer's error, not a network one.
    const token = await options.getToken?.();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    try {
      return await ky(url, {
        method,
        headers,
        json: request.json,
        signal: request.signal,
        timeout,
        retry: 0,
        throwHttpErrors: false,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
    } catch (error) {
      // A caller's abort is not a failure to report: let TanStack Query see the AbortError.
      if (request.signal?.aborted) throw error;
      if (isOffline())
        throw new ApiError({
          kind: 'offline',
          message: apiErrorMessages.offline,
          url,
          method,
          cause: error,
        });
      if (error instanceof TimeoutError) {
        throw new ApiError({
          kind: 'timeout',
          message: apiErrorMessages.timeout,
          url,
          method,
          cause: error,
        });
      }
      throw new ApiError({
        kind: 'network',
        message: apiErrorMessages.network,
        url,
        method,
        cause: error,
      });
    }
  }

  function parseRows(
    rowSchema: core.$ZodType,
    rows: readonly unknown[],
    method: HttpMethod,
    url: string,
  ): unknown[] {
    const valid: unknown[] = [];
    let count = 0;
    let message = '';
    rows.forEach((row, index) => {
      const result = safeParse(rowSchema, row);
      if (result.success) {
        valid.push(result.data);
        return;
      }
      if (count++ === 0) {
        const [first] = result.error.issues;
        message = `${formatIssuePath([index, ...(first?.path ?? [])])}: ${describeIssue(first)}`;
      }
    });
    if (count > 0) options.onInvalidRows?.({ url, method, count, total: rows.length, message });
    return valid;
  }

  async function failIfNotOk(response: Response, method: HttpMethod, url: string): Promise<void> {
    if (response.ok) return;
    const body = await readBody(response).catch(() => undefined);
    if (response.status === 401) options.onUnauthorized?.(currentReturnTo());
    throw new ApiError({
      kind: 'http',
      status: response.status,
      message: messageFromReply(response.status, body, response.headers),
      body,
      url,
      method,
    });
  }

  return {
    base,
    async send<T>(
      method: HttpMethod,
      url: string,
      request: RequestOptions<T>,
    ): Promise<ApiReply<T>> {
      const checkLoading = request.check?.();
      checkLoading?.catch(() => undefined); // a failed call reports its own error, not this one
      const response = await fetchResponse(method, url, request);
      await failIfNotOk(response, method, url);
      let body: unknown;
      try {
        body = await readBody(response);
      } catch (error) {
        if (request.signal?.aborted) throw error;
        throw new ApiError({
          kind: 'network',
          message: apiErrorMessages.network,
          url,
          method,
          cause: error,
        });
      }
      if (request.rowSchema && (body == null || Array.isArray(body)))
        return { data: parseRows(request.rowSchema, body ?? [], method, url) as T, response };
      let schema = request.schema;
      if (checkLoading) {
        const check = await checkLoading.catch((cause: unknown) => {
          throw new ApiError({
            kind: 'network',
            message: apiErrorMessages.network,
            url,
            method,
            cause,
          });
        });
        if (check.accepts(body)) return { data: check.output(body), response };
        schema = check.schema;
      }
      if (!schema) return { data: body as T, response };
      const result = safeParse(schema, body);
      if (result.success) return { data: result.data, response };
      const [first] = result.error.issues;
      const where = formatIssuePath(first?.path ?? []);
      throw new ApiError({
        kind: 'validation',
        status: response.status,
        message: `Unexpected reply from the server at ${where}: ${describeIssue(first)}`,
        body,
        url,
        method,
        issues: result.error.issues,
      });
    },
    async sendForBlob(method: HttpMethod, url: string, request: RequestOptions): Promise<Blob> {
      const response = await fetchResponse(method, url, {
        ...request,
        headers: { Accept: '*/*', ...request.headers },
      });
      await failIfNotOk(response, method, url);
      return response.blob();
    },
    async open(url: string, request: RequestOptions): Promise<Response> {
      const response = await fetchResponse('GET', url, {
        ...request,
        headers: { Accept: 'text/event-stream', ...request.headers },
      });
      await failIfNotOk(response, 'GET', url);
      return response;
    },
  };
}

export function createServiceGroup(transport: Transport, groupPath: string): ServiceGroup {
  const url = (path = '', searchParams?: SearchParamsInit) =>
    `${joinPath(transport.base, groupPath, path)}${toSearchString(searchParams)}`;
  const call =
    (method: HttpMethod) =>
    async <T>(path: string, options: RequestOptions<T> = {}): Promise<T> =>
      (await transport.send(method, url(path, options.searchParams), options)).data;
  return {
    path: groupPath,
    url,
    send: (method, path, options = {}) =>
      transport.send(method, url(path, options.searchParams), options),
    get: call('GET'),
    post: call('POST'),
    put: call('PUT'),
    patch: call('PATCH'),
    delete: call('DELETE'),
    blob: (path, options = {}) =>
      transport.sendForBlob('GET', url(path, options.searchParams), options),
    stream: (path, options = {}) => transport.open(url(path, options.searchParams), options),
  };
}
