// A `/slots` entry (a feature's src/slots.ts, the shell's slots in @opsdeck/extensions/shell) is
// what other features import to fill a host's slots and to link to it. It must stay ids and types:
// a value import there would load the host's pages, React or its data layer into every feature
// that names one of its slots.
import path from 'node:path';

/** Packages a slots entry may import values from: the slot and route-ref factories, and zod for search schemas. */
const VALUE_SOURCES = new Set(['@opsdeck/extensions', 'zod']);

/** Whether a file is a slots entry. */
export function isSlotsEntry(filename) {
  const normalized = filename.split(path.sep).join('/');
  return (
    (/(?:^|\/)packages\/features-[^/]+\/src\/slots\.ts$/.test(normalized) ||
      /(?:^|\/)packages\/extensions\/src\/shell\/[^/]+\.ts$/.test(normalized)) &&
    !/\.test(?:\.helper)?\.ts$/.test(normalized)
  );
}

/** Only `import type`, or every specifier marked `type`. */
function typeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return (
    specifiers.length > 0 &&
    specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type')
  );
}

/** @type {import('eslint').Rule.RuleModule} */
export const slotsEntry = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep slots entries to ids and types (no page code, no React)' },
    schema: [],
    messages: {
      valueImport:
        'A slots entry imports only types, plus values from @opsdeck/extensions and zod (and, in the shell entry, its own folder and the slot factories): "{{source}}" would load code into every feature that names this slot.',
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    if (!isSlotsEntry(filename)) return {};
    const inShell = /\/extensions\/src\/shell\//.test(filename.split(path.sep).join('/'));

    function check(node) {
      if (!node.source || typeof node.source.value !== 'string' || typeOnly(node)) return;
      const source = node.source.value;
      if (VALUE_SOURCES.has(source)) return;
      // The shell entry's files may use each other and the factories beside them (this package's
      // root entry, by path since a package does not import itself by name).
      if (inShell && /^(?:\.\/[^/]+|\.\.\/(?:slots|routeRefs|search))\.ts$/.test(source)) return;
      context.report({ node, messageId: 'valueImport', data: { source } });
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (node) =>
        context.report({ node, messageId: 'valueImport', data: { source: 'import()' } }),
    };
  },
};
