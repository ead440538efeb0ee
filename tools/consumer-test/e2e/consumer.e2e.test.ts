import { healthTestIds } from '@opsdeck/features-health/testing';
import { topologyTestIds } from '@opsdeck/features-topology/testing';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumOptions,
  startServerProcess,
  type RunningServer,
} from '../../../scripts/e2e/serverProcess.ts';
import { undeclaredImports } from './declaredImports.ts';
import {
  packAll,
  publishedPackages,
  reactVariants,
  readmeExamples,
  run,
  subpathsOf,
  writeScratchApp,
  type PublishedPackage,
  type ReactVariant,
  type ReadmeExample,
} from './scratchApp.ts';

// CONSUMER_VARIANT=react19 runs one variant, for a quicker look while working on a package.
const variants = reactVariants().filter(
  (variant) => !process.env.CONSUMER_VARIANT || variant.name === process.env.CONSUMER_VARIANT,
);
const checks = 60;
let scratch: string;
let site: string;
let packages: PublishedPackage[];
let tarballs: string[];
let examples: ReadmeExample[];
let server: RunningServer;
let browser: Browser;
const started = Date.now();

/** Each step's time in the log, so the suite's cost stays visible. */
async function timed<T>(what: string, step: () => Promise<T>): Promise<T> {
  const start = Date.now();
  try {
    return await step();
  } finally {
    console.log(`consumer: ${what} took ${((Date.now() - start) / 1000).toFixed(1)} s`);
  }
}

beforeAll(async () => {
  // Outside the workspace: no pnpm-workspace.yaml, .npmrc or node_modules above the app.
  scratch = await mkdtemp(path.join(tmpdir(), 'opsdeck-consumer-'));
  site = path.join(scratch, 'site');
  await mkdir(path.join(scratch, 'tarballs'), { recursive: true });
  await mkdir(site);
  packages = await publishedPackages();
  examples = await readmeExamples(packages);
  // One server for both React variants: each build is a folder of the served directory. It starts
  // while the packages are packed.
  const serverStarted = startServerProcess({
    consoleDir: site,
    checks,
    args: ['--auth', 'disabled'],
  });
  serverStarted.catch(() => {});
  tarballs = await timed('pnpm pack', () => packAll(packages, path.join(scratch, 'tarballs')));
  // Both variants' apps install, type-check and build side by side from here (npm mostly waits on
  // the registry, tsc uses one core); each test below waits for its own step.
  for (const variant of variants) steps.set(variant.name, startSteps(variant));
  [server, browser] = await Promise.all([serverStarted, chromium.launch(chromiumOptions)]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
  console.log(`consumer: the whole suite took ${((Date.now() - started) / 1000).toFixed(0)} s`);
});

it('every published package has a README example and a tarball', () => {
  expect(packages.map((pkg) => pkg.name)).not.toContain('@opsdeck/testing');
  expect(packages.length).toBeGreaterThanOrEqual(10);
  for (const pkg of packages)
    expect(
      examples.filter((example) => example.pkg === pkg.name),
      `${pkg.name}'s README has no \`\`\`tsx example`,
    ).not.toHaveLength(0);
});

/** A page of the served build; its uncaught errors and console errors are collected. */
async function open(url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error')
      errors.push(`console error: ${message.text()} (${message.location().url})`);
  });
  await page.goto(url);
  return { page, errors };
}

/** One variant's app: installed, then type-checked and built (each a promise its test awaits). */
interface VariantSteps {
  install: Promise<void>;
  typecheck: Promise<void>;
  build: Promise<void>;
}
const steps = new Map<string, VariantSteps>();

/**
 * Starts a variant's steps: its app written and npm-installed, then tsc and vite build. A failed
 * step fails its test (and the steps after it, with the same error), not the run.
 */
function startSteps(variant: ReactVariant): VariantSteps {
  const app = path.join(scratch, variant.name);
  const install = (async () => {
    await writeScratchApp(app, variant, packages, tarballs, examples);
    // --strict-peer-deps: a peer range the app's React cannot meet fails instead of warning.
    await timed(`${variant.name} npm install`, () =>
      run(
        'npm',
        ['install', '--no-audit', '--no-fund', '--prefer-offline', '--strict-peer-deps'],
        app,
      ),
    );
  })();
  // The app's own tsc and vite from its node_modules/.bin, as `npx --no-install` would find them,
  // without starting npm for each.
  const bin = (name: string) => path.join(app, 'node_modules', '.bin', name);
  const typecheck = install.then(async () => {
    await timed(`${variant.name} tsc`, () => run(bin('tsc'), ['-p', '.'], app));
    await run(bin('tsc'), ['-p', 'tsconfig.lenient.json'], app);
  });
  const build = install.then(async () => {
    await timed(`${variant.name} vite build`, () =>
      run(
        bin('vite'),
        ['build', '--logLevel', 'warn', '--outDir', path.join(site, variant.name), '--emptyOutDir'],
        app,
      ),
    );
  });
  // Awaited by the tests; until then a rejection is not unhandled.
  for (const step of [install, typecheck, build]) step.catch(() => {});
  return { install, typecheck, build };
}

describe.each(variants)('a Vite app with $name', (variant) => {
  const app = () => path.join(scratch, variant.name);
  const step = (name: keyof VariantSteps) => steps.get(variant.name)![name];

  it('installs the tarballs with npm, every peer met', async () => {
    await step('install');
    const manifests = packages.map((pkg) => path.join(app(), 'node_modules', pkg.name));
    for (const dir of manifests)
      expect(await undeclaredImports(dir), `${dir} imports what it does not declare`).toEqual([]);
  });

  it('type-checks strictly, without skipLibCheck, every subpath and README example', async () => {
    await step('typecheck');
  });

  it('builds with vite', async () => {
    await step('build');
  });

  it('renders the health page from the server with no page error', async () => {
    const { page, errors } = await open(`${server.url}/${variant.name}/index.html`);
    await page.getByTestId(healthTestIds.page.row).first().waitFor();
    expect(await page.getByTestId(healthTestIds.page.count).textContent()).toMatch(
      new RegExp(`of ${checks} checks$`),
    );
    expect(errors.join('\n')).toBe('');
    await page.close();
  });

  it('renders the topology dashboard, and every subpath and README module loads', async () => {
    const { page, errors } = await open(`${server.url}/${variant.name}/index.html#/topology`);
    await page.getByTestId(topologyTestIds.card).first().waitFor();
    const loaded = await page.evaluate(() => window.loadEveryModule());
    const subpaths = subpathsOf(packages);
    expect(loaded).toEqual(
      expect.arrayContaining([
        ...subpaths,
        ...examples.map((example) => `./readme/${example.file}`),
      ]),
    );
    expect(errors.join('\n')).toBe('');
    await page.close();
  });
});

declare global {
  interface Window {
    loadEveryModule: () => Promise<string[]>;
  }
}
