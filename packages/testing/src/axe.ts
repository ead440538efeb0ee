// One way to run axe-core in component tests, with a failure message that says what to fix.
import type { ElementContext, Result, RuleObject, RunOptions } from 'axe-core';

/** WCAG 2.1 A and AA: the rules the browser suites run and the console's accessibility bar. */
export const wcag21Tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

export interface AxeCheckOptions {
  /**
   * Rule tags to run (default WCAG 2.1 A/AA); `'all'` runs every rule axe enables by default,
   * best practices such as `region` and `heading-order` included.
   */
  tags?: readonly string[] | 'all';
  /** Per-rule switches on top of the tags, e.g. `{ 'landmark-one-main': { enabled: false } }`. */
  rules?: RuleObject;
}

/** Readable lines for a list of violations: rule id, help, and the selector of every node it hit. */
export function describeAxeViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const targets = violation.nodes
        .map((node) => `    ${node.target.map(String).join(' ')}`)
        .join('\n');
      return `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n  ${violation.helpUrl}\n${targets}`;
    })
    .join('\n');
}

/** The violations axe finds in `container` (default `document.body`, where portalled modals render too). */
export async function axeViolations(
  container: ElementContext = document.body,
  options: AxeCheckOptions = {},
): Promise<Result[]> {
  // Loaded on first use: node-environment tests import this package without a DOM.
  const { default: axe } = await import('axe-core');
  const runOptions: RunOptions = {
    // Only violations are read: axe then skips describing every node that passed (issue 31).
    resultTypes: ['violations'],
    ...(options.tags === 'all'
      ? {}
      : { runOnly: { type: 'tag', values: [...(options.tags ?? wcag21Tags)] } }),
    rules: {
      // jsdom does no layout or style cascade, so axe cannot compute contrast there; the browser
      // suites and the themes' own contrast checks cover it.
      'color-contrast': { enabled: false },
      ...options.rules,
    },
  };
  const results = await axe.run(container, runOptions);
  return results.violations;
}

/** Fails with one line per rule (id, help, targets) when axe finds anything in `container`. */
export async function expectNoAxeViolations(
  container: ElementContext = document.body,
  options: AxeCheckOptions = {},
): Promise<void> {
  const violations = await axeViolations(container, options);
  if (violations.length === 0) return;
  const nodes = violations.reduce((sum, violation) => sum + violation.nodes.length, 0);
  throw new Error(
    `axe found ${violations.length} violation(s) on ${nodes} node(s):\n${describeAxeViolations(violations)}`,
  );
}
