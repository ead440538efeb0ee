import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.woff': 'font/woff', '.map': 'application/json', '.txt': 'text/plain; charset=utf-8',
  '.webp': 'image/webp', '.jpg': 'image/jpeg',
};

/** Serves a built single-page app: files as they are, every other path gets index.html. */
export function consoleHandler(dir: string) {
  const root = resolve(dir);
  return async (c: Context) => {
    const relative = normalize(decodeURIComponent(c.req.path)).replace(/^([/\\])+/, '');
    const file = join(root, relative);
    if (file.startsWith(root + sep) && relative) {
      const info = await stat(file).catch(() => undefined);
      if (info?.isFile()) {
        const cache = relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
        return c.body(await readFile(file), 200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': cache });
      }
    }
    const index = await readFile(join(root, 'index.html')).catch(() => undefined);
    if (!index) return c.json({ error: 'not found', message: 'console index.html is missing' }, 404);
    return c.body(index, 200, { 'Content-Type': TYPES['.html']!, 'Cache-Control': 'no-cache' });
  };
}
