import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { hostname as machineName } from 'node:os';
import type { Context, MiddlewareHandler } from 'hono';
import { refuse } from './security.ts';

/** The address a connection arrived at: the socket's own end. */
interface LocalAddress {
  address: string;
  port: number;
  encrypted: boolean;
}

// `::ffff:127.0.0.1` is how a dual-stack socket names an IPv4 peer.
const plainAddress = (address: string) => address.toLowerCase().replace(/^::ffff:(?=\d)/, '');

const isLoopbackAddress = (address: string) =>
  address === '::1' || (isIP(address) === 4 && address.startsWith('127.'));

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1']);

function localAddressOf(c: Context): LocalAddress | undefined {
  // @hono/node-server hands the Node request over as `c.env.incoming`; app.request() in tests has none.
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const socket = incoming?.socket as
    (IncomingMessage['socket'] & { encrypted?: boolean }) | undefined;
  if (!socket?.localAddress || socket.localPort === undefined) return undefined;
  return {
    address: plainAddress(socket.localAddress),
    port: socket.localPort,
    encrypted: socket.encrypted === true,
  };
}

/**
 * Why the request's URL (its Host header, or an absolute-form request line) does not name the
 * address the connection came to; undefined when it does. Without `--public-url` that URL is where
 * the server sends people (flow actions, return_to, kubeconfig, webhook `.request.url`), so only the
 * listening address may appear in it: its IP and port, the machine's name with that port, and on a
 * loopback connection any loopback name with any port (`pnpm dev`'s proxy keeps the page's
 * localhost:5173; only this machine's own users can reach a loopback bind). A name pointed at us by
 * someone else's DNS (rebinding, a forged Host) is refused, so never handed back.
 */
export function unknownHost(c: Context): string | undefined {
  const local = localAddressOf(c);
  if (!local) return undefined;
  const url = new URL(c.req.url);
  const scheme = local.encrypted ? 'https:' : 'http:';
  const listening = `${scheme}//${local.address.includes(':') ? `[${local.address}]` : local.address}:${local.port}`;
  const refusal = `this server does not answer to ${url.origin}: reach it at ${listening}, or start it with --public-url`;
  if (url.protocol !== scheme) return refusal;
  const name = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  const port = url.port === '' ? (scheme === 'https:' ? 443 : 80) : Number(url.port);
  if (LOOPBACK_NAMES.has(name) && isLoopbackAddress(local.address)) return undefined;
  if ((name === local.address || name === machineName().toLowerCase()) && port === local.port)
    return undefined;
  return refusal;
}

/**
 * Refuses (421 Misdirected Request) a request whose Host is not the listening address, unless a
 * `--public-url` is configured: then every URL the server hands out comes from it, and the Host
 * (a proxy's, a probe's pod IP) builds nothing. X-Forwarded-Host never builds a URL.
 */
export function refuseUnknownHost(options: { publicUrl?: string | undefined }): MiddlewareHandler {
  return async (c, next) => {
    if (options.publicUrl) return next();
    const refusal = unknownHost(c);
    return refusal ? refuse(c, 421, 'misdirected request', refusal) : next();
  };
}
