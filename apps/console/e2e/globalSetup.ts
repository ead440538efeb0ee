// One server (the demo seed made once) and one Chromium for every journey file: starting them per
// file was a fifth of the suite. Files run one at a time (fileParallelism: false), and a journey
// that writes either puts back what it changed (the feature switch) or writes what no other file
// asserts on (a new person, an incident, a playbook run, commander@local's second factor).
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumOptions, startServer } from './serverProcess.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared apps/server serving the built console (demo data, sign-in). */
    consoleServerUrl: string;
    /** The shared Chromium's Playwright endpoint, for chromium.connect(). */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const [server, browser] = await Promise.all([
    startServer(),
    chromium.launchServer(chromiumOptions),
  ]);
  project.provide('consoleServerUrl', server.url);
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.stop();
  };
}
