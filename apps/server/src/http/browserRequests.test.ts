import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGliteDatabase } from '../db/database.ts';
import { freshPGlite } from '../testing/databases.ts';
import { createApp } from './app.ts';

// One database for the file: nothing here writes to it.
let db: PGliteDatabase;
beforeAll(async () => {
  db = await freshPGlite();
});
afterAll(async () => {
  await db.close();
});

// A built console: its page, a file of its own (the logo) and a hashed asset.
const consoleDir = mkdtempSync(join(tmpdir(), 'opsdeck-console-'));
writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
writeFileSync(join(consoleDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
mkdirSync(join(consoleDir, 'assets'));
writeFileSync(join(consoleDir, 'assets', 'index-3f2a.js'), 'export {};');

// The console has a /health page and the server a /health probe: both must keep working.
describe('/health with a console', () => {
  it('answers OK to a probe and the console page to a browser', async () => {
    const app = createApp({ db, consoleDir });
    expect(await (await app.request('/health')).text()).toBe('OK');
    const page = await app.request('/health', {
      headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(await page.text()).toContain('<title>console</title>');
  });

  it('answers OK to a browser when no console is served', async () => {
    const app = createApp({ db });
    expect(await (await app.request('/health', { headers: { Accept: 'text/html' } })).text()).toBe(
      'OK',
    );
  });
});

describe('console files', () => {
  it('keeps hashed assets for good, other files ten minutes, and answers an unchanged file with 304', async () => {
    const app = createApp({ db, consoleDir });
    const asset = await app.request('/assets/index-3f2a.js');
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const page = await app.request('/catalog');
    expect(page.headers.get('Cache-Control')).toBe('no-cache');

    const logo = await app.request('/logo.svg');
    expect(logo.status).toBe(200);
    expect(logo.headers.get('Cache-Control')).toBe('public, max-age=600');
    const tag = logo.headers.get('ETag')!;
    expect(tag).toMatch(/^W\/".+"$/);
    const again = await app.request('/logo.svg', { headers: { 'If-None-Match': tag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    // A new build's file (another size) is sent whole, under another tag.
    writeFileSync(
      join(consoleDir, 'logo.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>',
    );
    const changed = await app.request('/logo.svg', { headers: { 'If-None-Match': tag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('ETag')).not.toBe(tag);
    expect(await changed.text()).toContain('<g/>');
  });
});

// The console's own fetches must get a plain 401 (it redirects to sign-in); a Basic challenge would
// make the browser hold them behind a password dialog.
describe('401 from a page script', () => {
  it('challenges scripts, never a browser (a page fetch or an address-bar visit)', async () => {
    const app = createApp({ db });
    const script = await app.request('/api/auth/whoami');
    expect(script.status).toBe(401);
    expect(script.headers.get('WWW-Authenticate')).toContain('Basic');
    // A browser that was challenged keeps the typed password for cross-site requests too (issue 17 #2).
    const visit = await app.request('/api/auth/whoami', {
      headers: { 'Sec-Fetch-Mode': 'navigate' },
    });
    expect(visit.headers.get('WWW-Authenticate')).toBeNull();
    const pageFetch = await app.request('/api/auth/whoami', {
      headers: { 'Sec-Fetch-Mode': 'cors' },
    });
    expect(pageFetch.status).toBe(401);
    expect(pageFetch.headers.get('WWW-Authenticate')).toBeNull();
  });
});
