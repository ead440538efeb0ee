import { createHash } from 'node:crypto';
import { relative } from 'node:path';
import type { Plugin } from 'vite';

/**
 * A styled component's definition in transformed code: `styled.div` or `styled(Button)` followed
 * by its template, `.attrs(` or a style object call (types are stripped by then).
 */
const DEFINITION = /\bstyled(?:\.[A-Za-z][\w]*|\([A-Za-z_$][\w$.]*\))(?=\s*(?:`|\.attrs\(|\())/g;

/**
 * `code` with each styled component given a `componentId` from `name` and its place in the module.
 * Without one, styled-components numbers components in the order modules evaluate, and a server
 * render (which evaluates every page) and the browser (which loads only the page it opens) would
 * give one component two class names, so hydration would not match.
 */
export function withStyledComponentIds(code: string, name: string): string {
  if (!code.includes('styled')) return code;
  const prefix = `o${createHash('sha1').update(name).digest('hex').slice(0, 8)}`;
  let index = 0;
  return code.replace(
    DEFINITION,
    (definition) => `${definition}.withConfig({ componentId: "${prefix}-${index++}" })`,
  );
}

/** The workspace's own modules (not node_modules), named by their path from `root`. */
export function styledComponentIds(root: string): Plugin {
  return {
    name: 'opsdeck:styled-component-ids',
    enforce: 'post',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (file.includes('/node_modules/') || !/\.[jt]sx?$/.test(file)) return null;
      const next = withStyledComponentIds(code, relative(root, file));
      return next === code ? null : { code: next, map: null };
    },
  };
}
