import axe from 'axe-core';

/** axe-core over the whole body (the modal is portalled); colour contrast needs layout jsdom lacks. */
export async function axeViolations(): Promise<string> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.html}`).join('\n')}`).join('\n');
}
