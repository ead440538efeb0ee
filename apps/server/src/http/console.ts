import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Context } from 'hono';
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
        const tag = `W/"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
        const headers = { 'Cache-Control': cache, ETag: tag };
        if (matchesTag(c.req.header('If-None-Match'), tag)) return c.body(null, 304, headers);
        return c.body(await readFile(real), 200, {
          ...headers,
          'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        });
      }
    }
    const index = await readFile(join(root, 'index.html')).catch(() => undefined);
    if (!index)
      return c.json({ error: 'not found', message: 'console index.html is missing' }, 404);
    return c.body(index, 200, { 'Content-Type': TYPES['.html']!, 'Cache-Control': 'no-cache' });
  };
}
