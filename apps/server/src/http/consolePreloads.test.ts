import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGliteDatabase } from '../db/database.ts';
import { freshPGlite } from '../testing/databases.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';

// A built console as its Vite build leaves it: the page (with its brotli and gzip) and the build's
// table of pages and the chunks each needs beyond the entry (apps/console/scripts/routePreloads.ts).
const consoleDir = mkdtempSync(join(tmpdir(), 'opsdeck-console-preloads-'));
const page = Buffer.from(
  '<!doctype html>\n<html>\n  <head>\n    <title>Opsdeck</title>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
);
writeFileSync(join(consoleDir, 'index.html'), page);
writeFileSync(join(consoleDir, 'index.html.br'), brotliCompressSync(page));
writeFileSync(join(consoleDir, 'index.html.gz'), gzipSync(page));
mkdirSync(join(consoleDir, '.opsdeck'));
writeFileSync(
  join(consoleDir, '.opsdeck', 'route-preloads.json'),
  JSON.stringify([
    { path: 'health', files: ['assets/pages-h1.js', 'assets/healthLists-h2.js'] },
    { path: 'catalog', files: ['assets/listPage-c1.js'] },
    { path: 'catalog/changes', files: ['assets/changesPage-c2.js'] },
    { path: 'catalog/:id', files: ['assets/configPage-c3.js'] },
  ]),
);

let db: PGliteDatabase;
let server: TestServer;
beforeAll(async () => {
  db = await freshPGlite();
  server = await startTestServer({ db, consoleDir, auth: 'disabled' });
});
afterAll(async () => {
  await server.close();
  await db.close();
});

/** The page as the browser asks for it on a navigation, its bytes decoded. */
function navigate(path: string, encoding = ''): Promise<{ status: number; html: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Accept: 'text/html' };
    if (encoding) headers['Accept-Encoding'] = encoding;
    request(`${server.url}${path}`, { headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        const body = Buffer.concat(parts);
        const sent = res.headers['content-encoding'];
        if (sent !== (encoding || undefined))
          reject(new Error(`asked for ${encoding || 'identity'}, got ${sent ?? 'identity'}`));
        const bytes =
          sent === 'br' ? brotliDecompressSync(body) : sent === 'gzip' ? gunzipSync(body) : body;
        resolve({ status: res.statusCode!, html: bytes.toString() });
      });
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const modulepreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1],
  );
const fetchPreloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1],
  );

describe("the console page names the page's chunks and session requests", () => {
  it("lists a page's chunks and the session requests in its head, in every encoding", async () => {
    for (const encoding of ['', 'br', 'gzip']) {
      const { status, html } = await navigate('/health', encoding);
      expect(status).toBe(200);
      expect(modulepreloads(html)).toEqual(['/assets/pages-h1.js', '/assets/healthLists-h2.js']);
      expect(fetchPreloads(html)).toEqual([
        '/api/auth/whoami',
        '/api/properties',
        '/api/canary/api/summary',
      ]);
      // In the head, before the body: fetched while the entry loads.
      expect(html.indexOf('pages-h1.js')).toBeLessThan(html.indexOf('</head>'));
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
    }
  });

  it("asks for the page's own first request only when the URL has no query that may change it", async () => {
    expect(fetchPreloads((await navigate('/health?search=api')).html)).toEqual([
      '/api/auth/whoami',
      '/api/properties',
    ]);
    // A page with no request of its own named: the session requests alone.
    expect(fetchPreloads((await navigate('/catalog')).html)).toEqual([
      '/api/auth/whoami',
      '/api/properties',
    ]);
  });

  it('picks the route react-router would: literal segments over a parameter', async () => {
    expect(modulepreloads((await navigate('/catalog', 'br')).html)).toEqual([
      '/assets/listPage-c1.js',
    ]);
    expect(modulepreloads((await navigate('/catalog/changes')).html)).toEqual([
      '/assets/changesPage-c2.js',
    ]);
    expect(modulepreloads((await navigate('/catalog/5b3c-config')).html)).toEqual([
      '/assets/configPage-c3.js',
    ]);
  });

  it('serves the page as built for a path of no route (sign-in pages, unknown paths)', async () => {
    for (const path of ['/login', '/catalog/a/b', '/nowhere']) {
      const { status, html } = await navigate(path);
      expect(status).toBe(200);
      expect(html).toBe(page.toString());
    }
    const br = await navigate('/login', 'br');
    expect(br.html).toBe(page.toString());
  });

  it('never serves the table itself', async () => {
    const { html } = await navigate('/.opsdeck/route-preloads.json');
    expect(html).toBe(page.toString());
  });

  it('serves a new build in place: its page, its table and its files, without a restart', async () => {
    const asset = join(consoleDir, 'assets', 'app-1.js');
    mkdirSync(join(consoleDir, 'assets'), { recursive: true });
    writeFileSync(asset, 'export const build = 1;\n');
    expect((await navigate('/assets/app-1.js')).html).toBe('export const build = 1;\n');
    expect(modulepreloads((await navigate('/catalog')).html)).toEqual(['/assets/listPage-c1.js']);

    // The next build: same names, new bytes and a later mtime (a rebuild over the same directory).
    const later = new Date(Date.now() + 5_000);
    writeFileSync(asset, 'export const build = 2;\n');
    utimesSync(asset, later, later);
    writeFileSync(
      join(consoleDir, '.opsdeck', 'route-preloads.json'),
      JSON.stringify([{ path: 'catalog', files: ['assets/listPage-c9.js'] }]),
    );
    writeFileSync(join(consoleDir, 'index.html'), page);
    utimesSync(join(consoleDir, 'index.html'), later, later);
    expect((await navigate('/assets/app-1.js')).html).toBe('export const build = 2;\n');
    expect(modulepreloads((await navigate('/catalog')).html)).toEqual(['/assets/listPage-c9.js']);
  });
});
