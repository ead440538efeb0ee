import { fileURLToPath } from 'node:url';
import { startServerProcess, type RunningServer } from '../../../scripts/e2e/serverProcess.ts';

export { chromiumOptions, type RunningServer } from '../../../scripts/e2e/serverProcess.ts';

/** apps/server (built) on 127.0.0.1 with demo data, serving the built embed as its console; no sign-in. */
export function startServer(checks: number): Promise<RunningServer> {
  return startServerProcess({
    consoleDir: fileURLToPath(new URL('../dist', import.meta.url)),
    checks,
    args: ['--auth', 'disabled'],
  });
}
