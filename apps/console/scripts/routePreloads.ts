import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseAst, type Plugin } from 'vite';

/**
 * Where the table goes: inside the build, under a dot directory the server reads and never serves.
 * apps/server's console handler (src/http/console.ts) reads it under the same name.
 */
const ROUTE_PRELOADS_FILE = '.opsdeck/route-preloads.json';

/** One page of the console: its path pattern (react-router's, `:id` segments) and the chunks it needs. */
interface RoutePreload {
  path: string;
  files: string[];
}

type Node = { type?: string; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The property `name` of an object expression, if written as `name: value`. */
function property(object: Node, name: string): Node | undefined {
  for (const entry of object.properties as Node[]) {
    const key = entry.key as Node | undefined;
    if (entry.type === 'Property' && key && (key.name === name || key.value === name))
      return entry.value as Node;
  }
  return undefined;
}

/** `() => import('./page.tsx')` (or a block returning it): the import's specifier. */
function importedBy(load: Node | undefined): string | undefined {
  if (!load || load.type !== 'ArrowFunctionExpression') return undefined;
  let found: string | undefined;
  const walk = (node: unknown) => {
    if (found || !isNode(node)) return;
    const source = node.source as Node | undefined;
    if (node.type === 'ImportExpression' && typeof source?.value === 'string') {
      found = source.value;
      return;
    }
    for (const value of Object.values(node))
      if (Array.isArray(value)) value.forEach(walk);
      else walk(value);
  };
  walk(load.body);
  return found;
}

/**
 * The routes a feature definition declares: every object with a string `path` and a `load` that
 * imports a module, its `children` (relative paths) joined under it.
 */
export function routesOf(ast: unknown): { path: string; specifier: string }[] {
  const found: { path: string; specifier: string }[] = [];
  const visit = (node: unknown, prefix: string) => {
    if (Array.isArray(node)) return node.forEach((item) => visit(item, prefix));
    if (!isNode(node)) return;
    if (node.type === 'ObjectExpression') {
      const path = property(node, 'path');
      const specifier = importedBy(property(node, 'load'));
      if (path?.type === 'Literal' && typeof path.value === 'string' && specifier) {
        const full = [prefix, path.value].filter(Boolean).join('/');
        found.push({ path: full, specifier });
        visit(property(node, 'children'), full);
        return;
      }
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'type') visit(value, prefix);
  };
  visit(ast, '');
  return found;
}

/**
 * Writes, per page path of the features' route tables, the chunks that page needs beyond the
 * entry's own (its lazy page chunk, what that imports, and the chunks the page imports lazily in
 * turn), so the server can name them as `<link rel=modulepreload>` in the index.html it serves for
 * that path: the browser fetches them while the entry loads instead of after it has run.
 */
export function routePreloads(): Plugin {
  const routes = new Map<string, string>();
  let outDir = 'dist';
  return {
    name: 'opsdeck:route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async transform(code, id) {
      if (!/[\\/]features-[^\\/]+[\\/]src[\\/]feature\.tsx?$/.test(id)) return null;
      for (const { path, specifier } of routesOf(parseAst(code))) {
        const resolved = await this.resolve(specifier, id);
        if (resolved) routes.set(path, resolved.id);
      }
      return null;
    },
    async writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const staticClosure = (start: string[], into = new Set<string>()) => {
        for (const name of start) {
          if (into.has(name)) continue;
          into.add(name);
          staticClosure(byName.get(name)?.imports ?? [], into);
        }
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      const inHtml = staticClosure(entry ? [entry.fileName] : []);
      const table: RoutePreload[] = [];
      for (const [path, moduleId] of routes) {
        const page = chunks.find((chunk) => chunk.facadeModuleId === moduleId);
        if (!page) continue;
        const needed = staticClosure([page.fileName]);
        for (const lazy of page.dynamicImports) staticClosure([lazy], needed);
        const files = [...needed].filter((name) => !inHtml.has(name));
        table.push({ path, files });
      }
      const file = join(options.dir ?? outDir, ROUTE_PRELOADS_FILE);
      await mkdir(join(file, '..'), { recursive: true });
      await writeFile(file, `${JSON.stringify(table, null, 1)}\n`);
    },
  };
}
