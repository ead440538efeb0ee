// One server (the demo seed made once) and one Chromium for every journey file: starting them per
// file was a fifth of the suite. Files run one at a time (fileParallelism: false), and a journey
// that writes either puts back what it changed (the feature switch) or writes what no other file
// asserts on (a new person, an incident, a playbook run, commander@local's second factor). The
// server watches an empty --resources directory, where a journey may put a resource file for the
// length of its file (settings: a canary from a file) and take it away again. Each demo role the
// journeys use signs in here once, through the form; a journey's page starts with that session's
// cookie instead of signing in again (a sign-in per page was a page load and a password hash).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Cookie } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumOptions, startServer } from './serverProcess.ts';
import { signInThroughForm } from './signIn.ts';

/** The demo people whose sessions the journeys share (commander@local signs in by itself). */
const sharedSessionEmails = ['admin@local', 'editor@local', 'responder@local', 'viewer@local'];

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared apps/server serving the built console (demo data, sign-in). */
    consoleServerUrl: string;
    /** The shared Chromium's Playwright endpoint, for chromium.connect(). */
    chromiumEndpoint: string;
    /** The shared server's --resources directory (it reloads what is written there). */
    consoleResourcesDir: string;
    /** A signed-in session's cookies on the shared server, by demo email. */
    consoleSessions: Record<string, Cookie[]>;
  }
}

export default async function setup(project: TestProject) {
  const resourcesDir = mkdtempSync(join(tmpdir(), 'opsdeck-e2e-resources-'));
  const [server, browser] = await Promise.all([
    // No page rendered on the server (--render-budget 0): whether one is depends on the machine's
    // load against its budget, and the journeys assert what the browser-rendered console requests.
    // serverRender.e2e.test.ts starts a server that always renders.
    startServer({ args: ['--resources', resourcesDir, '--render-budget', '0'] }),
    chromium.launchServer(chromiumOptions),
  ]);
  project.provide('consoleServerUrl', server.url);
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  project.provide('consoleResourcesDir', resourcesDir);
  const client = await chromium.connect(browser.wsEndpoint());
  try {
    const sessions = await Promise.all(
      sharedSessionEmails.map((email) => sessionCookies(client, server.url, email)),
    );
    project.provide(
      'consoleSessions',
      Object.fromEntries(sharedSessionEmails.map((email, i) => [email, sessions[i]!])),
    );
  } finally {
    await client.close();
  }
  return async () => {
    await browser.close();
    await server.stop();
    rmSync(resourcesDir, { recursive: true, force: true });
  };
}

/** `email` signed in through the form in a context of its own: the session's cookies. */
async function sessionCookies(browser: Browser, baseURL: string, email: string): Promise<Cookie[]> {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  try {
    await signInThroughForm(await context.newPage(), email, '/profile-settings');
    return await context.cookies();
  } finally {
    await context.close();
  }
}
