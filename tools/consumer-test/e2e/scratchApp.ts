// What another team's app does with our packages, step by step: pnpm pack each published package,
// npm install the tarballs into a fresh Vite + React app outside the workspace, then tsc and vite
// build it. Nothing here reads a package's source; only what the tarballs hold.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../../', import.meta.url));
const template = fileURLToPath(new URL('../app/', import.meta.url));

export interface PublishedPackage {
  name: string;
  dir: string;
  manifest: {
    name: string;
    version: string;
    exports: Record<string, unknown>;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
}

/** Every package under packages/ that is not private (all but @opsdeck/testing). */
export async function publishedPackages(): Promise<PublishedPackage[]> {
  const packagesDir = path.join(root, 'packages');
  const found: PublishedPackage[] = [];
  for (const entry of (await readdir(packagesDir)).sort()) {
    const dir = path.join(packagesDir, entry);
    const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'));
    if (!manifest.private) found.push({ name: manifest.name, dir, manifest });
  }
  return found;
}

/**
 * Runs a command and resolves with its output; rejects with the output when it fails. pnpm's
 * npm_config_* variables are left out, so npm reads only its own defaults (and the user's cache).
 */
export function run(command: string, args: string[], cwd: string): Promise<string> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^npm_(config|package|lifecycle)_/i.test(key) && key !== 'NODE_OPTIONS',
    ),
  );
  return new Promise((resolve, reject) =>
    execFile(command, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const output = `${stdout}${stderr}`;
      if (error) reject(new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${output}`));
      else resolve(output);
    }),
  );
}

/**
 * `pnpm pack` of every package into `dest` (workspace: ranges become versions) in one recursive pnpm,
 * four at a time: a pnpm per package spent most of its time starting up (16 of them took 11 s of CPU,
 * one recursive pack 2 s). The tarball paths, in the packages' order.
 */
export async function packAll(packages: PublishedPackage[], dest: string): Promise<string[]> {
  const filters = packages.flatMap((pkg) => ['--filter', pkg.name]);
  await run(
    'pnpm',
    ['--recursive', ...filters, 'pack', '--pack-destination', dest, '--workspace-concurrency=4'],
    root,
  );
  return packages.map((pkg) =>
    path.join(dest, `${pkg.name.replace('@', '').replace('/', '-')}-${pkg.manifest.version}.tgz`),
  );
}

/** The version the workspace installs of `name`, as seen from `from` (a workspace folder). */
function workspaceVersion(name: string, from: string): string {
  const require = createRequire(path.join(root, from, 'package.json'));
  try {
    return (require(`${name}/package.json`) as { version: string }).version;
  } catch {
    // Not every exports map lists package.json: from the entry up to the package's folder.
  }
  for (let dir = path.dirname(require.resolve(name)); dir !== path.dirname(dir);) {
    const file = path.join(dir, 'package.json');
    const manifest = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
    if (manifest?.name === name) return manifest.version;
    dir = path.dirname(dir);
  }
  throw new Error(`${name} is not installed in ${from}`);
}

export interface ReactVariant {
  name: string;
  /** react, react-dom and their types. */
  react: Record<string, string>;
}

/** React 19 as the workspace tests it, and React 18 as every package's peers allow. */
export function reactVariants(): ReactVariant[] {
  const v = (name: string) => workspaceVersion(name, 'packages/ui');
  return [
    {
      name: 'react19',
      react: {
        react: v('react'),
        'react-dom': v('react-dom'),
        '@types/react': v('@types/react'),
        '@types/react-dom': v('@types/react-dom'),
      },
    },
    {
      name: 'react18',
      react: {
        react: '^18.3.1',
        'react-dom': '^18.3.1',
        '@types/react': '^18.3.0',
        '@types/react-dom': '^18.3.0',
      },
    },
  ];
}

/** The app's other dependencies, at the versions the workspace itself tests with. */
function appDependencies() {
  return {
    dependencies: {
      '@tanstack/react-query': workspaceVersion(
        '@tanstack/react-query',
        'packages/features-health',
      ),
      'react-router': workspaceVersion('react-router', 'packages/ui'),
      'styled-components': workspaceVersion('styled-components', 'packages/ui'),
      // The optional peers of @opsdeck/auth's ./kratos, ./react and ./hosted/react subpaths.
      '@ory/client-fetch': workspaceVersion('@ory/client-fetch', 'packages/auth'),
      '@clerk/react': workspaceVersion('@clerk/react', 'packages/auth'),
    },
    devDependencies: {
      typescript: workspaceVersion('typescript', '.'),
      vite: workspaceVersion('vite', '.'),
      '@vitejs/plugin-react': workspaceVersion('@vitejs/plugin-react', '.'),
      // styled-components' declarations name the NodeJS namespace (package READMEs say so).
      '@types/node': workspaceVersion('@types/node', '.'),
    },
  };
}

export interface ReadmeExample {
  /** The package whose README holds it. */
  pkg: string;
  /** Its file name in the app's src/readme/: the fence's name (```tsx health-app.tsx) or a made one. */
  file: string;
  code: string;
}

/**
 * Every ```ts and ```tsx block of each published package's README, as a module of its own. A block
 * marked `fragment` (```tsx fragment) is an excerpt and is left out; everything else must compile.
 */
export async function readmeExamples(packages: PublishedPackage[]): Promise<ReadmeExample[]> {
  const examples: ReadmeExample[] = [];
  for (const pkg of packages) {
    const readme = await readFile(path.join(pkg.dir, 'README.md'), 'utf8');
    const short = pkg.name.replace('@opsdeck/', '');
    let index = 0;
    for (const [, lang, info, code] of readme.matchAll(/^```(tsx?)([^\n]*)\n([\s\S]*?)^```$/gm)) {
      const words = info!.trim().split(/\s+/).filter(Boolean);
      if (words.includes('fragment')) continue;
      index += 1;
      const file = words.find((word) => /\.tsx?$/.test(word)) ?? `${short}-${index}.${lang}`;
      examples.push({ pkg: pkg.name, file, code: code! });
    }
  }
  return examples;
}

/**
 * Subpaths whose own dependencies' declarations do not compile without skipLibCheck: they are
 * type-checked with it (tsconfig.lenient.json), everything else without. The README says so.
 */
export const lenientSubpaths: Record<string, string> = {
  '@opsdeck/auth/hosted/react':
    "@clerk/react's declarations import modules Clerk leaves optional (@zxcvbn-ts/core, @stripe/stripe-js…)",
};

/**
 * Every subpath in every package's exports map that a consumer can resolve. An entry with only the
 * workspace's `@opsdeck/source` condition (a feature's `./testing/stand-in`, read by the server's
 * contract test) resolves nowhere outside the workspace, by design.
 */
export function subpathsOf(packages: PublishedPackage[]): string[] {
  return packages.flatMap((pkg) =>
    Object.entries(pkg.manifest.exports)
      .filter(([key]) => key !== './package.json')
      .filter(([, target]) => typeof target === 'string' || 'import' in (target as object))
      .map(([key]) => pkg.name + key.slice(1)),
  );
}

/** A module with a lazy import of each subpath. */
function subpathsModule(specifiers: string[]): string {
  const lines = specifiers.map((specifier) => `  '${specifier}': () => import('${specifier}'),`);
  return `export const subpaths: Record<string, () => Promise<unknown>> = {\n${lines.join('\n')}\n};\n`;
}

/** A fresh copy of app/ in `dir` depending on the tarballs, React as `variant` says. */
export async function writeScratchApp(
  dir: string,
  variant: ReactVariant,
  packages: PublishedPackage[],
  tarballs: string[],
  examples: ReadmeExample[],
): Promise<void> {
  await cp(template, dir, { recursive: true });
  const { dependencies, devDependencies } = appDependencies();
  const ours = Object.fromEntries(packages.map((pkg, i) => [pkg.name, `file:${tarballs[i]}`]));
  const { '@types/react': typesReact, '@types/react-dom': typesReactDom, ...react } = variant.react;
  const manifest = {
    name: `opsdeck-consumer-${variant.name}`,
    private: true,
    type: 'module',
    dependencies: { ...ours, ...react, ...dependencies },
    devDependencies: {
      ...devDependencies,
      '@types/react': typesReact,
      '@types/react-dom': typesReactDom,
    },
  };
  await writeFile(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await mkdir(path.join(dir, 'src/readme'), { recursive: true });
  for (const example of examples)
    await writeFile(path.join(dir, 'src/readme', example.file), example.code);
  const specifiers = subpathsOf(packages);
  await writeFile(
    path.join(dir, 'src/subpaths.ts'),
    subpathsModule(specifiers.filter((specifier) => !(specifier in lenientSubpaths))),
  );
  await mkdir(path.join(dir, 'src/lenient'), { recursive: true });
  await writeFile(
    path.join(dir, 'src/lenient/subpaths.ts'),
    subpathsModule(specifiers.filter((specifier) => specifier in lenientSubpaths)),
  );
}
