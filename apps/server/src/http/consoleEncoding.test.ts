import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGliteDatabase } from '../db/database.ts';
import { freshPGlite } from '../testing/databases.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';

// A built console as the console's Vite build leaves it: a hashed chunk and the page with their
// brotli and gzip beside them, a small file without (the logo).
const consoleDir = mkdtempSync(join(tmpdir(), 'opsdeck-console-'));
const chunk = Buffer.from(
  Array.from({ length: 400 }, (_, i) => `export const value${i} = "${'opsdeck '.repeat(4)}";`).join(
    '\n',
  ),
);
const page = Buffer.from(`<!doctype html><title>console</title>${'<!-- pad -->'.repeat(200)}`);
mkdirSync(join(consoleDir, 'assets'));
for (const [name, bytes] of [
  ['assets/index-3f2a.js', chunk],
  ['index.html', page],
] as const) {
  writeFileSync(join(consoleDir, name), bytes);
  writeFileSync(join(consoleDir, `${name}.br`), brotliCompressSync(bytes));
  writeFileSync(join(consoleDir, `${name}.gz`), gzipSync(bytes));
}
writeFileSync(join(consoleDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

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

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they came over the wire (fetch would decode them). */
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    request(`${server.url}${path}`, { headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('precompressed console files', () => {
  it('sends brotli to a client that takes it, gzip to one that takes only gzip, the file itself to one that names none', async () => {
    const br = await get('/assets/index-3f2a.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.byteLength).toBeLessThan(chunk.byteLength / 4);
    expect(brotliDecompressSync(br.body).equals(chunk)).toBe(true);

    const gz = await get('/assets/index-3f2a.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['vary']).toBe('Accept-Encoding');
    expect(gunzipSync(gz.body).equals(chunk)).toBe(true);

    const plain = await get('/assets/index-3f2a.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    expect(plain.body.equals(chunk)).toBe(true);
  });

  it('honours q-values: q=0 refuses an encoding, a preferred identity wins', async () => {
    const noBrotli = await get('/assets/index-3f2a.js', { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
    const gzipFirst = await get('/assets/index-3f2a.js', {
      'Accept-Encoding': 'br;q=0.5, gzip;q=0.8',
    });
    expect(gzipFirst.headers['content-encoding']).toBe('gzip');
    const identity = await get('/assets/index-3f2a.js', {
      'Accept-Encoding': 'gzip;q=0.5, identity',
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(chunk)).toBe(true);
  });

  it('tags each encoding apart and answers an unchanged one with 304', async () => {
    const encodings = ['br', 'gzip', ''];
    const tags = await Promise.all(
      encodings.map(
        async (encoding) =>
          (await get('/assets/index-3f2a.js', encoding ? { 'Accept-Encoding': encoding } : {}))
            .headers['etag'] as string,
      ),
    );
    expect(new Set(tags).size).toBe(3);

    const again = await get('/assets/index-3f2a.js', {
      'Accept-Encoding': 'br',
      'If-None-Match': tags[0]!,
    });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    expect(again.headers['etag']).toBe(tags[0]);
    expect(again.headers['vary']).toBe('Accept-Encoding');
    expect(again.headers['content-encoding']).toBe('br');

    // A cached brotli copy does not stand for the plain bytes a client without brotli asks for.
    const other = await get('/assets/index-3f2a.js', { 'If-None-Match': tags[0]! });
    expect(other.status).toBe(200);
    expect(other.body.equals(chunk)).toBe(true);
  });

  it('compresses the page behind every app path, and leaves a file without variants as it is', async () => {
    const app = await get('/catalog/items', { 'Accept-Encoding': 'br' });
    expect(app.headers['content-encoding']).toBe('br');
    expect(app.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(app.body).equals(page)).toBe(true);

    const logo = await get('/logo.svg', { 'Accept-Encoding': 'br, gzip' });
    expect(logo.status).toBe(200);
    expect(logo.headers['content-encoding']).toBeUndefined();
    expect(logo.headers['vary']).toBeUndefined();
    expect(logo.body.toString()).toContain('<svg');
  });

  it('never sends a variant that a symlink takes outside the directory', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'opsdeck-outside-'));
    writeFileSync(join(outside, 'secret.br'), 'OUTSIDE_SECRET');
    writeFileSync(join(consoleDir, 'assets', 'other-1a2b.js'), 'export const other = 1;');
    symlinkSync(join(outside, 'secret.br'), join(consoleDir, 'assets', 'other-1a2b.js.br'));
    const reply = await get('/assets/other-1a2b.js', { 'Accept-Encoding': 'br' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.body.toString()).toBe('export const other = 1;');
  });
});
