import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { Readable } from 'node:stream';

/**
 * The one policy every request the server makes on a person's behalf passes (playbook http, sql
 * and notification actions): the host is resolved, every address it resolves to is checked, and the
 * connection goes to the checked address (a DNS answer that changes in between cannot swap it).
 * Redirects are followed here, each hop checked again.
 */
export interface OutboundPolicy {
  /** Loopback (127/8, ::1, 0.0.0.0) and private ranges (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7). */
  allowPrivate: boolean;
  /** Link-local (169.254/16, fe80::/10) and cloud metadata addresses. */
  allowLinkLocal: boolean;
}

/** What a server given no policy does: public addresses only. */
export const STRICT_OUTBOUND: OutboundPolicy = { allowPrivate: false, allowLinkLocal: false };

export class OutboundRefusedError extends Error {}

type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'reserved';

const ranges = (entries: [string, number, 'ipv4' | 'ipv6'][]) => {
  const list = new BlockList();
  for (const [network, prefix, type] of entries) list.addSubnet(network, prefix, type);
  return list;
};

// Metadata services answer on link-local addresses, and some on addresses of other ranges.
const LINK_LOCAL = ranges([
  ['169.254.0.0', 16, 'ipv4'],
  ['100.100.100.200', 32, 'ipv4'],
  ['fe80::', 10, 'ipv6'],
  ['fd00:ec2::254', 128, 'ipv6'],
]);
const LOOPBACK = ranges([
  ['127.0.0.0', 8, 'ipv4'],
  // 0.0.0.0 reaches this machine on Linux.
  ['0.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['::', 128, 'ipv6'],
]);
const PRIVATE = ranges([
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['fc00::', 7, 'ipv6'],
]);
// Never a unicast destination on the internet: multicast, broadcast, documentation and reserved.
const RESERVED = ranges([
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['ff00::', 8, 'ipv6'],
  ['::', 96, 'ipv6'],
  ['100::', 64, 'ipv6'],
]);

/** An IPv6 address that carries an IPv4 one (mapped `::ffff:a.b.c.d`, NAT64, 6to4) as that IPv4. */
function embeddedIPv4(address: string): string | undefined {
  const groups = expandIPv6(address);
  if (!groups) return undefined;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zero = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  // ::ffff:0:0/96 (mapped) and ::ffff:0:0:0/96 (translated)
  if (zero(0, 5) && groups[5] === 0xffff) return v4(groups[6]!, groups[7]!);
  if (zero(0, 4) && groups[4] === 0xffff && groups[5] === 0) return v4(groups[6]!, groups[7]!);
  // 64:ff9b::/96 (NAT64)
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zero(2, 6)) return v4(groups[6]!, groups[7]!);
  // 2002::/16 (6to4)
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  return undefined;
}

function expandIPv6(address: string): number[] | undefined {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, -dotted[1]!.length)}${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return undefined;
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups].map((group) =>
    parseInt(group, 16),
  );
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff)
    ? groups
    : undefined;
}

/** Which range an IP address is in (an IPv6 form of an IPv4 address counts as that address). */
export function classifyAddress(address: string): AddressClass {
  const family = isIP(address);
  if (family === 0) return 'reserved';
  if (family === 6) {
    const v4 = embeddedIPv4(address);
    if (v4) return classifyAddress(v4);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (LINK_LOCAL.check(address, type)) return 'link-local';
  if (LOOPBACK.check(address, type)) return 'loopback';
  if (PRIVATE.check(address, type)) return 'private';
  if (RESERVED.check(address, type)) return 'reserved';
  if (type === 'ipv4' && address === '255.255.255.255') return 'reserved';
  return 'public';
}

/** The refusal of one address under the policy, or undefined when it may be reached. */
export function refusalOf(address: string, policy: OutboundPolicy): string | undefined {
  const refused = (rule: string) => `outbound request to ${address} refused: ${rule}`;
  switch (classifyAddress(address)) {
    case 'link-local':
      return policy.allowLinkLocal
        ? undefined
        : refused(
            'link-local and metadata addresses are not allowed (an admin allows them with --outbound-allow-link-local)',
          );
    case 'loopback':
      return policy.allowPrivate
        ? undefined
        : refused('loopback addresses are not allowed (allow them with --outbound-allow-private)');
    case 'private':
      return policy.allowPrivate
        ? undefined
        : refused(
            'private network addresses are not allowed (allow them with --outbound-allow-private)',
          );
    case 'reserved':
      return refused('multicast, broadcast and reserved addresses are never reached');
    case 'public':
      return undefined;
  }
}

export interface ResolvedHost {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves `host` (a name or an IP literal, with or without brackets) and checks every address it
 * resolves to; the answer is the address to connect to. Throws OutboundRefusedError naming the rule.
 */
export async function resolveOutbound(host: string, policy: OutboundPolicy): Promise<ResolvedHost> {
  const name = host.replace(/^\[|\]$/g, '');
  if (name === '') throw new OutboundRefusedError('outbound request refused: no host');
  let addresses: { address: string; family: number }[];
  if (isIP(name)) addresses = [{ address: name, family: isIP(name) }];
  else {
    try {
      addresses = await lookup(name, { all: true, verbatim: true });
    } catch (error) {
      throw new Error(`cannot resolve ${name}: ${(error as NodeJS.ErrnoException).code ?? error}`);
    }
  }
  if (addresses.length === 0) throw new Error(`cannot resolve ${name}`);
  for (const { address } of addresses) {
    const refusal = refusalOf(address, policy);
    if (refusal)
      throw new OutboundRefusedError(
        name === address ? refusal : refusal.replace(`to ${address}`, `to ${name} (${address})`),
      );
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

export interface OutboundRequest {
  method?: string;
  headers?: Headers;
  body?: string | undefined;
  signal?: AbortSignal;
  /** Redirects followed (each hop checked); 0 answers the 3xx itself. Default 10. */
  maxRedirects?: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * fetch() for the server's outbound requests: http(s) only, every hop's host resolved and checked
 * against the policy and connected to at the checked address. Credentials (Authorization, Cookie)
 * are dropped when a redirect leaves the first origin.
 */
export async function outboundFetch(
  url: string,
  init: OutboundRequest,
  policy: OutboundPolicy,
): Promise<Response> {
  let current = new URL(url);
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body;
  const headers = new Headers(init.headers);
  const origin = current.origin;
  for (let hop = 0; ; hop += 1) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:')
      throw new OutboundRefusedError(
        `outbound request refused: ${current.protocol} is not http(s)`,
      );
    const response = await requestOnce(current, method, headers, body, policy, init.signal);
    const location = response.headers.get('location');
    if (!REDIRECTS.has(response.status) || !location || hop >= (init.maxRedirects ?? 10))
      return response;
    await response.body?.cancel().catch(() => undefined);
    current = new URL(location, current);
    if (
      response.status === 303 ||
      ((response.status === 301 || response.status === 302) && method === 'POST')
    ) {
      method = method === 'HEAD' ? 'HEAD' : 'GET';
      body = undefined;
      headers.delete('content-type');
    }
    if (current.origin !== origin) {
      headers.delete('authorization');
      headers.delete('cookie');
    }
  }
}

async function requestOnce(
  url: URL,
  method: string,
  headers: Headers,
  body: string | undefined,
  policy: OutboundPolicy,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const pinned = await resolveOutbound(url.hostname, policy);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const message = await new Promise<IncomingMessage>((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method,
        headers: Object.fromEntries(headers),
        ...(signal ? { signal } : {}),
        // The connection goes to the address checked above, whatever DNS answers now; TLS still
        // verifies the certificate against the URL's host name.
        lookup: (_hostname, options, callback) => {
          if ((options as { all?: boolean }).all)
            (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
              pinned,
            ]);
          else callback(null, pinned.address, pinned.family);
        },
      },
      resolve,
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
  const replyHeaders = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (Array.isArray(value)) for (const item of value) replyHeaders.append(name, item);
    else if (value !== undefined) replyHeaders.set(name, value);
  }
  const status = message.statusCode ?? 502;
  const empty = status === 204 || status === 205 || status === 304 || method === 'HEAD';
  if (empty) message.resume();
  return new Response(empty ? null : (Readable.toWeb(message) as ReadableStream<Uint8Array>), {
    status: status < 200 || status > 599 ? 502 : status,
    headers: replyHeaders,
  });
}

/**
 * A postgres:// URL whose host is checked against the policy and replaced by the checked address.
 * A socket directory or another host given in the query (`?host=`, `?hostaddr=`) is refused: it would
 * reach this machine's own database sockets.
 */
export async function outboundPostgresUrl(url: string, policy: OutboundPolicy): Promise<string> {
  const parsed = new URL(url);
  for (const name of parsed.searchParams.keys())
    if (/^host(addr)?$/i.test(name))
      throw new OutboundRefusedError(
        `outbound request refused: a postgres URL names its host in the address, not in ?${name}=`,
      );
  const host = decodeURIComponent(parsed.hostname);
  if (host === '' || host.includes(',') || host.startsWith('/'))
    throw new OutboundRefusedError('outbound request refused: a postgres URL needs one host name');
  const pinned = await resolveOutbound(host, policy);
  parsed.hostname = pinned.family === 6 ? `[${pinned.address}]` : pinned.address;
  return parsed.toString();
}
