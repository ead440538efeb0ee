import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string;
  }
}

function postgresInstalled(): boolean {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return false;
  return readdirSync(root).some((version) => existsSync(`${root}/${version}/bin/initdb`));
}

// `pnpm test` covers both engines: start the throwaway Postgres when it is installed and nobody
// gave a URL. Without PostgreSQL the suites run on PGlite only.
export function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL ?? '';
  if (!url && postgresInstalled()) {
    const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
    try {
      const out = execFileSync('bash', ['scripts/test-postgres.sh', 'start'], { cwd: repoRoot, encoding: 'utf8' });
      url = /TEST_DATABASE_URL=(\S+)/.exec(out)?.[1] ?? '';
    } catch (error) {
      console.warn(`test Postgres did not start, running on PGlite only: ${(error as Error).message}`);
    }
  }
  if (url) process.env.TEST_DATABASE_URL = url;
  project.provide('testDatabaseUrl', url);
}
