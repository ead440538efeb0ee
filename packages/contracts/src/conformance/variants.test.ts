import { describe, expect, it } from 'vitest';
import { playbookContract } from '../playbook/index.ts';
import { specVariants } from './index.ts';

describe('spec variants for conformance tests', () => {
  const spec = {
    title: 'T',
    parameters: [{ name: 'p' }],
    actions: [{ name: 'a', exec: { script: 'echo' } }],
  };
  const variants = specVariants(spec);
  const byLabel = new Map(variants.map((variant) => [variant.label, variant.spec]));

  it('changes one thing each, leaving the original alone', () => {
    expect(byLabel.get('drop actions[0].exec')).toEqual({ ...spec, actions: [{ name: 'a' }] });
    expect(byLabel.get('title: wrong type')).toEqual({ ...spec, title: 42 });
    expect(byLabel.get('actions: duplicate name')).toEqual({
      ...spec,
      actions: [spec.actions[0], spec.actions[0]],
    });
    expect(spec.actions).toEqual([{ name: 'a', exec: { script: 'echo' } }]);
  });

  it('includes variants a contract refuses and ones it accepts', () => {
    const verdicts = variants.map((variant) => playbookContract.validate(variant.spec).ok);
    expect(verdicts).toContain(true);
    expect(verdicts).toContain(false);
    expect(playbookContract.validate(byLabel.get('drop actions'))).toMatchObject({
      ok: false,
      issues: [{ path: 'actions' }],
    });
  });
});
