// @vitest-environment node
// The root entry is the one every app and feature loads first (the health embed has a 120 KB budget):
// what it reaches must not include the heavy libraries that live behind the subpaths. The walk follows
// every runtime import, dynamic ones included (a lazy chunk still ships), from the source files the
// package.json exports map names; type-only imports are erased and do not count.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { '@opsdeck/source': string }>;
};

function sourceOf(subpath: string): string {
  const entry = manifest.exports[subpath];
  if (!entry || typeof entry === 'string') throw new Error(`no source entry for ${subpath}`);
  return path.join(packageDir, entry['@opsdeck/source']);
}

function resolveRelative(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  const found = candidates.find(
    (candidate) =>
      /\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile(),
  );
  if (!found) throw new Error(`cannot resolve ${specifier} from ${from}`);
  return found;
}

const onlyTypes = (clause: ts.ImportClause | undefined): boolean =>
  !!clause &&
  (clause.isTypeOnly ||
    (!clause.name &&
      !!clause.namedBindings &&
      ts.isNamedImports(clause.namedBindings) &&
      clause.namedBindings.elements.every((element) => element.isTypeOnly)));

/** The runtime specifiers of one module: static imports, re-exports, side-effect and dynamic imports. */
function runtimeSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!onlyTypes(node.importClause)) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const typeOnly =
        node.isTypeOnly ||
        (!!node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Every package reached at run time from a subpath's entry, through ui's own modules. */
function packagesReachedFrom(subpath: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [sourceOf(subpath)];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeSpecifiers(file)) {
      if (specifier.startsWith('.')) queue.push(resolveRelative(file, specifier));
      else packages.add(packageName(specifier));
    }
  }
  return packages;
}

const heavy = (name: string) =>
  name === 'codemirror' ||
  name.startsWith('@codemirror/') ||
  name.startsWith('@lezer/') ||
  name === '@cfworker/json-schema' ||
  name === 'formik' ||
  name === 'yup' ||
  // The form rules (yup) and the catalogues live there since issue 32: a forms-only dependency.
  name === '@opsdeck/contracts' ||
  name === '@tanstack/react-table' ||
  name === '@tanstack/react-virtual';

describe('entry points', () => {
  it('keeps CodeMirror, formik, yup and TanStack Table out of the root entry', () => {
    const reached = [...packagesReachedFrom('.')];
    expect(reached.filter(heavy)).toEqual([]);
    // The walk does see the root's own dependencies, so an empty list above means something.
    expect(reached).toEqual(expect.arrayContaining(['react', 'styled-components', 'lucide-react']));
  });

  it('finds each heavy library behind its own subpath', () => {
    expect([...packagesReachedFrom('./code-editor')]).toEqual(
      expect.arrayContaining(['@codemirror/view', '@codemirror/state']),
    );
    // yup comes with the form rules from @opsdeck/contracts/form (issue 32); formik stays ui's own.
    expect([...packagesReachedFrom('./forms')]).toEqual(
      expect.arrayContaining(['formik', '@opsdeck/contracts']),
    );
    expect([...packagesReachedFrom('./data-table')]).toContain('@tanstack/react-table');
  });

  it('keeps the time range and testing entries free of them too', () => {
    expect([...packagesReachedFrom('./time-range')].filter(heavy)).toEqual([]);
    expect([...packagesReachedFrom('./testing')]).toEqual([]);
  });
});
