import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { authenticator } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthTestIds } from '@opsdeck/features-health/testing';
import { topologyTestIds } from '@opsdeck/features-topology/testing';
import { testIds } from '../src/testIds.ts';
import { axeViolations } from './pageChecks.ts';
import { sharedBrowser, sharedServerUrl } from './serverProcess.ts';

const password = 'opsdeck-demo';

const server = { url: sharedServerUrl() };
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await sharedBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh browser profile (own cookies and storage) per person. */
async function newPage(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1400, height: 900 },
  });
  contexts.push(context);
  return context.newPage();
}

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

async function fillSignIn(page: Page, email: string, secret: string) {
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signIn(page: Page, email: string, then = '/'): Promise<void> {
  await page.goto(`/login?return_to=${encodeURIComponent(then)}`);
  await fillSignIn(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.getByTestId(testIds.userMenu.trigger).waitFor();
}

const sidebarLinks = (page: Page) =>
  page
    .getByTestId(testIds.sidebar.root)
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link');

describe('console in Chromium against apps/server', () => {
  it('sends a signed-out visit to login and back to the page after signing in (return_to)', async () => {
    const page = await newPage();
    await page.goto('/health?search=dns');
    await page.waitForURL('**/login?return_to=*');
    expect(pathOf(page)).toBe('/login?return_to=%2Fhealth%3Fsearch%3Ddns');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Sign In to your account');
    await page.getByLabel('E-Mail').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await fillSignIn(page, 'admin@local', password);
    await page.waitForURL('**/health?search=dns');
    await page.getByTestId('health-row').first().waitFor();
    expect(await sidebarLinks(page).allTextContents()).toEqual([
      'Dashboard',
      'Health',
      'Incidents',
      'Catalog',
      'Logs',
      'Playbooks',
    ]);
  });

  it('says what is wrong with a wrong password', async () => {
    const page = await newPage();
    await page.goto('/login');
    await fillSignIn(page, 'editor@local', 'not-the-password');
    await page.getByText('The provided credentials are invalid').waitFor();
    expect(pathOf(page)).toMatch(/^\/login/);
  });

  it('renders the verification and error pages without axe violations', async () => {
    const page = await newPage();
    await page.goto('/verification');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Verify your account');
    await page.getByRole('button').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/error?error_code=BAD_SESSION');
    await page.getByRole('heading', { name: /^Bad Session\./ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('registers a new account and signs it in', async () => {
    const page = await newPage();
    await page.goto('/registration');
    await page.getByLabel('E-Mail').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('E-Mail').fill(`grace.${Date.now()}@example.org`);
    await page.getByLabel('Password', { exact: true }).fill('a-long-enough-secret-42');
    await page.getByLabel('First Name').fill('Grace');
    await page.getByLabel('Last Name').fill('Hopper');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL((url) => url.pathname !== '/registration');
    await page.getByTestId(testIds.userMenu.trigger).waitFor();
    expect(await page.getByTestId(testIds.userMenu.trigger).textContent()).toContain(
      'Grace Hopper',
    );
  });

  it('recovers an account with the code from the outbox', async () => {
    const page = await newPage();
    await page.goto('/recovery');
    await page.getByLabel('Email').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Email').fill('commander@local');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Recovery code').waitFor();
    // The outbox holds sign-in codes, so only an admin reads it (the operator's console log has them too).
    const asAdmin = {
      Authorization: `Basic ${Buffer.from(`admin@local:${password}`).toString('base64')}`,
    };
    const outbox = (await (
      await page.request.get('/api/dev/outbox', { headers: asAdmin })
    ).json()) as Array<{ recipient: string; code: string | null }>;
    const code = outbox.find((entry) => entry.recipient === 'commander@local' && entry.code)?.code;
    expect(code).toBeTruthy();
    await page.getByLabel('Recovery code').fill(code!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/profile-settings?flow=*');
    await page.getByText('You successfully recovered your account').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  // commander@local: no other journey file signs in as them, so the factor set here (on the server
  // every file shares) asks nobody else for a code.
  it('sets up a TOTP second factor, signs out, and needs the code to sign in again', async () => {
    const page = await newPage();
    await signIn(page, 'commander@local');
    await page.goto('/profile-settings');
    await page.waitForURL('**/profile-settings?flow=*');
    const card = page.getByRole('region', { name: 'Manage 2FA TOTP Authenticator App' });
    await card.getByLabel('Verify code').waitFor();
    const flowId = new URL(page.url()).searchParams.get('flow');
    const flow = (await (
      await page.request.get(`/api/.ory/self-service/settings/flows?id=${flowId}`)
    ).json()) as {
      ui: { nodes: Array<{ attributes: { id?: string; text?: { text: string } } }> };
    };
    const secret = flow.ui.nodes.find((node) => node.attributes.id === 'totp_secret_key')
      ?.attributes.text?.text;
    expect(secret).toBeTruthy();
    await card.getByLabel('Verify code').fill(authenticator.generate(secret!));
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByRole('button', { name: 'Unlink TOTP Authenticator App' }).waitFor();

    await page.goto('/health');
    await page.getByTestId(testIds.userMenu.trigger).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login?return_to=*');
    expect(pathOf(page)).toBe('/login?return_to=%2Fhealth');

    await fillSignIn(page, 'commander@local', password);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Two-Factor Authentication');
    // The enrolment spent this 30 s step's code (no replay): sign in with the next step's, which the
    // server's one-step window accepts.
    await page
      .getByLabel('Authentication code')
      .fill(authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret!));
    await page.getByRole('button', { name: 'Use Authenticator' }).click();
    await page.waitForURL('**/health');
    await page.getByTestId('health-row').first().waitFor();
  });

  it('signs out to login, after which the console asks to sign in again', async () => {
    const page = await newPage();
    await signIn(page, 'editor@local', '/topology');
    await page.getByTestId(testIds.userMenu.trigger).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login?return_to=*');
    await page.goto('/health');
    await page.waitForURL('**/login?return_to=%2Fhealth');
  });

  it('gates by role: admin vs viewer vs guest', async () => {
    const admin = await newPage();
    await signIn(admin, 'admin@local', '/settings/organization-profile');
    await admin.getByRole('heading', { name: 'Settings is not available yet' }).waitFor();
    expect(await sidebarLinks(admin).allTextContents()).toEqual([
      'Dashboard',
      'Health',
      'Incidents',
      'Catalog',
      'Logs',
      'Playbooks',
    ]);

    const viewer = await newPage();
    await signIn(viewer, 'viewer@local', '/settings/organization-profile');
    await viewer.getByRole('heading', { name: 'Unauthorized' }).waitFor();
    await viewer.getByText('You do not have permission to access this page').waitFor();
    // No Logs: its page needs logs:read, which only admins have by default.
    expect(await sidebarLinks(viewer).allTextContents()).toEqual([
      'Dashboard',
      'Health',
      'Incidents',
      'Catalog',
      'Playbooks',
    ]);
    expect(await viewer.getByRole('button', { name: 'Settings' }).count()).toBe(0);

    const guest = await newPage();
    await signIn(guest, 'guest@local', '/health');
    await guest.getByRole('heading', { name: 'Unauthorized' }).waitFor();
    expect(await sidebarLinks(guest).count()).toBe(0);
  });

  it('hides a feature an admin switches off with its property, and shows it again', async () => {
    const page = await newPage();
    await signIn(page, 'admin@local', '/health');
    const setHealthDisabled = (value: string) =>
      page.request.post('/api/db/properties', {
        data: { name: 'health.disable', value },
        headers: { Prefer: 'resolution=merge-duplicates,return=minimal' },
      });
    expect((await setHealthDisabled('true')).status()).toBeLessThan(300);
    await page.reload();
    await page.getByRole('heading', { name: 'Health is turned off' }).waitFor();
    expect(await sidebarLinks(page).allTextContents()).toEqual([
      'Dashboard',
      'Incidents',
      'Catalog',
      'Logs',
      'Playbooks',
    ]);
    expect((await setHealthDisabled('false')).status()).toBeLessThan(300);
    await page.reload();
    await page.getByTestId('health-row').first().waitFor();
    expect(await sidebarLinks(page).allTextContents()).toEqual([
      'Dashboard',
      'Health',
      'Incidents',
      'Catalog',
      'Logs',
      'Playbooks',
    ]);
  });

  it('keeps the sidebar collapsed across reloads', async () => {
    const page = await newPage();
    await signIn(page, 'viewer@local', '/health');
    const sidebar = page.getByTestId(testIds.sidebar.root);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    const width = () => sidebar.evaluate((element) => element.getBoundingClientRect().width);
    expect(await sidebar.getAttribute('data-collapsed')).toBe('true');
    // The width animates; poll until it settles.
    await expect.poll(width).toBe(56);
    await page.reload();
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    await expect.poll(width).toBe(56);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(width).toBe(224);
  });

  it('offers the kubeconfig from the user menu, with versions, and the shell passes axe', async () => {
    const page = await newPage();
    await signIn(page, 'admin@local', '/health');
    await page.getByTestId('health-row').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Keyboard: the first Tab reaches the skip link, which moves focus past the sidebar to the page.
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await page.getByTestId(testIds.userMenu.trigger).click();
    await page.getByText('Hi Admin').waitFor();
    await expect
      .poll(() => page.getByTestId(testIds.userMenu.versions).textContent())
      .toMatch(/^Frontendv1\.0\.836Backendv\d+\.\d+\.\d+$/);
    await page.getByRole('button', { name: 'Download kubeconfig' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download and install kubeconfig' });
    await dialog.waitFor();
    expect(await dialog.getByText(/kubectl .*get canaries/).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    // The download opens in a new window (spec §7); the kubeconfig is what that window asks for.
    // The window closes as soon as the browser has the attachment, so listen for the response
    // itself rather than asking the request for it afterwards.
    const [reply] = await Promise.all([
      page
        .context()
        .waitForEvent(
          'response',
          (candidate) => new URL(candidate.url()).pathname === '/api/kubeconfig',
        ),
      dialog.getByTestId(testIds.kubeconfig.download).click(),
    ]);
    expect(reply.status()).toBe(200);
    expect(reply.headers()['content-disposition']).toContain('kubeconfig');
  });

  describe('health inside the console', () => {
    const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
    const rowCount = (page: Page) => page.getByTestId(healthTestIds.page.count).textContent();
    const firstCheck = (page: Page) =>
      page.getByTestId(healthTestIds.page.row).first().locator('[role=rowheader] button');

    it('lets an admin filter by URL, reload the same view, open a check and run it, without axe violations', async () => {
      const page = await newPage();
      await signIn(page, 'admin@local', '/health');
      await page.getByTestId(healthTestIds.page.row).first().waitFor();
      expect(await rowCount(page)).toMatch(/^\d+ of 300 checks$/);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('switch', { name: 'Hide Passing' }).click();
      await expect.poll(() => param(page, 'hidePassing')).toBe('false');
      await expect.poll(() => rowCount(page)).toBe('300 of 300 checks');
      await page.getByPlaceholder('Search by name, description, or endpoint').fill('dns');
      await expect.poll(() => param(page, 'search')).toBe('dns');
      await page.getByRole('combobox', { name: 'Group By' }).click();
      await page.getByRole('option', { name: 'Type' }).click();
      await expect.poll(() => param(page, 'groupBy')).toBe('type');
      await page.getByRole('tab').nth(1).click();
      await expect.poll(() => param(page, 'tab')).not.toBeNull();
      await page.getByTestId(healthTestIds.page.row).first().waitFor();
      const names = await page
        .getByTestId(healthTestIds.page.row)
        .locator('[role=rowheader] button')
        .allTextContents();
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((name) => name.toLowerCase().includes('dns'))).toBe(true);

      // The whole view lives in the URL: a reload (inside the shell, still signed in) shows it again.
      const url = page.url();
      const count = await rowCount(page);
      await page.reload();
      await page.getByTestId(healthTestIds.page.row).first().waitFor();
      expect(page.url()).toBe(url);
      expect(await rowCount(page)).toBe(count);
      expect(
        await page.getByPlaceholder('Search by name, description, or endpoint').inputValue(),
      ).toBe('dns');

      await firstCheck(page).click();
      const modal = page.getByTestId(healthTestIds.modal.root);
      await modal.waitFor();
      expect(param(page, 'checkId')).not.toBeNull();
      await modal.getByTestId(healthTestIds.modal.stats).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      // The run itself must answer: 'Run failed' (the request failing) is not a check result.
      const answered = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && response.url().includes('/canary/run/check/'),
      );
      // Handled at once: when the click fails, the wait must not reject later with nobody
      // listening (an unhandled rejection outliving the test). Awaited below.
      answered.catch(() => undefined);
      await modal.getByTestId(healthTestIds.modal.runNow).click();
      const reply = await answered;
      expect(reply.status()).toBe(200);
      const run = (await reply.json()) as { pass: boolean; error: string; message: string };
      const result = modal.getByTestId(healthTestIds.modal.runResult);
      await result.waitFor({ timeout: 30_000 });
      const shown = await result.textContent();
      expect(shown).toMatch(run.pass ? /^Passed\b/ : /^Failed\b/);
      expect(shown).toContain(run.error || run.message);
    });

    it('gives a viewer the check modal without Run Now', async () => {
      const page = await newPage();
      await signIn(page, 'viewer@local', '/health?hidePassing=false&groupBy=none');
      await firstCheck(page).click();
      const modal = page.getByTestId(healthTestIds.modal.root);
      await modal.getByTestId(healthTestIds.modal.stats).waitFor();
      expect(param(page, 'checkId')).not.toBeNull();
      expect(await modal.getByTestId(healthTestIds.modal.runNow).count()).toBe(0);
    });
  });
  describe('the topology inside the console', () => {
    const cards = (page: Page) => page.getByTestId(topologyTestIds.card);
    const cardNames = (page: Page) => cards(page).locator('[data-card-link]').allTextContents();
    const openCard = (page: Page, name: string) =>
      cards(page).locator('[data-card-link]').getByText(name, { exact: true }).click();

    it('lands on /topology, filters by type through the URL, opens a component and its check', async () => {
      const page = await newPage();
      await signIn(page, 'admin@local', '/');
      await page.waitForURL('**/topology');
      await cards(page).first().waitFor();
      expect((await cardNames(page)).sort()).toEqual([
        'Opsdeck server',
        'demo-account',
        'demo-cluster',
        'payments',
      ]);
      expect(await axeViolations(page)).toEqual([]);

      // A type filter flattens the tree: every namespace of the cluster is a card.
      await page.getByRole('button', { name: /^Type/ }).click();
      await page.getByRole('button', { name: 'Include KubernetesNamespace' }).click();
      await page.keyboard.press('Escape');
      await expect.poll(async () => (await cardNames(page)).length).toBe(8);
      expect(new URL(page.url()).searchParams.get('type')).toBe('KubernetesNamespace:1');
      const url = page.url();
      await page.reload();
      await cards(page).first().waitFor();
      expect(page.url()).toBe(url);
      expect(await cardNames(page)).toContain('payments');
      expect(await cardNames(page)).toHaveLength(8);

      // The payments service: its parts as cards, its details beside them.
      await page.goto('/topology');
      await cards(page).first().waitFor();
      await openCard(page, 'payments');
      await page.waitForURL(/\/topology\/[0-9a-f-]{36}$/);
      await page.getByTestId(topologyTestIds.component.root).waitFor();
      await expect
        .poll(async () => (await cardNames(page)).sort())
        .toEqual(['card-gateway', 'ledger', 'payments-api', 'payments-db', 'payments-worker']);
      expect(await axeViolations(page)).toEqual([]);

      // payments-api's checks open the health check modal.
      await openCard(page, 'payments-api');
      const panel = page.getByTestId(topologyTestIds.component.panel);
      const checks = panel.getByRole('region', { name: 'Checks' });
      await checks.getByRole('link').first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await checks.getByRole('link').first().click();
      await page.waitForURL('**/health?checkId=*');
      const modal = page.getByTestId(healthTestIds.modal.root);
      await modal.getByTestId(healthTestIds.modal.stats).waitFor();
    });

    it("lists what a component's configs changed, each change leading to its config's changes", async () => {
      const page = await newPage();
      await signIn(page, 'viewer@local', '/topology');
      await cards(page).first().waitFor();
      // A demo component whose linked configs have changes, found the way the panel reads them.
      const componentId = await page.evaluate(async () => {
        const read = async (path: string) => (await fetch(`/api/db/${path}`)).json();
        const links: Array<{ component_id: string }> = await read(
          'config_component_relationships?select=component_id&order=component_id',
        );
        for (const { component_id: id } of links) {
          if ((await read(`rpc/lookup_changes_by_component?id=${id}&limit=1`)).length > 0)
            return id;
        }
        return null;
      });
      expect(componentId).not.toBeNull();
      await page.goto(`/topology/${componentId}`);
      const changes = page
        .getByTestId(topologyTestIds.component.panel)
        .getByRole('region', { name: 'Config changes' });
      const first = changes.getByRole('link').first();
      await first.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await first.click();
      await page.waitForURL(/\/catalog\/[0-9a-f-]{36}\/changes$/);
      await page.getByRole('table').first().waitFor();
    });

    it('draws /view/topology/{id} for a signed-in viewer without the shell', async () => {
      const page = await newPage();
      await signIn(page, 'viewer@local', '/topology');
      await cards(page).first().waitFor();
      const href = await cards(page)
        .locator('[data-card-link]')
        .getByText('demo-cluster', { exact: true })
        .getAttribute('href');
      const id = href!.split('/').pop()!;
      await page.goto(`/view/topology/${id}`);
      const view = page.getByTestId(topologyTestIds.view);
      await view.waitFor();
      await view.getByTestId(topologyTestIds.card).waitFor();
      expect(await view.locator('[data-card-link]').first().textContent()).toBe('demo-cluster');
      expect(await page.getByTestId(testIds.sidebar.root).count()).toBe(0);
      expect(await page.getByTestId(testIds.userMenu.trigger).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});

/** A GET whose body is the bytes on the wire (fetch would decode them). */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

// The first visit's largest file is the entry chunk (~380 KB as built, 99 KB brotli, 115 KB gzip;
// the Ory SDK loads with the sign-in pages, issue 31): it goes out precompressed.
describe('the built console over the wire', () => {
  const BUDGET = { br: 105 * 1024, gzip: 122 * 1024 };

  it('sends the entry chunk compressed within its byte budget, and as it is to a client that takes no encoding', async () => {
    const index = await rawGet(`${server.url}/`);
    const entry = /<script[^>]*\bsrc="(\/assets\/[^"]+\.js)"/.exec(index.body.toString())?.[1];
    expect(entry).toBeDefined();
    const plain = await rawGet(`${server.url}${entry}`);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('Accept-Encoding');

    const br = await rawGet(`${server.url}${entry}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.byteLength).toBeLessThanOrEqual(BUDGET.br);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    const gzip = await rawGet(`${server.url}${entry}`, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.byteLength).toBeLessThanOrEqual(BUDGET.gzip);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);

    const again = await rawGet(`${server.url}${entry}`, {
      'Accept-Encoding': 'br',
      'If-None-Match': br.headers['etag'] as string,
    });
    expect(again.status).toBe(304);
  });
});
