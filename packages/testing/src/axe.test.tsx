// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations, expectNoAxeViolations } from './axe.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('expectNoAxeViolations', () => {
  it('passes an accessible fragment', async () => {
    document.body.innerHTML = '<main><h1>Health</h1><button type="button">Run now</button></main>';
    await expect(expectNoAxeViolations(document.body)).resolves.toBeUndefined();
  });

  it('fails listing rule id, help and target of each violation', async () => {
    document.body.innerHTML =
      '<main><button id="run"></button><img src="x.png" class="logo"></main>';
    const failure = await expectNoAxeViolations().then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(failure?.message).toMatch(/^axe found 2 violation\(s\) on 2 node\(s\):/);
    expect(failure?.message).toContain(
      'button-name (critical): Buttons must have discernible text',
    );
    expect(failure?.message).toContain('#run');
    expect(failure?.message).toContain('image-alt (critical): Images must have alternative text');
    expect(failure?.message).toMatch(/^ {4}img$/m);
  });

  it('checks only the given container', async () => {
    document.body.innerHTML =
      '<div id="ok"><button>Save</button></div><div><button></button></div>';
    await expect(expectNoAxeViolations(document.getElementById('ok')!)).resolves.toBeUndefined();
  });

  it('runs WCAG 2.1 A/AA by default and every default rule with tags: all', async () => {
    // Content outside a landmark breaks a best practice (region), not a WCAG success criterion.
    document.body.innerHTML = '<div><p>Outside any landmark</p></div>';
    expect(await axeViolations(document.body)).toEqual([]);
    expect(
      (await axeViolations(document.body, { tags: 'all' })).map((violation) => violation.id),
    ).toContain('region');
    expect(
      await axeViolations(document.body, { tags: 'all', rules: { region: { enabled: false } } }),
    ).toEqual([]);
  });
});
