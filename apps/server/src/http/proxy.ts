import type { Context } from 'hono';

/** The backend path for a browser path: `/api` is stripped except for `/api/plugins/*`. */
export function backendPath(path: string): string {
  if (path === '/api/plugins' || path.startsWith('/api/plugins/')) return path;
  return path.replace(/^\/api(?=\/|$)/, '') || '/';
}

const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
];

/** Forwards the request to a real Mission Control and streams its reply back. */
export async function proxyToBackend(c: Context, backendUrl: string): Promise<Response> {
  const incoming = new URL(c.req.url);
  const target = new URL(
    backendUrl.replace(/\/$/, '') + backendPath(incoming.pathname) + incoming.search,
  );
  const headers = new Headers(c.req.raw.headers);
  for (const name of HOP_BY_HOP) headers.delete(name);
  const method = c.req.method;
  const response = await fetch(target, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer(),
    redirect: 'manual',
  });
  const replyHeaders = new Headers(response.headers);
  // fetch already decoded the body.
  replyHeaders.delete('content-encoding');
  replyHeaders.delete('content-length');
  return new Response(response.body, { status: response.status, headers: replyHeaders });
}
