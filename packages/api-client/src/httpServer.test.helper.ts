// A real HTTP server on 127.0.0.1 for the tests: it records each request and answers with the
// reply the test sets (or never answers, to provoke timeouts and aborts).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Raw path and query as sent. */
  url: string;
  pathname: string;
  /** Decoded query parameters in order. */
  params: [string, string][];
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Never answer. */
  hang?: boolean;
}

export interface TestServer {
  origin: string;
  requests: RecordedRequest[];
  last(): RecordedRequest;
  reply: (request: RecordedRequest) => Reply;
  close(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const state: TestServer = {
    origin: '',
    requests: [],
    last() {
      const request = state.requests.at(-1);
      if (!request) throw new Error('no request reached the test server');
      return request;
    },
    reply: () => ({ body: [] }),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const raw = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        pathname: url.pathname,
        params: [...url.searchParams],
        headers: req.headers,
        body: raw === '' ? undefined : (JSON.parse(raw) as unknown),
      };
      state.requests.push(recorded);
      const reply = state.reply(recorded);
      if (reply.hang) return;
      const headers: Record<string, string> = { 'Content-Type': 'application/json', ...reply.headers };
      res.writeHead(reply.status ?? 200, headers);
      res.end(reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/** A port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
