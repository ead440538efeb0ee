import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'hono';
import { accepts } from 'hono/accepts';
import { errorBody } from './errors.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
};

function decodePath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/** Whether an If-None-Match header names `tag` (a list of tags, or `*`; weak comparison). */
function matchesTag(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const bare = (value: string) => value.trim().replace(/^W\//, '');
  return header.split(',').some((value) => value.trim() === '*' || bare(value) === bare(tag));
}

/** Precompressed variants a build writes beside a file (`app.js.br`), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'] | 'identity';

/**
 * The encoding to send among those on disk: the client's highest q wins, ties go to the smaller
 * (br before gzip); `q=0` refuses one. No Accept-Encoding means identity.
 */
function chooseEncoding(c: Context, available: Encoding[]): Encoding {
  return accepts(c, {
    header: 'Accept-Encoding',
    supports: available,
    default: 'identity',
    match: (offered) => {
      const q = (name: string) =>
        offered.find((entry) => entry.type.toLowerCase() === name)?.q ??
        offered.find((entry) => entry.type === '*')?.q ??
        0;
      let best: Encoding = 'identity';
      for (const name of available) if (q(name) > 0 && q(name) > q(best)) best = name;
      return best;
    },
  }) as Encoding;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The console build's table of its pages (apps/console/scripts/routePreloads.ts): per path pattern
 * (react-router's, `:id` segments), the chunks that page needs beyond the entry's.
 */
const ROUTE_PRELOADS = '.opsdeck/route-preloads.json';
interface RoutePreload {
  path: string;
  files: string[];
}

/**
 * The requests every signed-in page makes first (whoami and the feature flags), asked for by the
 * page itself with `<link rel=preload as=fetch>` so they are answered while the entry loads.
 */
const SESSION_REQUESTS = ['/api/auth/whoami', '/api/properties'];

/** The route whose pattern fits `path`; the one with the most literal segments wins (as in react-router). */
function routeFor(routes: RoutePreload[], path: string): RoutePreload | undefined {
  const segments = path.split('/').filter(Boolean);
  let best: { route: RoutePreload; literal: number } | undefined;
  for (const route of routes) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    let literal = 0;
    const fits = pattern.every((part, i) => {
      if (part.startsWith(':')) return segments[i] !== '';
      literal += 1;
      return part === segments[i];
    });
    if (fits && (!best || literal > best.literal)) best = { route, literal };
  }
  return best?.route;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `html` with the page's preloads before `</head>`: its chunks, then its session requests. */
function withPreloads(html: string, route: RoutePreload): string {
  const links = [
    ...SESSION_REQUESTS.map(
      (href) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`,
    ),
    ...route.files.map(
      (file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`,
    ),
  ];
  const at = html.indexOf('</head>');
  return at < 0 ? html : `${html.slice(0, at)}    ${links.join('\n    ')}\n  ${html.slice(at)}`;
}

/**
 * Serves a built single-page app: files as they are, every other path gets index.html. Dotfiles
 * and whatever a symlink reaches outside the directory are never served (the index is, as for any
 * unknown path).
 */
export function consoleHandler(dir: string) {
  const root = resolve(dir);
  // The directory's own real path, once: a console dir that is itself a symlink still serves.
  let realRoot: Promise<string> | undefined;
  /** The file's real path when it lies inside the directory (symlinks followed), else undefined. */
  const realInside = async (file: string) => {
    realRoot ??= realpath(root).catch(() => root);
    const [real, base] = await Promise.all([realpath(file).catch(() => undefined), realRoot]);
    return real?.startsWith(base + sep) ? real : undefined;
  };
  /**
   * The bytes to send for `real` (a checked file): its precompressed variant when the client takes
   * one, and a tag of that variant's own so a cache never answers one encoding with another's bytes.
   * Vary is set whenever a variant exists, on the identity reply too.
   */
  const representation = async (c: Context, real: string, size: number, mtimeMs: number) => {
    const variants = await Promise.all(
      ENCODINGS.map(async (encoding) => {
        const path = await realInside(real + encoding.suffix);
        const info = path ? await stat(path).catch(() => undefined) : undefined;
        return info?.isFile() ? { ...encoding, path: path!, info } : undefined;
      }),
    );
    const present = variants.filter((variant) => variant !== undefined);
    const chosen = chooseEncoding(
      c,
      present.map((variant) => variant.name),
    );
    const variant = present.find((entry) => entry.name === chosen);
    const tagOf = (bytes: number, mtime: number, suffix = '') =>
      `W/"${bytes.toString(36)}-${Math.floor(mtime).toString(36)}${suffix}"`;
    return {
      path: variant?.path ?? real,
      tag: variant
        ? tagOf(variant.info.size, variant.info.mtimeMs, `-${variant.name}`)
        : tagOf(size, mtimeMs),
      headers: {
        ...(present.length > 0 ? { Vary: 'Accept-Encoding' } : {}),
        ...(variant ? { 'Content-Encoding': variant.name } : {}),
      } as Record<string, string>,
    };
  };
  /**
   * index.html for a page of the build's route table: the page's preloads added, compressed for
   * `encoding` once per build and page.
   */
  const pages = new Map<string, Promise<Buffer<ArrayBuffer> | undefined>>();
  const routedIndex = async (
    path: string,
    encoding: Encoding,
  ): Promise<Buffer<ArrayBuffer> | undefined> => {
    const index = join(root, 'index.html');
    const info = await stat(index).catch(() => undefined);
    if (!info) return undefined;
    const tableFile = join(root, ROUTE_PRELOADS);
    const table = await readFile(tableFile, 'utf8').catch(() => undefined);
    const routes = table ? (JSON.parse(table) as RoutePreload[]) : [];
    const route = routeFor(routes, path);
    if (!route) return undefined;
    const key = `${info.mtimeMs}:${route.path}:${encoding}`;
    let made = pages.get(key);
    if (!made) {
      made = (async () => {
        const html = Buffer.from(withPreloads(await readFile(index, 'utf8'), route));
        // Copied into a buffer of its own: the body hono sends is an ArrayBuffer's view.
        if (encoding === 'br')
          return Buffer.from(
            await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
          );
        if (encoding === 'gzip')
          return Buffer.from(await gzipped(html, { level: constants.Z_BEST_COMPRESSION }));
        return html;
      })().catch(() => undefined);
      pages.set(key, made);
    }
    return made;
  };
  return async (c: Context) => {
    const decoded = decodePath(c.req.path);
    if (decoded === undefined)
      return c.json(errorBody('invalid', 'the path has malformed percent-encoding'), 400);
    const relative = normalize(decoded).replace(/^([/\\])+/, '');
    const file = join(root, relative);
    const hidden = relative.split(/[/\\]/).some((segment) => segment.startsWith('.'));
    const real =
      file.startsWith(root + sep) && relative && !hidden ? await realInside(file) : undefined;
    if (real) {
      // The checked real path is what is read, not the link a second time.
      const info = await stat(real).catch(() => undefined);
      if (info?.isFile()) {
        // Built assets carry their hash in their name. The others (the logo a tab shows, which
        // the browser asks for again on each of the app's navigations) keep ten minutes, then
        // are checked against their tag: a new build shows soon, an unchanged file is a 304.
        const cache = relative.startsWith('assets/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=600';
        const chosen = await representation(c, real, info.size, info.mtimeMs);
        const headers = { 'Cache-Control': cache, ETag: chosen.tag, ...chosen.headers };
        if (matchesTag(c.req.header('If-None-Match'), chosen.tag))
          return c.body(null, 304, headers);
        return c.body(await readFile(chosen.path), 200, {
          ...headers,
          'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        });
      }
    }
    const index = join(root, 'index.html');
    const page = await representation(c, index, 0, 0);
    const encoding = (page.headers['Content-Encoding'] ?? 'identity') as Encoding;
    const body =
      (await routedIndex(decoded, encoding)) ?? (await readFile(page.path).catch(() => undefined));
    if (!body) return c.json({ error: 'not found', message: 'console index.html is missing' }, 404);
    return c.body(body, 200, {
      ...page.headers,
      'Content-Type': TYPES['.html']!,
      'Cache-Control': 'no-cache',
    });
  };
}
