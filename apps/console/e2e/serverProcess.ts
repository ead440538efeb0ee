import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import {
  startServerProcess,
  type RunningServer,
  type ServerProcessOptions,
} from '../../../scripts/e2e/serverProcess.ts';

export { chromiumOptions, type RunningServer } from '../../../scripts/e2e/serverProcess.ts';

/** apps/server (built) on 127.0.0.1 with demo data and sign-in, serving the built console. */
export function startServer(
  options: Omit<ServerProcessOptions, 'consoleDir'> = {},
): Promise<RunningServer> {
  return startServerProcess({
    consoleDir: fileURLToPath(new URL('../dist', import.meta.url)),
    ...options,
  });
}

/** The suite's shared server's address (started once by e2e/globalSetup.ts). */
export function sharedServerUrl(): string {
  return inject('consoleServerUrl');
}

/** The shared server's --resources directory: a file written there is loaded at once. */
export function sharedResourcesDir(): string {
  return inject('consoleResourcesDir');
}

/**
 * The suite's shared Chromium (launched once by e2e/globalSetup.ts). Closing what this returns
 * closes the file's contexts and disconnects; the browser itself stays up for the next file.
 */
export function sharedBrowser(): Promise<Browser> {
  return chromium.connect(inject('chromiumEndpoint'));
}
