import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
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
