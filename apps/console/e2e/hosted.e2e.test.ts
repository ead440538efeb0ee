import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { authTestIds } from '@opsdeck/auth/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testIds } from '../src/testIds.ts';
import { axeViolations } from './pageChecks.ts';
import { sharedBrowser } from './serverProcess.ts';
import { installStandInClerk, type StandInSetup } from './standInClerk.ts';

// The hosted build (VITE_OPSDECK_AUTH=hosted, built before test:journeys into .opsdeck/e2e-hosted-dist) in
// Chromium. The hosted service cannot be reached: a stand-in Clerk object is installed before the
// page loads and every request off 127.0.0.1 is aborted and recorded. The screens exercised here
// need no organization backend.
const dist = fileURLToPath(new URL('../.opsdeck/e2e-hosted-dist/', import.meta.url));
const contentTypes: Record<string, string> = {
  '.js': 'text/javascript',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.css': 'text/css',
  '.map': 'application/json',
};

let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  // Static files with the SPA fallback, as the server serves the console.
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const file = join(dist, path);
    if (path.startsWith('/api/')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"error":"not found"}');
    } else if (path !== '/' && file.startsWith(dist) && existsSync(file)) {
      response.writeHead(200, {
        'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
      });
      response.end(readFileSync(file));
    } else {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(readFileSync(join(dist, 'index.html')));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await sharedBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function open(path: string, setup: StandInSetup): Promise<{ page: Page; outside: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const outside: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin)) return route.continue();
    outside.push(url);
    return route.abort();
  });
  await page.addInitScript(installStandInClerk, setup);
  await page.goto(origin + path);
  return { page, outside };
}

const pathOf = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;
const organizations = [
  { id: 'org_a', name: 'Acme', publicMetadata: {} },
  { id: 'org_b', name: 'Globex', publicMetadata: { direct: true } },
];

describe('hosted build in Chromium with a stand-in hosted service', () => {
  it('sends a signed-out visitor to the hosted sign-in with the page to come back to', async () => {
    const { page, outside } = await open('/health?search=dns', {
      signedIn: false,
      organizations: [],
    });
    await page.getByTestId(testIds.hosted.login).getByText('[SignIn]').waitFor();
    expect(pathOf(page)).toBe('/login?return_to=%2Fhealth%3Fsearch%3Ddns');
    expect(outside).toEqual([]);
    await page.close();
  });

  it('leaves the loading state when the hosted SDK loads while the first render is still going', async () => {
    // With the CPU slowed, the stand-in SDK's load ends inside the first (time-sliced) render,
    // before ClerkProvider subscribes to its status: the session must still see it loaded.
    for (let attempt = 0; attempt < 3; attempt++) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 });
      await page.addInitScript(installStandInClerk, { signedIn: false, organizations: [] });
      await page.goto(origin + '/health');
      await page
        .getByTestId(testIds.hosted.login)
        .getByText('[SignIn]')
        .waitFor({ timeout: 20_000 });
      await page.close();
    }
  });

  it('offers the organization list, then reads provisioning for an organization without a backend; both pass axe', async () => {
    const { page, outside } = await open('/health', { signedIn: true, organizations });
    const list = page.getByTestId(authTestIds.hosted.organizationList);
    await list.getByRole('button', { name: 'Globex' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await list.getByRole('button', { name: 'Globex' }).click();
    await page.getByText('Please wait, instance provisioning in-progress ...').waitFor();
    expect(pathOf(page)).toBe('/');
    expect(await axeViolations(page)).toEqual([]);
    expect(outside).toEqual([]);
    await page.close();
  });
});
