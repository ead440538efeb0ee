import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
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

/** Above this a file of the build is read for each request rather than kept in memory. */
const MAX_CACHED_BYTES = 8 * 1024 * 1024;

/** One encoding of a built file: its bytes when kept in memory, and its own tag. */
interface Variant {
  name: Encoding;
  path: string;
  bytes: Buffer<ArrayBuffer> | undefined;
  tag: string;
}
/** A built file's variants, identity last. */
interface BuiltFile {
  variants: Variant[];
}

const tagOf = (bytes: number, mtime: number, suffix = '') =>
  `W/"${bytes.toString(36)}-${Math.floor(mtime).toString(36)}${suffix}"`;
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

/**
 * A page's own first request, asked for the same way when its URL has no query (a query may change
 * it): it then starts with the document instead of after the app's chunks have run. Each must be
 * byte for byte the GET the page then makes (URL and parameter order; no header a preload cannot
 * send, such as Prefer), or the browser fetches it twice — apps/console's firstVisit e2e test loads
 * each page cold and checks the page's request was served by the preload.
 */
const PAGE_REQUESTS: Record<string, string[]> = {
  health: ['/api/canary/api/summary'],
  topology: ['/api/canary/api/topology?depth=2&sortBy=status&sortOrder=desc'],
};

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

/**
 * `html` with the page's preloads before `</head>`: its session requests and, when the URL has no
 * query, its own first request, then its chunks.
 */
function withPreloads(
  html: string,
  route: RoutePreload,
  withQuery: boolean,
  { requests: withRequests = true } = {},
): string {
  const requests = withRequests
    ? [...SESSION_REQUESTS, ...(withQuery ? [] : (PAGE_REQUESTS[route.path] ?? []))]
    : [];
  const links = [
    ...requests.map(
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
 * The console build's server render (apps/console/src/entry-server.tsx, built under the dot
 * directory this handler never serves): a page's first screen as the signed-in browser would show it,
 * or undefined when the browser should render it itself.
 */
const SERVER_ENTRY = '.opsdeck/ssr/entry-server.js';
interface RenderedPage {
  /** Style tags for the head. */
  head: string;
  /** The root's markup. */
  root: string;
  /** The element holding the hydration data, for after the root (the console's ssr/payload.ts). */
  payload: string;
}
interface ServerEntry {
  renderConsolePage(request: {
    url: string;
    cookie: string | undefined;
    fetch: (request: Request) => Promise<Response>;
    budgetMs?: number;
  }): Promise<RenderedPage | undefined>;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/** index.html with a render's styles in the head and its markup and data in the root. */
function withRender(html: string, page: RenderedPage): string | undefined {
  const head = html.indexOf('</head>');
  const root = html.indexOf(ROOT_ELEMENT);
  if (head < 0 || root < head) return undefined;
  return (
    `${html.slice(0, head)}${page.head}${html.slice(head, root)}<div id="root">${page.root}</div>` +
    page.payload +
    html.slice(root + ROOT_ELEMENT.length)
  );
}

export interface ConsoleHandlerOptions {
  /**
   * The server's own app, for a server render's API calls (with the request's env, so they reach
   * it as the browser's would). Without it, pages are never rendered on the server.
   */
  appFetch?: (request: Request, env: unknown) => Response | Promise<Response>;
  /** How long a render may wait for its data before the plain page goes (ms; default the entry's, 0: no render). */
  renderBudgetMillis?: number | undefined;
  /** Told when a server render fails (the plain page is sent instead). */
  onRenderError?: (error: unknown) => void;
}

/**
 * Serves a built single-page app: files as they are, every other path gets index.html — with the
 * page's first screen rendered in it when the build has a server entry and the render answers.
 * Dotfiles and whatever a symlink reaches outside the directory are never served (the index is, as
 * for any unknown path).
 */
export function consoleHandler(dir: string, options: ConsoleHandlerOptions = {}) {
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
   * A file of the build as it is sent: its bytes and those of each precompressed variant beside it,
   * read once per file and mtime (hashed assets never change; a rebuild gives a new mtime), not on
   * every request. Files above MAX_CACHED_BYTES are read each time.
   */
  const files = new Map<string, Promise<BuiltFile>>();
  const fileKeys = new Map<string, string>();
  const builtFile = (real: string, size: number, mtimeMs: number): Promise<BuiltFile> => {
    const cached = files.get(real);
    const key = `${size}:${mtimeMs}`;
    if (cached && fileKeys.get(real) === key) return cached;
    const made = (async () => {
      const found = await Promise.all(
        ENCODINGS.map(async (encoding) => {
          const path = await realInside(real + encoding.suffix);
          const info = path ? await stat(path).catch(() => undefined) : undefined;
          if (!path || !info?.isFile()) return undefined;
          const bytes = info.size <= MAX_CACHED_BYTES ? await readFile(path) : undefined;
          return {
            name: encoding.name,
            path,
            bytes,
            tag: tagOf(info.size, info.mtimeMs, `-${encoding.name}`),
          };
        }),
      );
      const variants: Variant[] = found.filter((variant) => variant !== undefined);
      const bytes = size <= MAX_CACHED_BYTES ? await readFile(real) : undefined;
      variants.push({ name: 'identity', path: real, bytes, tag: tagOf(size, mtimeMs) });
      return { variants };
    })();
    // A failed read is not kept: the next request tries again.
    made.catch(() => files.delete(real));
    files.set(real, made);
    fileKeys.set(real, key);
    return made;
  };
  /**
   * The representation of `file` to send: its precompressed variant when the client takes one, and
   * a tag of that variant's own so a cache never answers one encoding with another's bytes. Vary is
   * set whenever a variant exists, on the identity reply too.
   */
  const representation = (c: Context, file: BuiltFile) => {
    const compressed = file.variants.filter((variant) => variant.name !== 'identity');
    const chosen = chooseEncoding(
      c,
      compressed.map((variant) => variant.name),
    );
    const variant = file.variants.find((entry) => entry.name === chosen)!;
    return {
      variant,
      headers: {
        ...(compressed.length > 0 ? { Vary: 'Accept-Encoding' } : {}),
        ...(chosen !== 'identity' ? { 'Content-Encoding': chosen } : {}),
      } as Record<string, string>,
    };
  };
  /**
   * The build's route table, read and parsed once per build (index.html's mtime). A new build also
   * drops the files kept from the one before, whose hashed names are gone.
   */
  let table: { mtimeMs: number; routes: Promise<RoutePreload[]> } | undefined;
  const routeTable = (mtimeMs: number) => {
    if (table?.mtimeMs !== mtimeMs) {
      if (table) {
        files.clear();
        fileKeys.clear();
      }
      table = {
        mtimeMs,
        routes: readFile(join(root, ROUTE_PRELOADS), 'utf8')
          .then((text) => JSON.parse(text) as RoutePreload[])
          .catch(() => []),
      };
    }
    return table.routes;
  };
  /**
   * index.html for a page of the build's route table: the page's preloads added, compressed for
   * `encoding` once per build and page.
   */
  const pages = new Map<string, Promise<Buffer<ArrayBuffer> | undefined>>();
  const routedIndex = async (
    path: string,
    withQuery: boolean,
    encoding: Encoding,
    indexMtimeMs: number,
  ): Promise<Buffer<ArrayBuffer> | undefined> => {
    const route = routeFor(await routeTable(indexMtimeMs), path);
    if (!route) return undefined;
    const key = `${indexMtimeMs}:${route.path}:${withQuery}:${encoding}`;
    let made = pages.get(key);
    if (!made) {
      made = (async () => {
        const html = Buffer.from(
          withPreloads(await readFile(join(root, 'index.html'), 'utf8'), route, withQuery),
        );
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
  /** The build's server entry, imported once per build (index.html's mtime); undefined without one. */
  let entry: { mtimeMs: number; module: Promise<ServerEntry | undefined> } | undefined;
  const serverEntry = (mtimeMs: number) => {
    if (entry?.mtimeMs !== mtimeMs) {
      const file = join(root, SERVER_ENTRY);
      entry = {
        mtimeMs,
        module: stat(file)
          .then((info) =>
            info.isFile()
              ? (import(
                  `${pathToFileURL(file).href}?build=${Math.floor(mtimeMs)}`
                ) as Promise<ServerEntry>)
              : undefined,
          )
          .catch(() => undefined),
      };
    }
    return entry.module;
  };
  // The server entry is a few MB of code: compiled as the server starts, not on a user's first visit.
  if (options.appFetch && options.renderBudgetMillis !== 0)
    void stat(join(root, 'index.html'))
      .then((info) => serverEntry(info.mtimeMs))
      .catch(() => undefined);
  /**
   * The page at `path` rendered on the server for this request, compressed as the client takes it;
   * undefined when it is not rendered (no server entry, not a page of the build, no session…).
   */
  const renderedPage = async (c: Context, path: string, index: BuiltFile, indexMtimeMs: number) => {
    const { appFetch, renderBudgetMillis } = options;
    if (!appFetch || renderBudgetMillis === 0 || !c.req.header('accept')?.includes('text/html'))
      return undefined;
    const route = routeFor(await routeTable(indexMtimeMs), path);
    const module = route && (await serverEntry(indexMtimeMs));
    if (!route || !module) return undefined;
    const template = index.variants.find((variant) => variant.name === 'identity')!;
    try {
      const page = await module.renderConsolePage({
        url: c.req.url,
        cookie: c.req.header('cookie'),
        fetch: async (request) => appFetch(request, c.env),
        ...(renderBudgetMillis !== undefined ? { budgetMs: renderBudgetMillis } : {}),
      });
      if (!page) return undefined;
      const html = withRender(
        withPreloads(
          (template.bytes ?? (await readFile(template.path))).toString('utf8'),
          route,
          true,
          { requests: false },
        ),
        page,
      );
      if (html === undefined) return undefined;
      const encoding = chooseEncoding(c, ['br', 'gzip']);
      const bytes = Buffer.from(html);
      // Made per request, so quick levels: the page is some tens of KB of markup and styles.
      const body =
        encoding === 'br'
          ? Buffer.from(await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }))
          : encoding === 'gzip'
            ? Buffer.from(await gzipped(bytes, { level: 6 }))
            : bytes;
      return c.body(body, 200, {
        'Content-Type': TYPES['.html']!,
        // The user's own data: kept by no shared cache, and asked for again each visit.
        'Cache-Control': 'private, no-store',
        Vary: 'Accept-Encoding, Cookie',
        ...(encoding !== 'identity' ? { 'Content-Encoding': encoding } : {}),
      });
    } catch (error) {
      options.onRenderError?.(error);
      return undefined;
    }
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
        const { variant, headers: encodingHeaders } = representation(
          c,
          await builtFile(real, info.size, info.mtimeMs),
        );
        const headers = { 'Cache-Control': cache, ETag: variant.tag, ...encodingHeaders };
        if (matchesTag(c.req.header('If-None-Match'), variant.tag))
          return c.body(null, 304, headers);
        return c.body(variant.bytes ?? (await readFile(variant.path)), 200, {
          ...headers,
          'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        });
      }
    }
    const index = join(root, 'index.html');
    const info = await stat(index).catch(() => undefined);
    const built = info?.isFile()
      ? await builtFile(index, info.size, info.mtimeMs).catch(() => undefined)
      : undefined;
    if (!info || !built)
      return c.json({ error: 'not found', message: 'console index.html is missing' }, 404);
    const rendered = await renderedPage(c, decoded, built, info.mtimeMs);
    if (rendered) return rendered;
    const page = representation(c, built);
    const body =
      (await routedIndex(
        decoded,
        new URL(c.req.url).search !== '',
        page.variant.name,
        info.mtimeMs,
      )) ??
      page.variant.bytes ??
      (await readFile(page.variant.path));
    return c.body(body, 200, {
      ...page.headers,
      'Content-Type': TYPES['.html']!,
      'Cache-Control': 'no-cache',
    });
  };
}
