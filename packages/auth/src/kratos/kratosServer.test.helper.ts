import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (request: IncomingMessage, url: URL) => { status: number; body?: unknown } | undefined;

/** A stand-in Kratos on 127.0.0.1: the external identity server is the one thing tests replace. */
export async function startKratosStandIn(handler: Handler): Promise<{ basePath: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    const reply = handler(request, url) ?? { status: 404, body: { error: { code: 404, message: 'Not Found' } } };
    response.writeHead(reply.status, { 'content-type': 'application/json' });
    response.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    basePath: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
