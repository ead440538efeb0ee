import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumOptions,
  startServerProcess,
  type RunningServer,
} from '../../../scripts/e2e/serverProcess.ts';

// The attacks of issue 17 #6 and #13 as a browser carries them out: a page of another origin on the
// same host (same site, so the SameSite=Lax session cookie travels with its requests) posts forms to
// the API and frames the console, while the browser holds an admin session.
const marker = 'opsdeck-console-marker';
const consoleDir = mkdtempSync(join(tmpdir(), 'opsdeck-e2e-console-'));
writeFileSync(
  join(consoleDir, 'index.html'),
  `<!doctype html><title>console</title><p id="marker">${marker}</p>`,
);

const admin = {
  Authorization: `Basic ${Buffer.from('admin@local:opsdeck-demo').toString('base64')}`,
};

let server: RunningServer;
let attacker: Server;
let attackerOrigin: string;
let browser: Browser;
let signedIn: BrowserContext;
let incidentId: string;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The attacker's pages: a form that submits itself on load, and a page that frames the console. */
function attackerPage(path: string, target: string): string {
  const [kind, tag] = path.slice(1).split('/');
  if (kind === 'frame')
    return `<!doctype html><title>framer</title><iframe id="victim" src="${target}/" onload="window.framed = true"></iframe>`;
  const enctype = kind === 'text' ? 'text/plain' : 'application/x-www-form-urlencoded';
  // A text/plain form sends `name=value`: with these halves the body is the JSON of a comment.
  const name = `{"incident_id":"${incidentId}","comment":"${tag}","external_id":"`;
  return `<!doctype html><title>attacker</title>
<form method="post" action="${target}/api/db/comments" enctype="${enctype}"><input name="${escapeHtml(name)}" value="&quot;}"></form>
<script>document.forms[0].submit()</script>`;
}

async function commentsTagged(tag: string): Promise<unknown[]> {
  const response = await fetch(
    `${server.url}/api/db/comments?select=id,comment&comment=eq.${tag}`,
    { headers: admin },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as unknown[];
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServerProcess({ consoleDir, checks: 3 }),
    chromium.launch(chromiumOptions),
  ]);
  attacker = createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(
      attackerPage(new URL(request.url ?? '/', 'http://127.0.0.1').pathname, server.url),
    );
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;

  const incidents = await fetch(`${server.url}/api/db/incidents?select=id&limit=1`, {
    headers: admin,
  });
  incidentId = ((await incidents.json()) as { id: string }[])[0]!.id;

  // Signed in as the admin through the Kratos browser flow; the context's requests share its cookies.
  signedIn = await browser.newContext();
  const flow = (await (
    await signedIn.request.get(`${server.url}/api/.ory/self-service/login/browser`, {
      headers: { Accept: 'application/json' },
    })
  ).json()) as {
    id: string;
    ui: { nodes: Array<{ attributes: { name?: string; value?: unknown } }> };
  };
  const csrfToken = flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes
    .value;
  const login = await signedIn.request.post(
    `${server.url}/api/.ory/self-service/login?flow=${flow.id}`,
    {
      headers: { Accept: 'application/json' },
      data: {
        method: 'password',
        identifier: 'admin@local',
        password: 'opsdeck-demo',
        csrf_token: csrfToken,
      },
    },
  );
  expect(login.status(), await login.text()).toBe(200);
  const cookies = await signedIn.cookies(server.url);
  expect(cookies.find((cookie) => cookie.name === 'ory_kratos_session')?.sameSite).toBe('Lax');
  expect((await signedIn.request.get(`${server.url}/api/auth/whoami`)).status()).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => attacker?.close(resolve));
  await server?.stop();
});

describe('a page of another origin against a signed-in admin, in Chromium', () => {
  for (const kind of ['text', 'urlencoded'] as const) {
    it(`#6 a ${kind === 'text' ? 'text/plain' : 'form-urlencoded'} form posted to /api/db/comments writes nothing`, async () => {
      const tag = `csrf-e2e-${kind}`;
      const page = await signedIn.newPage();
      const reply = page.waitForResponse((response) =>
        response.url().startsWith(`${server.url}/api/db/comments`),
      );
      await page.goto(`${attackerOrigin}/${kind}/${tag}`);
      const response = await reply;
      // The browser did send the session along (same site); the server refused the request itself.
      expect(response.request().headers()['origin']).toBe(attackerOrigin);
      expect(response.status(), server.log()).toBe(403);
      expect(await response.json()).toMatchObject({ message: expect.stringMatching(/cross-site/) });
      expect(await commentsTagged(tag)).toEqual([]);
      await page.close();
    });
  }

  it('#13 a page of another origin cannot frame the console', async () => {
    const page = await signedIn.newPage();
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('frame-ancestors')) refusals.push(message.text());
    });
    await page.goto(`${attackerOrigin}/frame`);
    await page.waitForFunction(() => (window as unknown as { framed?: boolean }).framed === true);
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    expect(frame).toBeDefined();
    // Chromium swaps a refused frame for its error page: the console's document never loads in it.
    expect(await frame!.content()).not.toContain(marker);
    expect(frame!.url()).not.toBe(`${server.url}/`);
    expect(refusals.join('\n')).toContain("frame-ancestors 'none'");
    // The same page opened directly is the console (the frame was refused, not broken).
    await page.goto(`${server.url}/`);
    expect(await page.content()).toContain(marker);
    await page.close();
  });
});
