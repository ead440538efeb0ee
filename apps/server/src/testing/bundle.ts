import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { servicesRoot } from '../db/migrate.ts';

/**
 * Copies each service module's migrations beside a bundled CLI in `outDir`, where the build puts
 * them (dist/services/{name}/migrations), for tests that bundle the CLI themselves.
 */
export function copyServiceMigrations(outDir: string): void {
  const root = servicesRoot();
  for (const name of readdirSync(root)) {
    const migrations = join(root, name, 'migrations');
    if (existsSync(migrations))
      cpSync(migrations, join(outDir, 'services', name, 'migrations'), { recursive: true });
  }
}

const packageDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Bundles `entry` (a path under apps/server) with tsup into a new directory under
 * node_modules/.cache (so the bundle resolves the package's dependencies), the workspace packages
 * from their source as the server's build does; with `migrations`, each module's migrations beside
 * it, as a spawned CLI reads them. Returns the directory.
 */
export function bundleForTest(entry: string, prefix: string, migrations = true): string {
  mkdirSync(join(packageDir, 'node_modules/.cache'), { recursive: true });
  const outDir = mkdtempSync(join(packageDir, `node_modules/.cache/${prefix}-`));
  execFileSync(
    'npx',
    ['tsup', entry, '--config', 'tsup.test-bundle.config.ts', '--out-dir', outDir],
    { cwd: packageDir, stdio: 'ignore' },
  );
  if (migrations) copyServiceMigrations(outDir);
  return outDir;
}
