// What a published package's files import must be something it declares: npm hoists everything
// into one node_modules, so an undeclared import can work in one app by luck and fail in the next.
import { builtinModules } from 'node:module';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

const builtins = new Set(builtinModules);

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`; undefined for relative and node: ones. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:'))
    return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return builtins.has(name) ? undefined : name;
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (/\.(js|d\.ts)$/.test(entry.name)) yield file;
  }
}

// Statements at the start of a line (import/export … from 'x', import 'x') and import('x') calls.
const importPatterns = [
  /^\s*(?:import|export)\s[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm,
  /^\s*import\s*['"]([^'"]+)['"]/gm,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/**
 * For an installed package folder: each `file: specifier` its dist imports that its manifest neither
 * names in dependencies nor peerDependencies (itself excepted).
 */
export async function undeclaredImports(packageDir: string): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8'));
  const declared = new Set([
    manifest.name,
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ]);
  const found = new Set<string>();
  for await (const file of filesUnder(path.join(packageDir, 'dist'))) {
    const text = await readFile(file, 'utf8');
    for (const [, specifier] of importPatterns.flatMap((pattern) => [...text.matchAll(pattern)])) {
      const name = packageOf(specifier!);
      if (name && !declared.has(name))
        found.add(`${path.relative(packageDir, file)}: ${specifier}`);
    }
  }
  return [...found].sort();
}
