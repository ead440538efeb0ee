// One server (the demo seed made once) and one Chromium for every journey file: starting them per
// file was a fifth of the suite. Files run one at a time (fileParallelism: false), and a journey
// that writes either puts back what it changed (the feature switch) or writes what no other file
// asserts on (a new person, an incident, a playbook run, commander@local's second factor). The
// server watches an empty --resources directory, where a journey may put a resource file for the
// length of its file (settings: a canary from a file) and take it away again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumOptions, startServer } from './serverProcess.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared apps/server serving the built console (demo data, sign-in). */
    consoleServerUrl: string;
    /** The shared Chromium's Playwright endpoint, for chromium.connect(). */
    chromiumEndpoint: string;
    /** The shared server's --resources directory (it reloads what is written there). */
    consoleResourcesDir: string;
  }
}

export default async function setup(project: TestProject) {
  const resourcesDir = mkdtempSync(join(tmpdir(), 'opsdeck-e2e-resources-'));
  const [server, browser] = await Promise.all([
    startServer({ args: ['--resources', resourcesDir] }),
    chromium.launchServer(chromiumOptions),
  ]);
  project.provide('consoleServerUrl', server.url);
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  project.provide('consoleResourcesDir', resourcesDir);
  return async () => {
    await browser.close();
    await server.stop();
    rmSync(resourcesDir, { recursive: true, force: true });
  };
}
