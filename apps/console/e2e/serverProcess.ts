import { fileURLToPath } from 'node:url';
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
