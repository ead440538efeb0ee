// Keeps plain modules plain (issue 32 §1): a contract, a schema, a PostgREST grammar or a server
// module runs in Node without React, so it never imports react, react-dom, @tanstack/* or a
// package's ./react entry, nor (with `onlyOpsdeck`) a workspace entry outside the plain ones it
// lists. Type-only imports are erased and allowed. Which files are plain is eslint.config.js's
// business; the runtime proof is apps/server/src/noReact.test.ts.

const REACT_OR_QUERY =
  /^(react|react-dom|scheduler)(\/|$)|^@tanstack\/|^@opsdeck\/[^/]+\/react(\/|$)/;

/** @type {import('eslint').Rule.RuleModule} */
export const plainModule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Plain modules (contracts, schemas, the server) never load React or TanStack Query',
    },
    schema: [
      {
        type: 'object',
        properties: { onlyOpsdeck: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      react:
        '{{source}} loads React or TanStack Query, which a plain module must not: import the plain entry (schemas, calls, @opsdeck/contracts) instead.',
      notPlain:
        '{{source}} is not one of the plain entries this code may load ({{allowed}}): its query options would bring React along.',
    },
  },
  create(context) {
    const onlyOpsdeck = context.options[0]?.onlyOpsdeck;

    function check(node, source, typeOnly) {
      if (typeof source !== 'string' || typeOnly) return;
      if (REACT_OR_QUERY.test(source)) {
        context.report({ node, messageId: 'react', data: { source } });
        return;
      }
      if (onlyOpsdeck && source.startsWith('@opsdeck/') && !onlyOpsdeck.includes(source))
        context.report({
          node,
          messageId: 'notPlain',
          data: { source, allowed: onlyOpsdeck.join(', ') },
        });
    }

    return {
      ImportDeclaration: (node) =>
        check(
          node,
          node.source.value,
          node.importKind === 'type' ||
            (node.specifiers.length > 0 &&
              node.specifiers.every((specifier) => specifier.importKind === 'type')),
        ),
      ExportNamedDeclaration: (node) =>
        node.source && check(node, node.source.value, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
