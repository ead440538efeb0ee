// Makes the package layering of shared/STYLE.md a lint error instead of a convention:
// a feature package never imports another feature package, nobody reaches into another
// package's src/ by path, and the test helpers of @opsdeck/testing stay out of shipped code.
import path from 'node:path';

const SCOPE = '@opsdeck/';

/** The workspace package ("packages/ui", "apps/console") a file belongs to, or null. */
export function packageDirOf(filename) {
  const normalized = filename.split(path.sep).join('/');
  const match = /(?:^|\/)((?:packages|apps)\/[^/]+)\//.exec(normalized);
  return match
    ? { dir: match[1], root: normalized.slice(0, match.index + (match[0].startsWith('/') ? 1 : 0)) }
    : null;
}

const TESTING = `${SCOPE}testing`;

/** Tests, their helpers and browser suites: the only files that may use @opsdeck/testing. */
export function isTestFile(filename) {
  const normalized = filename.split(path.sep).join('/');
  return /\.test(?:\.helper)?\.tsx?$/.test(normalized) || /(?:^|\/)e2e\//.test(normalized);
}

function featureName(dir) {
  const name = dir.split('/')[1];
  return dir.startsWith('packages/') && name.startsWith('features-') ? name : null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const layering = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Enforce the Opsdeck package layering (features stay apart, no deep src imports)',
    },
    schema: [],
    messages: {
      featureToFeature:
        "{{from}} may not import {{to}}: features never import each other (only another feature's `/slots` entry). Move what they share into a shared package, or compose them in an app.",
      deepSrc: 'Import {{pkg}} through its exports map, not its src/ folder.',
      crossPackagePath:
        'Import {{pkg}} by its package name, not by a relative path into its folder.',
      testingInSource:
        '@opsdeck/testing is for tests only (*.test.ts[x], *.test.helper.ts[x], e2e/): it starts servers and reads fixtures from disk, which shipped code must not.',
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const own = packageDirOf(filename);
    const ownFeature = own ? featureName(own.dir) : null;
    const mayUseTesting = isTestFile(filename) || own?.dir === 'packages/testing';

    function check(node, source) {
      if (typeof source !== 'string') return;
      if (source.startsWith(SCOPE)) {
        const [, name, ...rest] = source.split('/');
        if (rest[0] === 'src') {
          context.report({ node, messageId: 'deepSrc', data: { pkg: `${SCOPE}${name}` } });
          return;
        }
        if (`${SCOPE}${name}` === TESTING && !mayUseTesting) {
          context.report({ node, messageId: 'testingInSource' });
          return;
        }
        // A feature's `/slots` entry (slot ids, the types of their props, the search its links
        // take) is the one part of it other features may import: it carries no page code.
        const slotsEntry = rest.length === 1 && rest[0] === 'slots';
        if (ownFeature && name.startsWith('features-') && name !== ownFeature && !slotsEntry) {
          context.report({
            node,
            messageId: 'featureToFeature',
            data: { from: `${SCOPE}${ownFeature}`, to: `${SCOPE}${name}` },
          });
        }
        return;
      }
      if (source.startsWith('.') && own) {
        const target = path.posix.normalize(
          path.posix.join(path.posix.dirname(filename.split(path.sep).join('/')), source),
        );
        const targetPkg = packageDirOf(target + '/');
        if (targetPkg && targetPkg.dir !== own.dir) {
          context.report({
            node,
            messageId: 'crossPackagePath',
            data: { pkg: `${SCOPE}${targetPkg.dir.split('/')[1]}` },
          });
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
